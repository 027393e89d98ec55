"""Create a town with the chapters it adopts and the boards that enforce them, and describe what a town has.

`create_town` is idempotent: the same request again changes nothing; a request adding chapters to an
existing town adopts them (and creates any board they need), one giving a contact phone sets it; a request
that contradicts the town as it is (another name or time zone) is refused and changes nothing. The town's
row is its chain's first event, then its adopted packs and boards, all in one transaction.
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from zoneinfo import available_timezones

import phonenumbers
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import Authority, Membership, Town, User
from backend.models.town_packs import TownPack
from backend.models.towns import AUTHORITY_KINDS
from inspections import api as engine

SLUG = re.compile(r"^[a-z][a-z0-9-]{1,39}$")
KIND_OF_AUTHORITY = {kind.replace("_", " ").title(): kind for kind in AUTHORITY_KINDS}
PLACE_PREFIXES = ("Town of ", "City of ")


class TownRefused(ValueError):
    """The request cannot be carried out as given; `field` names what to change. Nothing was written."""

    def __init__(self, field_name: str, message: str, *, conflict: bool = False) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field, self.message, self.conflict = field_name, message, conflict


@dataclass(frozen=True)
class TownRequest:
    slug: str
    name: str
    packs: Sequence[str]
    tz: str = "America/New_York"
    contact_phone: str | None = None
    board_names: dict[str, str] = field(default_factory=dict)  # kind -> name; default "<place> <board>"


@dataclass(frozen=True)
class TownResult:
    town: Town
    created: bool
    changed: bool  # anything written (created, adopted, a board, the contact phone)
    adopted: list[str]  # packs adopted by this request
    boards_created: list[str]


def known_packs() -> dict[str, dict[str, str]]:
    """The engine's rule packs by key, each with its title, town and enforcing authority."""
    return {p["key"]: p for p in engine.call("packs", {})["packs"]}


def board_kind(authority: str) -> str:
    """A pack's `enforcing_authority` ("Planning Board") as a board kind (planning_board)."""
    try:
        return KIND_OF_AUTHORITY[authority]
    except KeyError:
        raise TownRefused("packs", f"no board kind for the enforcing authority {authority!r}") from None


def _check(req: TownRequest) -> dict[str, dict[str, str]]:
    if not SLUG.match(req.slug):
        raise TownRefused("slug", "2 to 40 lower-case letters, digits or hyphens, starting with a letter")
    if not req.name.strip() or len(req.name) > 120:
        raise TownRefused("name", "1 to 120 characters")
    if req.tz not in available_timezones():
        raise TownRefused("tz", f"{req.tz!r} is not an IANA time zone (e.g. America/New_York)")
    packs = known_packs()
    if not req.packs:
        raise TownRefused("packs", f"adopt at least one of {', '.join(packs)}")
    unknown = [p for p in req.packs if p not in packs]
    if unknown:
        raise TownRefused("packs", f"unknown {', '.join(unknown)}; the engine knows {', '.join(packs)}")
    if req.contact_phone is not None and _e164(req.contact_phone) is None:
        raise TownRefused("contact_phone", f"{req.contact_phone!r} is not a phone number (US by default)")
    for kind in req.board_names:
        if kind not in AUTHORITY_KINDS:
            raise TownRefused("board_names", f"unknown board {kind!r}; one of {', '.join(AUTHORITY_KINDS)}")
    return {key: packs[key] for key in req.packs}


def _e164(raw: str) -> str | None:
    try:
        number = phonenumbers.parse(raw, "US")
    except phonenumbers.NumberParseException:
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164) \
        if phonenumbers.is_valid_number(number) else None


def _place(name: str) -> str:
    for prefix in PLACE_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def create_town(req: TownRequest) -> TownResult:
    """Create (or complete) the town; the caller's `acting_as` names the actor in the chain. Commits."""
    wanted = _check(req)
    town = db.session.scalar(select(Town).where(Town.slug == req.slug))
    created, phone_changed = town is None, False
    if town is None:
        phone = _e164(req.contact_phone) if req.contact_phone else None
        town = Town(slug=req.slug, name=req.name.strip(), tz=req.tz, contact_phone=phone)
        db.session.add(town)
        db.session.flush()  # the town's row is its chain's first event
    elif (town.name, town.tz) != (req.name.strip(), req.tz):
        raise TownRefused("name", f"town {req.slug!r} exists as {town.name!r} ({town.tz}); nothing was "
                          "changed", conflict=True)
    elif req.contact_phone and _e164(req.contact_phone) != town.contact_phone:
        town.contact_phone = _e164(req.contact_phone)  # the one detail a later run may change (audited)
        phone_changed = True
    adopted = _adopt(town, list(wanted))
    boards = _boards(town, wanted, req.board_names)
    db.session.commit()
    return TownResult(town, created, created or phone_changed or bool(adopted or boards), adopted, boards)


def _adopt(town: Town, packs: list[str]) -> list[str]:
    have = {p.pack: p for p in db.session.scalars(select(TownPack).where(TownPack.town_id == town.id))}
    adopted = []
    for key in packs:
        row = have.get(key)
        if row is None:
            db.session.add(TownPack(town_id=town.id, pack=key))
        elif not row.active:
            row.active = True
        else:
            continue
        adopted.append(key)
    db.session.flush()
    return adopted


def _boards(town: Town, packs: dict[str, dict[str, str]], names: dict[str, str]) -> list[str]:
    """Each pack's enforcing authority as a board of the town, enforcing that chapter."""
    existing = {a.kind: a for a in db.session.scalars(select(Authority).where(Authority.town_id == town.id))}
    created = []
    for key, pack in packs.items():
        kind = board_kind(pack["enforcing_authority"])
        board = existing.get(kind)
        if board is None:
            name = names.get(kind) or f"{_place(town.name)} {pack['enforcing_authority']}"
            board = existing[kind] = Authority(town_id=town.id, kind=kind, name=name, chapters=[])
            db.session.add(board)
            created.append(name)
        if key not in (board.chapters or []):
            board.chapters = [*(board.chapters or []), key]
    db.session.flush()
    return created


@dataclass(frozen=True)
class BoardInfo:
    id: uuid.UUID
    kind: str
    name: str
    chapters: list[str]
    slack_channel: str | None


@dataclass(frozen=True)
class TownInfo:
    town: Town
    packs: list[str]
    boards: list[BoardInfo]
    admins: list[str]  # e-mails of active town admins
    members: int  # active memberships


def describe(town: Town) -> TownInfo:
    packs = list(db.session.scalars(select(TownPack.pack).where(TownPack.town_id == town.id,
                                                                 TownPack.active.is_(True))
                                    .order_by(TownPack.pack)))
    boards = [BoardInfo(a.id, a.kind, a.name, list(a.chapters or []), a.slack_channel)
              for a in db.session.scalars(select(Authority).where(Authority.town_id == town.id)
                                          .order_by(Authority.name))]
    active = (Membership.town_id == town.id, Membership.active.is_(True))
    admins = list(db.session.scalars(select(User.email).join(Membership, Membership.user_id == User.id)
                                     .where(*active, Membership.role == "town_admin", User.active.is_(True))
                                     .order_by(User.email)))
    members = db.session.scalar(select(func.count(Membership.id)).where(*active)) or 0
    return TownInfo(town, packs, boards, admins, members)


def find_town(slug: str) -> Town | None:
    return db.session.scalar(select(Town).where(Town.slug == slug.strip().lower()))


def all_towns() -> list[Town]:
    return list(db.session.scalars(select(Town).order_by(Town.slug)))
