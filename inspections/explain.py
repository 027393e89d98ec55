"""Explanations: every result carries rule id, citation, the quoted words and the arithmetic in one line."""
from __future__ import annotations

from dataclasses import dataclass

from inspections.rulepack import rule as _rule


@dataclass(frozen=True)
class Explanation:
    rule_id: str
    citation: str
    quote: str
    arithmetic: str
    flags: tuple[str, ...] = ()

    @classmethod
    def of(cls, rule_id: str, arithmetic: str, flags: tuple[str, ...] = ()) -> Explanation:
        """Build from the rule pack, so the citation and quote are always the pack's own."""
        r = _rule(rule_id)
        return cls(rule_id, r.citation, r.quote, arithmetic, tuple(flags))

    @property
    def line(self) -> str:
        flagged = f" [flagged: {', '.join(self.flags)}]" if self.flags else ""
        return f'{self.rule_id} ({self.citation}) "{self.quote}": {self.arithmetic}{flagged}'

    def __str__(self) -> str:
        return self.line
