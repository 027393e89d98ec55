"""The console channel: prints each message (the default when no Slack or Twilio credentials are set).

It keeps a record of what it printed (one digest a line, appended and flushed to disk right after the
print), so reconciliation's "was this already sent?" is answered truly after a crash: a worker killed between
the print and its commit does not print the message twice.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import sys
from pathlib import Path
from typing import TextIO

from backend.channels.port import DeliveryResult, Message

__all__ = ["ConsoleChannel", "DeliveryResult", "Message"]


def _provider_id(message: Message) -> str:
    """A dedupe key may be longer than the provider-id column: name the delivery by its digest."""
    return "console:" + hashlib.sha256(message.dedupe_key.encode()).hexdigest()[:32]


def _digest(message: Message) -> str:
    """What the record holds: the dedupe key with whom it went to and what was said."""
    whole = "\x1f".join((message.town or "", message.channel, message.recipient, message.dedupe_key,
                         message.text))
    return hashlib.sha256(whole.encode()).hexdigest()[:32]


class ConsoleChannel:
    """Writes to a stream; `record` (a file) remembers each printed message's digest."""

    def __init__(self, stream: TextIO | None = None, record: Path | None = None) -> None:
        self.stream, self.record = stream, record

    def send(self, message: Message) -> DeliveryResult:
        print(f"[{message.channel} → {message.recipient}] {message.text}", file=self.stream or sys.stdout,
              flush=True)
        digest = _digest(message)
        if self.record is not None:
            self.record.parent.mkdir(parents=True, exist_ok=True)
            with self.record.open("a", encoding="ascii") as out:
                out.write(digest + "\n")
                out.flush()
                os.fsync(out.fileno())
        return DeliveryResult(provider_id=_provider_id(message))

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        if self.record is None or not self.record.exists():
            return None
        digest = _digest(message)
        with self.record.open(encoding="ascii", errors="replace") as lines:
            found = any(line.strip() == digest for line in lines)
        return _provider_id(message) if found else None

    def close(self) -> None:
        return None
