"""The notification outbox: intents written with their cause, delivered at least once, de-duplicated.

    enqueue ──> pending ──claim──> sending ──ok──────────────> sent
                   ^                  │ 429 / 5xx / unreachable ─> pending (backoff + jitter; Retry-After)
                   │                  │   … after OUTBOX_MAX_ATTEMPTS ─> dead ──redrive──> pending
                   │                  │ permanent provider error ───> failed ──redrive──> pending (not STOP)
                   │                  │ timeout / 504 (maybe sent) ─> reconcile
                   │                  └ lease expired (killed) ─────> reconcile
                   └──── not found at the provider ────────────────── reconcile ──found──> sent

`intents.enqueue` (callers), `dispatcher.dispatch`, `reconcile.reconcile`, `admin` (redrive, status),
`cli` (`flask outbox …`), `jobs` (the Huey task body), `kick` (wake the worker after a commit).
"""
from __future__ import annotations

STATUSES = ("pending", "sending", "sent", "reconcile", "failed", "dead")
CHANNELS = ("console", "slack", "sms")
