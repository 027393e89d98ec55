"""The notification catalogue: one module per kind under `kinds/`, found by discovery.

    spec       what a kind declares: stored name, channels (its renderers), audience, urgency, dedupe key,
               its pure renderers `sms(payload, lang)` / `slack(payload)` and its one enrichment step
    kinds/     one module per kind (`KIND = Spec(...)`)
    catalogue  discovery over kinds/ (and NOTIFICATION_KIND_PACKAGES): every kind by name and stored name
    registry   installs each kind's renderers with the outbox at start-up and refuses an incomplete catalogue
    recorded   renderers of kinds whose words are the text the service wrote with the intent
    board      shared by the Slack kinds: a bot.messages dataclass from the payload or the records, threads
    samples    the demo's facts per kind, for the preview and the snapshots
    preview    every kind x channel x language rendered as it would be sent (`flask notifications preview`)
"""
from __future__ import annotations
