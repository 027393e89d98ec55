"""The console channel: prints each message (the default when no Slack or Twilio credentials are set)."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class Message:
    channel: str
    recipient: str
    text: str
    dedupe_key: str


@dataclass(frozen=True)
class DeliveryResult:
    provider_id: str
    ok: bool = True


class ConsoleChannel:
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def send(self, message: Message) -> DeliveryResult:
        print(f"[{message.channel} → {message.recipient}] {message.text}", file=self.stream, flush=True)
        return DeliveryResult(provider_id=f"console:{message.dedupe_key}")
