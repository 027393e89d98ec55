"""What a board may decide, and when "a majority of the Commission" has voted (Upton).

- `decision_outcomes` / `check_decision_outcome`: the outcomes the text allows, from the pack:
  CARVER-247-DECISION-OPTIONS (~§ 247-6F(1)–(3): approve; approve with conditions; disapprove and deny) and
  CARVER-136-DECISION-OPTIONS (~§ 136-7G: grant; deny; grant in part and deny in part).
- `upton_commission_majority`: "a majority vote of the Commission" (UPTON-280-NOTICE-WAIVER, ~§ 280-5A) and
  "approved by a majority of the Conservation Commission" (UPTON-280-REGS-ADOPT, ~§ 280-8A). AMB-41: by
  default a majority of the full membership, floor(members/2)+1 yes votes (`upton280.majority_basis` =
  "full_membership"); "present" reads CONV-MAJORITY, floor(present/2)+1, abstainers present. The bylaw does
  not state the Commission's size: without `members` the full-membership reading answers None, with a reason.
- `upton_notice_waiver`: notifications the Wetlands Protection Act requires can never be waived.
"""
from __future__ import annotations

from dataclasses import dataclass

from inspections.authority import Vote
from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.rulepack import param

DECISION_RULES = {"CARVER-247": "CARVER-247-DECISION-OPTIONS", "CARVER-136": "CARVER-136-DECISION-OPTIONS"}
MAJORITY_RULES = ("UPTON-280-NOTICE-WAIVER", "UPTON-280-REGS-ADOPT")
AMB_41 = ("AMB-41",)


@dataclass(frozen=True)
class OutcomeCheck:
    allowed: bool
    rule_id: str
    explanation: Explanation


@dataclass(frozen=True)
class MajorityVote:
    """`carries` None (and `needed` None): the reading in force cannot be computed on these facts."""

    carries: bool | None
    needed: int | None
    rule_id: str
    reason: str
    explanation: Explanation
    flags: tuple[str, ...] = AMB_41


def _decision_rule(chapter: str) -> str:
    try:
        return DECISION_RULES[chapter]
    except KeyError:
        raise ValueError(f"{chapter}: no decision-outcome rule in the text") from None


def decision_outcomes(chapter: str) -> tuple[str, ...]:
    return tuple(param(_decision_rule(chapter), "outcomes"))


def check_decision_outcome(chapter: str, outcome: str) -> OutcomeCheck:
    rid, allowed = _decision_rule(chapter), decision_outcomes(chapter)
    ok = outcome in allowed
    arithmetic = f"{outcome!r} {'is' if ok else 'is not'} one of the {len(allowed)} outcomes {list(allowed)}"
    return OutcomeCheck(ok, rid, Explanation.of(rid, arithmetic))


def _majority(rule_id: str, carries: bool | None, needed: int | None, reason: str) -> MajorityVote:
    return MajorityVote(carries, needed, rule_id, reason, Explanation.of(rule_id, reason, AMB_41))


def upton_commission_majority(rule_id: str, vote: Vote, *, members: int | None,
                              cfg: BylawConfig = DEFAULT) -> MajorityVote:
    """Did `vote` carry as "a majority of the (Conservation) Commission" under the AMB-41 reading in force?"""
    if rule_id not in MAJORITY_RULES:
        raise ValueError(f"{rule_id}: not an Upton majority-of-the-Commission rule")
    if members is not None and vote.present > members:
        raise ValueError(f"{vote.present} present but the Commission has {members} members")
    if cfg["upton280.majority_basis"] == "present":
        needed = vote.majority_needed
        basis = f"a majority of the {vote.present} present (CONV-MAJORITY)"
    elif members is None:
        return _majority(rule_id, None, None, "a majority of the full membership, but the bylaw does not "
                         "state the Commission's size: give the number of members")
    else:
        needed = members // 2 + 1
        basis = f"a majority of the full membership of {members}"
    ok = vote.present > 0 and vote.yes >= needed
    return _majority(rule_id, ok, needed, f"{vote.yes} yes; {basis} needs {needed} -> "
                     f"{'carried' if ok else 'not carried'}")


def upton_notice_waiver(vote: Vote, *, members: int | None, required_by_wpa: bool,
                        cfg: BylawConfig = DEFAULT) -> MajorityVote:
    """UPTON-280-NOTICE-WAIVER: a majority may waive notice, except what the WPA (c. 131 § 40) requires."""
    rid = "UPTON-280-NOTICE-WAIVER"
    if required_by_wpa:
        return _majority(rid, False, None, "the Wetlands Protection Act requires this notice: no vote "
                         "waives it")
    return upton_commission_majority(rid, vote, members=members, cfg=cfg)
