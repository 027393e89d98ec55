"""Builds the delivery channels from Settings: Slack and SMS when credentials are set, else the console."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from backend.channels.console import ConsoleChannel
from backend.channels.port import ChannelPort
from backend.channels.slack import SlackChannel
from backend.channels.sms import STATUS_CALLBACK_PATH, TwilioSmsChannel
from backend.config import Settings

MAX_TIMEOUT_SECONDS = 120.0


@dataclass
class Channels:
    """Channel name (`Notification.channel`) -> adapter. Close it when the run ends (pooled connections)."""

    by_name: dict[str, ChannelPort]

    def get(self, name: str) -> ChannelPort | None:
        return self.by_name.get(name)

    def close(self) -> None:
        for adapter in {id(a): a for a in self.by_name.values()}.values():
            close = getattr(adapter, "close", None)
            if close is not None:
                close()


def channel_timeout(settings: Settings) -> float:
    """Every provider call has a finite timeout (CHANNEL_TIMEOUT_SECONDS, 0 < t <= 120)."""
    timeout = float(settings.channel_timeout_seconds)
    if not 0 < timeout <= MAX_TIMEOUT_SECONDS:
        raise ValueError(f"CHANNEL_TIMEOUT_SECONDS must be in (0, {MAX_TIMEOUT_SECONDS:g}], got {timeout!r}")
    return timeout


def build_channels(settings: Settings, stream: TextIO | None = None) -> Channels:
    timeout = channel_timeout(settings)
    console = ConsoleChannel(stream, Path(settings.console_record) if settings.console_record else None)
    slack: ChannelPort = console
    if settings.slack_client_id:  # each town's installed token (Add to Slack), read at send time
        from backend.slack.delivery import installed_token
        slack = SlackChannel(installed_token, base_url=settings.slack_api_url, timeout=timeout)
    elif settings.slack_bot_tokens:
        slack = SlackChannel(settings.slack_bot_tokens, base_url=settings.slack_api_url, timeout=timeout)
    sms: ChannelPort = console
    if settings.twilio_account_sid and settings.twilio_auth_token:
        sms = TwilioSmsChannel(settings.twilio_account_sid, settings.twilio_auth_token,
                               settings.twilio_senders, api_base=settings.twilio_api_base, timeout=timeout,
                               status_callback=settings.public_base_url + STATUS_CALLBACK_PATH)
    return Channels({"console": console, "slack": slack, "sms": sms})
