"""The console channel: prints each message (the default when no Slack or Twilio credentials are set)."""
from __future__ import annotations

import datetime as dt
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
        return DeliveryResult(provider_id=f"console:{message.dedupe_key}")

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        return None

    def close(self) -> None:
        return None
