"""A request's chapter: one the engine has a rule pack for, asked of the engine when the request is read (a
town's chapter found in FIELDENFORCE_PACKS_PATH is as valid as a shipped one); the OpenAPI enum lists them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from apiflask.validators import OneOf

from inspections import api


def chapter_keys() -> tuple[str, ...]:
    return tuple(c["key"] for c in api.call("chapters", {})["chapters"])


class KnownChapter(OneOf):
    """OneOf whose choices are the engine's chapters at the time of the check."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> Iterable[Any]:
        return chapter_keys()

    @choices.setter
    def choices(self, _value: Iterable[Any]) -> None:
        pass

    @property  # type: ignore[override]
    def choices_text(self) -> str:
        return ", ".join(chapter_keys())

    @choices_text.setter
    def choices_text(self, _value: str) -> None:
        pass
