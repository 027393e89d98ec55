"""The field app's static files served compressed and cacheable from inside the app (WhiteNoise).

At start-up the shell's files are copied once per shell version into the instance folder with a gzip and a
brotli copy of each (WhiteNoise's own compressor; a few hundred milliseconds, then reused by every worker and
restart), and WhiteNoise wraps the WSGI app: a browser that says `Accept-Encoding: br` or `gzip` gets the
smaller file with `Vary: Accept-Encoding`. No build step: `make run` and tests get it the same way.

Caching: the shell's own files keep their names across deploys, so they are revalidated on each use
(`max-age=0` with an ETag; the service worker's versioned cache is what makes them instant offline). Vendored
libraries sit under a folder named for their version (`vendor/leaflet-1.9.4/`), so they are immutable and
cached for a year.
"""
from __future__ import annotations

import logging
import os
import re
import shutil
import tempfile
from pathlib import Path

from flask import Flask
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from backend.fieldapp import STATIC, shell_version

log = logging.getLogger(__name__)
PREFIX = "/static/app/"
IMMUTABLE = re.compile(r"^/static/app/vendor/[a-z0-9_.-]+-\d+(\.\d+)+/")
SKIP = {"__pycache__"}


def install(app: Flask) -> None:
    """Wrap the app's WSGI callable so /static/app/... is answered (compressed) before Flask sees it."""
    root = compressed_copy(Path(app.instance_path)) or STATIC
    app.wsgi_app = WhiteNoise(app.wsgi_app, root=str(root), prefix=PREFIX, max_age=0,  # type: ignore[method-assign]
                              immutable_file_test=lambda _path, url: bool(IMMUTABLE.match(url)),
                              add_headers_function=_headers)


def _headers(headers, _path: str, _url: str) -> None:  # type: ignore[no-untyped-def]
    headers["X-Content-Type-Options"] = "nosniff"


def compressed_copy(instance: Path) -> Path | None:
    """instance/static-app-<version>/ with .gz and .br beside each text file; None when it cannot be written
    (then the files are served as they are, uncompressed, and the app still works)."""
    target = instance / f"static-app-{shell_version()}"
    if target.is_dir():
        return target
    try:
        instance.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".static-app-", dir=instance))
        shutil.copytree(STATIC, scratch, dirs_exist_ok=True, ignore=lambda _d, names: SKIP & set(names))
        compressor = Compressor(quiet=True)
        for path in sorted(scratch.rglob("*")):
            if path.is_file() and compressor.should_compress(path.name):
                compressor.compress(str(path))
        try:
            os.rename(scratch, target)  # atomic: two workers starting together both end with one copy
        except OSError:
            shutil.rmtree(scratch, ignore_errors=True)
        _prune(instance, keep=target)
        return target if target.is_dir() else None
    except OSError as exc:
        log.warning("static files served uncompressed: %s", exc)
        return None


def _prune(instance: Path, keep: Path) -> None:
    """Old versions' copies go (one deploy back stays for pages still open during a rollout)."""
    old = sorted((p for p in instance.glob("static-app-*") if p != keep), key=lambda p: p.stat().st_mtime)
    for path in old[:-1]:
        shutil.rmtree(path, ignore_errors=True)
