"""The start-up check and installation of the catalogue: an unknown or unregistered kind stops the app, never
a send.

`install()` registers each discovered kind's renderers with the outbox (backend/outbox/render.py): its SMS
renderer as the text of its SMS rows, its Slack renderer (after its `resolve` step, threaded by `thread_of`)
as the whole message of its Slack rows. Then `verify()` refuses a kind without a renderer on a channel it
declares, and a renderer registered under a name that is no kind.
"""
from __future__ import annotations

from typing import Any

from backend.channels.port import Message
from backend.models import Notification
from backend.notifications.catalogue import CatalogueError, catalogue
from backend.notifications.spec import Payload, Spec
from backend.outbox.render import register_slack_builder, register_template, registered
from backend.sms.templates import language_of
from bot.blocks import Rendered, urgent

__all__ = ["CatalogueError", "HARNESS_NAMES", "install", "problems", "slack_words", "sms_text", "verify"]
HARNESS_NAMES: frozenset[str] = frozenset()  # ad hoc names a test harness registers beside the kinds


def sms_text(spec: Spec, payload: Payload) -> str:
    """An SMS row's body: the kind's renderer over its facts in the party's language. A completed kind reads
    `payload["sms"]` (added by its `enrich`); before that (the party unknown), the job's own text is sent."""
    assert spec.sms is not None
    facts = payload
    if spec.completed:
        completed = payload.get("sms")
        if not isinstance(completed, dict):
            return str(payload.get("text") or "")
        facts = completed
    return spec.sms(facts, language_of(facts.get("language")))


def slack_words(spec: Spec, facts: Payload) -> tuple[str, list[dict[str, Any]] | None]:
    """The kind's Slack renderer over its facts; an urgent kind (or an intent the service marked urgent, e.g.
    a review meeting less than 48 hours ahead) says so first, in the fallback and the header."""
    assert spec.slack is not None
    text, blocks = spec.slack(facts)
    if spec.urgency == "urgent" or facts.get("urgent") is True:
        marked = urgent(Rendered(blocks or [], text))
        return marked.text, marked.blocks
    return text, blocks


def slack_message(spec: Spec, row: Notification, town_slug: str) -> Message:
    """A Slack row's message: the facts (`resolve`, else the payload), the pure renderer, the thread."""
    from backend.slack.delivery import thread_ts
    facts = spec.resolve(row) if spec.resolve else dict(row.payload or {})
    text, blocks = slack_words(spec, facts)
    parent = spec.thread_of(row, facts) if spec.thread_of else None
    return Message(channel=row.channel, recipient=row.recipient, text=text, dedupe_key=row.dedupe_key,
                   town=town_slug, blocks=blocks, thread_ts=thread_ts(row, parent))


def _sms(spec: Spec) -> Any:
    return lambda payload: sms_text(spec, payload)


def _slack(spec: Spec) -> Any:
    return lambda row, town_slug: slack_message(spec, row, town_slug)


def install() -> None:
    """Register every kind with the outbox, then check the whole catalogue (CatalogueError: no start)."""
    for spec in catalogue().values():
        if spec.sms is not None:
            register_template(spec.stored, _sms(spec))
        if spec.slack is not None:
            register_slack_builder(spec.stored, _slack(spec))
    verify()


def problems() -> list[str]:
    texts, slack_builders = registered()
    specs = catalogue().values()
    found = [f"{spec.stored}: declares no channel (an sms or a slack renderer)" for spec in specs
             if not spec.channels]
    found += [f"{spec.stored}: no {channel} renderer registered"
              for spec in specs for channel in spec.channels
              if spec.stored not in (texts if channel == "sms" else slack_builders)]
    found += [f"{spec.stored}: completes its rows (completed=True) but declares no enrich step"
              for spec in specs if spec.completed and spec.enrich is None]
    stored = {spec.stored for spec in specs}
    found += [f"{name}: has a renderer but is not a kind in backend/notifications/kinds/"
              for name in sorted((texts | slack_builders) - stored - HARNESS_NAMES)]
    return found


def verify() -> None:
    if found := problems():
        raise CatalogueError("notification catalogue: " + "; ".join(found))
