"""A server killed with SIGKILL in the middle of an upload leaves no partial original and no row; the
retry under the same photo id succeeds."""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests.unit.media.factory import ExifSpec, make_jpeg

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(tmp: Path, port: int, seed: bool) -> tuple[subprocess.Popen, list[str]]:
    env = dict(os.environ, INSTANCE_PATH=str(tmp / "inst"), DATABASE_URL=f"sqlite:///{tmp / 'crash.sqlite3'}",
               PHOTO_ROOT=str(tmp / "photos"), SEED="1" if seed else "0")
    env.pop("TEST_DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("crash_server.py")), str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = []
    for line in proc.stdout:  # type: ignore[union-attr]
        lines.append(line.strip())
        if line.startswith("READY"):
            return proc, lines
    raise RuntimeError(f"server did not start: {lines}")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    proc.stdout.close()  # type: ignore[union-attr]


def call(port: int, method: str, path: str, body: bytes | dict | None = None, token: str | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if isinstance(body, dict):
        body, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    elif body is not None:
        headers["Content-Type"] = "image/jpeg"
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data[:1] in (b"{", b"[") else data)


def test_sigkill_mid_upload_leaves_nothing_and_the_retry_succeeds(tmp_path):
    port = free_port()
    proc, lines = start(tmp_path, port, seed=True)
    try:
        email, password = next(line.split()[1:] for line in lines if line.startswith("ACCOUNT"))
        status, tok = call(port, "POST", "/api/v1/auth/token",
                           {"email": email, "password": password, "town": "carver"})
        token = tok["token"]
        site = call(port, "GET", "/api/v1/sites?q=bog", token=token)[1][0]
        insp = str(uuid.uuid4())
        assert call(port, "POST", "/api/v1/inspections", {"id": insp, "site_id": site["id"], "entry_basis":
                    "permit_on_file", "started_at": "2026-04-06T09:30:00-04:00"}, token)[0] == 201
        photo = make_jpeg(ExifSpec(latitude=41.879, longitude=-70.748), size=(1600, 1200))
        photo_id = str(uuid.uuid4())
        path = f"/api/v1/inspections/{insp}/photos/{photo_id}"
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        conn.putrequest("PUT", path)
        conn.putheader("Authorization", f"Bearer {token}")
        conn.putheader("Content-Type", "image/jpeg")
        conn.putheader("Content-Length", str(len(photo)))
        conn.endheaders()
        conn.send(photo[: len(photo) // 2])
        time.sleep(0.5)  # the server is now streaming the body into its temporary file
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        conn.close()
    finally:
        stop(proc)
    rows = sqlite3.connect(tmp_path / "crash.sqlite3").execute("SELECT count(*) FROM photos").fetchone()[0]
    originals = [p for p in (tmp_path / "photos").rglob("*") if p.is_file() and "carver" in p.parts
                 and "derived" not in p.parts] if (tmp_path / "photos").exists() else []
    assert rows == 0 and originals == []
    proc, _ = start(tmp_path, port, seed=False)
    try:
        status, body = call(port, "PUT", path, photo, token)
        assert status == 201, body
        assert call(port, "PUT", path, photo, token)[0] == 200
    finally:
        stop(proc)
