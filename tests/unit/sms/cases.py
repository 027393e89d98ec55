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
    "accrual-no-order": (  # ch. 247 without an order: what the town may do next, no amount
        "daily_accrual",
        CARVER
        | {
            "day": "2026-04-06",
            "cases": [
                {"site": "Cedar Brook subdivision", "citation": "~§ 247-7B(7)", "day": 1, "ordered": False,
                 "path": None}
            ],
            "citations": {"count": 0, "stated_cents": 0, "pending": 0},
        },
    ),
    "accrual-citations-pending": (  # noncriminal path: only the citations issued to date
        "daily_accrual",
        CARVER
        | {
            "day": "2026-03-06",
            "cases": [
                {"site": "Cedar Brook subdivision", "citation": "~§ 247-7B(7)", "day": 9, "ordered": True,
                 "path": "noncriminal"}
            ],
            "citations": {"count": 5, "stated_cents": 30000, "pending": 3},
        },
    ),
    "accrual-criminal-day-6": (  # ch. 136 under a criminal-path order: the court maximum so far
        "daily_accrual",
        CARVER
        | {
            "day": "2026-04-06",
            "cases": [
                {"site": "Plymouth St gravel pit", "citation": "~§ 136-9A", "day": 6, "ordered": True,
                 "path": "criminal", "max_cents": 60000}
            ],
            "citations": {"count": 0, "stated_cents": 0, "pending": 0},
        },
    ),
    "accrual-two-cases": (  # one under a criminal-path order, one (ch. 281) under none
        "daily_accrual",
        CARVER
        | {
            "day": "2026-04-06",
            "cases": [
                {"site": "Plymouth St gravel pit", "citation": "~§ 136-9A", "day": 6, "ordered": True,
                 "path": "criminal", "max_cents": 60000},
                {"site": "Federici bog, Tremont St", "citation": "~§ 281-4A(11)", "day": 2, "ordered": False,
                 "path": None},
            ],
            "citations": {"count": 0, "stated_cents": 0, "pending": 0},
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
