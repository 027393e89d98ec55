"""Message payloads for the snapshot tests: realistic facts of the demo towns, fixed links."""

from __future__ import annotations

from typing import Any

LINK = "https://enforce.example.org/n/Ab3dE6gH9k"
CARVER = {"town": "Carver", "contact": "+15088663400", "link": LINK}

NOTICE_BASE = CARVER | {
    "site": "Cedar Brook subdivision",
    "found": "Silt fence down along lots 4-6",
    "finding": "Erosion and sediment controls were missing or not kept up.",
    "citation": "~§ 247-7B(7)",
    "observed_on": "2026-04-06",
}

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "notice-criminal-deadline": (
        "violation_notice",
        NOTICE_BASE
        | {
            "fine": {"path": "criminal", "amount_cents": 10000, "daily": True},
            "next_deadline": {"label": "stabilize the disturbed portion", "date": "2026-04-13"},
        },
    ),
    "notice-noncriminal": (
        "violation_notice",
        NOTICE_BASE
        | {"fine": {"path": "noncriminal", "amount_cents": 10000, "daily": True}, "next_deadline": None},
    ),
    "notice-no-order-yet": (
        "violation_notice",
        NOTICE_BASE | {"fine": {"path": None, "amount_cents": None, "daily": True}, "next_deadline": None},
    ),
    "notice-gardner-no-amount": (
        "violation_notice",
        CARVER
        | {
            "town": "Gardner",
            "contact": "+19786321900",
            "site": "Otter River mill redevelopment",
            "found": "Stockpile within 40 ft of the Otter River",
            "citation": "~§ 650-9",
            "observed_on": "2026-08-20",
            "fine": {"path": "criminal", "amount_cents": None, "daily": False},
        },
    ),
    "accrual-one-line": (
        "daily_accrual",
        CARVER
        | {
            "day": "2026-04-06",
            "lines": [
                {"site": "Cedar Brook subdivision", "citations": ["~§ 247-7B(7)", "~§ 247-7B(8)"], "days": 1}
            ],
            "citations": {"count": 0, "stated_cents": 0, "pending": 0},
            "exposure_cents": [],
        },
    ),
    "accrual-citations-pending": (
        "daily_accrual",
        CARVER
        | {
            "day": "2026-03-06",
            "lines": [{"site": "Cedar Brook subdivision", "citations": ["~§ 247-7B(7)"], "days": 1}],
            "citations": {"count": 5, "stated_cents": 30000, "pending": 3},
            "exposure_cents": [],
        },
    ),
    "accrual-criminal-catch-up": (
        "daily_accrual",
        CARVER
        | {
            "day": "2026-04-06",
            "lines": [
                {"site": "Plymouth St gravel pit", "citations": ["~§ 136-9A"], "days": 4},
                {"site": "Federici bog, Tremont St", "citations": ["~§ 281-4B"], "days": 1},
            ],
            "citations": {"count": 0, "stated_cents": 0, "pending": 0},
            "exposure_cents": [10000],
        },
    ),
    "corrected": (
        "violation_corrected",
        CARVER | {"site": "Cedar Brook subdivision", "citation": "~§ 247-7B(7)", "date": "2026-04-09"},
    ),
    "issued": (
        "order_issued",
        CARVER
        | {"site": "Plymouth St gravel pit", "order": "cease_and_desist", "date": "2026-04-06"}
        | {"citation": "~§ 136-5", "finding": "Earth was removed within 50 ft of the property line."}
        | {"next_deadline": {"label": "cease and desist immediately", "date": "2026-04-06"}}
        | {"fine": {"path": "criminal", "amount_cents": 10000, "daily": True}}
        | {"review": {"by": "2026-04-13"}},
    ),
    "issued-restoration-noncriminal": (
        "order_issued",
        CARVER
        | {"site": "Cedar Brook subdivision", "order": "restoration_order", "date": "2026-05-04"}
        | {"citation": "~§ 247-7B(7)"}
        | {"finding": "Erosion and sediment controls were missing or not kept up."}
        | {"next_deadline": {"label": "stabilize the disturbed portion", "date": "2026-05-18"}}
        | {"fine": {"path": "noncriminal", "amount_cents": 30000, "daily": True}},
    ),
    "issued-before-facts": (
        "order_issued",
        CARVER | {"site": "Plymouth St gravel pit", "order": "cease_and_desist", "date": "2026-04-06"},
    ),
    "lifted": (
        "order_lifted",
        CARVER | {"site": "Plymouth St gravel pit", "order": "cease_and_desist", "date": "2026-04-20"},
    ),
    "reminder": (
        "deadline_reminder",
        CARVER
        | {
            "site": "Plymouth St gravel pit",
            "label": "present certified-mail receipts to the ERC",
            "citation": "~§ 136-11C",
            "date": "2026-04-13",
        },
    ),
    "meeting-reminder": (
        "review_meeting_reminder",
        CARVER
        | {"site": "Plymouth St gravel pit", "order": "cease_and_desist", "date": "2026-04-14"}
        | {"time": "18:30", "at": "2026-04-14T22:30:00+00:00", "tz": "America/New_York"}
        | {"place": {"address": "Town Hall, 108 Main St", "room": "Room 2", "remote_url": None}},
    ),
    "permit-expiry": (
        "permit_expiry_reminder",
        CARVER | {"site": "Plymouth St gravel pit", "permit": "ERC-2025-03", "date": "2026-06-30"},
    ),
    "help": ("sms.help", {"town": "Carver", "contact": "+15088663400"}),
    "stopped": ("sms.stopped", {"town": "Carver"}),
    "started": ("sms.started", {"town": "Carver"}),
}
