"""The names documented in media/__init__.py resolve, and importing media stays light."""

from __future__ import annotations

import subprocess
import sys

import pytest

import media


@pytest.mark.parametrize("name", media.__all__)
def test_every_exported_name_resolves(name: str) -> None:
    assert getattr(media, name) is not None
    assert name in (media.__doc__ or "") or name in {
        "MediaError",
        "StorageError",
        "Mismatch",
        "DEFAULT_LIMITS",
    }


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError):
        media.no_such_thing  # noqa: B018


def test_importing_media_does_not_load_pillow_or_boto() -> None:
    code = "import sys, media; print(sorted(m for m in ('PIL', 'botocore', 'pyproj') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
