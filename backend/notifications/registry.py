"""The start-up check of the catalogue: an unknown or unregistered kind stops the app, never a send."""
from __future__ import annotations

from backend.notifications.kinds import CATALOGUE, Kind
from backend.notifications.recorded import recorded_text
from backend.outbox.render import register_template, registered

HARNESS_NAMES: frozenset[str] = frozenset()  # ad hoc names a test harness registers beside the kinds


class CatalogueError(RuntimeError):
    """A kind without a renderer on one of its channels, or a renderer for a name that is not a kind."""


def install() -> None:
    """Register the `recorded` kinds that no channel module rendered, then check the whole catalogue."""
    texts, _ = registered()
    for kind, spec in CATALOGUE.items():
        if set(spec.words.values()) == {"recorded"} and kind not in texts:
            register_template(kind, recorded_text)
    verify()


def problems() -> list[str]:
    texts, slack_builders = registered()
    found = [f"{kind}: no {channel} renderer" for kind, spec in CATALOGUE.items() for channel in spec.channels
             if kind not in texts and not (channel == "slack" and kind in slack_builders)]
    kinds = {str(k) for k in Kind}
    found += [f"{name}: has a renderer but is not a kind in backend/notifications/kinds.py"
              for name in sorted((texts | slack_builders) - kinds - HARNESS_NAMES)]
    return found


def verify() -> None:
    if found := problems():
        raise CatalogueError("notification catalogue: " + "; ".join(found))
