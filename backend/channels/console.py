"""The console channel: prints each message (the default when no Slack or Twilio credentials are set)."""
from __future__ import annotations

import datetime as dt
import hashlib
import sys
from typing import TextIO

from backend.channels.port import DeliveryResult, Message

__all__ = ["ConsoleChannel", "DeliveryResult", "Message"]


class ConsoleChannel:
    """Writes to a stream; a print cannot half-happen, so `find_sent` never claims a delivery."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream

    def send(self, message: Message) -> DeliveryResult:
        print(f"[{message.channel} → {message.recipient}] {message.text}", file=self.stream or sys.stdout,
              flush=True)
        # A dedupe key may be longer than the provider-id column: name the delivery by its digest.
        digest = hashlib.sha256(message.dedupe_key.encode()).hexdigest()[:32]
        return DeliveryResult(provider_id=f"console:{digest}")

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        return None

    def close(self) -> None:
        return None
