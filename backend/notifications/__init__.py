"""The notification catalogue: every kind the outbox may carry, in one enumeration (`kinds.Kind`).

    kinds     the enumeration: each kind's stored name, channels, audience, urgency and whose words it sends
    registry  the start-up check: every kind has a renderer on each of its channels, and nothing renders a
              name that is not a kind (an unknown name fails the app at start, never a row at send time)
    recorded  the renderer of kinds whose words are written with the intent (the service's own text)
    preview   every kind x channel x language rendered from the demo's facts (`flask notifications preview`)
    cli       `flask notifications preview [--json]`

The renderers themselves still live with their channel (backend/sms/templates.py, backend/slack/delivery.py,
bot/); moving each kind into a module of its own here is the next step.
"""
from __future__ import annotations
