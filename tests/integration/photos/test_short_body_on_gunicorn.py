"""A body that does not arrive whole is never evidence, behind the server production runs (gunicorn, gthread).

gunicorn hands Flask a stream bounded by Content-Length: a connection cut mid-body reads as an early end of
stream, not as an error. Cut inside a Motion Photo's trailing video the JPEG itself still parses, so only the
byte count (and the client's digest, RFC 9530) can tell. Each refused body is a 400 and leaves no file, no
row, no audit event; the whole photo sent again under the same photo id is then stored (201), not a 409.
"""
from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.integration.photos.test_crash_mid_upload import ROOT, call, free_port
from tests.unit.media.factory import ExifSpec, make_jpeg

MOTION_PHOTO = make_jpeg(ExifSpec(latitude=41.879, longitude=-70.748), size=(320, 240)) + (
    b"MotionPhoto_Data" + bytes(range(256)) * 40)  # the JPEG, then ~10 kB of "video" after its end


@dataclass
class Live:
    port: int
    token: str
    inspection: str
    root: Path

    def rows(self, table: str) -> int:
        with sqlite3.connect(self.root / "db.sqlite3") as conn:
            return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # noqa: S608 - test tables

    def photo_events(self) -> int:
        with sqlite3.connect(self.root / "db.sqlite3") as conn:
            return conn.execute("SELECT count(*) FROM audit_events WHERE object_type = 'Photo'").fetchone()[0]

    def files(self) -> list[Path]:
        photos = self.root / "photos"
        return sorted(p for p in photos.rglob("*") if p.is_file()) if photos.exists() else []

    def send(self, head: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict]:
        """Headers as given, then `body`, then the client stops sending (the connection is cut there)."""
        lines = [head, "Host: 127.0.0.1", f"Authorization: Bearer {self.token}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            sock.shutdown(socket.SHUT_WR)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        status_line, _, rest = answer.partition(b"\r\n")
        payload = rest.split(b"\r\n\r\n", 1)[1]
        return int(status_line.split()[1]), json.loads(payload)


def _environment(root: Path) -> dict[str, str]:
    env = dict(os.environ, INSTANCE_PATH=str(root / "inst"), DATABASE_URL=f"sqlite:///{root / 'db.sqlite3'}",
               PHOTO_ROOT=str(root / "photos"), APP_ENV="test", AUDIT_HMAC_KEY="crash-key",
               SECRET_KEY="crash", SEED="1")
    env.pop("TEST_DATABASE_URL", None)
    return env


def _account(env: dict[str, str]) -> tuple[str, str]:
    seeded = subprocess.run([sys.executable, str(Path(__file__).with_name("crash_server.py")), "0"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=300, check=True)
    return next(tuple(line.split()[1:3]) for line in seeded.stdout.splitlines() if line.startswith("ACCOUNT"))


def _wait_for(port: int, proc: subprocess.Popen) -> None:
    """Until the worker answers (it imports the app after the master has bound the port)."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert proc.poll() is None, "gunicorn exited"
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
        finally:
            conn.close()
    raise RuntimeError("gunicorn did not start")


@pytest.fixture(scope="module")
def live(tmp_path_factory) -> Iterator[Live]:
    root = tmp_path_factory.mktemp("gunicorn")
    env = _environment(root)
    email, password = _account(env)
    port = free_port()
    args = ["--worker-class", "gthread", "--workers", "1", "--threads", "2", "--timeout", "120",
            "--no-control-socket", "--bind", f"127.0.0.1:{port}", "backend:create_app()"]
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(port, proc)
        token = call(port, "POST", "/api/v1/auth/token", {"email": email, "password": password,
                                                          "town": "carver"})[1]["token"]
        site = call(port, "GET", "/api/v1/sites?q=bog", token=token)[1][0]
        inspection = str(uuid.uuid4())
        assert call(port, "POST", "/api/v1/inspections", {
            "id": inspection, "site_id": site["id"], "entry_basis": "permit_on_file",
            "started_at": "2026-04-06T09:30:00-04:00"}, token)[0] == 201
        yield Live(port, token, inspection, root)
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def repr_digest(data: bytes) -> str:
    return f"sha-256=:{base64.b64encode(hashlib.sha256(data).digest()).decode()}:"


def assert_nothing_stored(live: Live) -> None:
    assert (live.rows("photos"), live.photo_events(), live.files()) == (0, 0, [])


def test_a_body_cut_inside_its_trailer_is_refused_and_the_whole_photo_is_then_stored(live):
    path = f"/api/v1/inspections/{live.inspection}/photos/{uuid.uuid4()}"
    cut = len(MOTION_PHOTO) - 4000  # the JPEG is whole; the "video" after it is not
    status, body = live.send(f"PUT {path} HTTP/1.1", MOTION_PHOTO[:cut],
                             {"Content-Type": "image/jpeg", "Content-Length": str(len(MOTION_PHOTO))})
    assert (status, body["detail"]["code"]) == (400, "body_incomplete"), body
    assert f"received {cut} of the {len(MOTION_PHOTO)} bytes" in body["message"]
    assert_nothing_stored(live)
    status, stored = call(live.port, "PUT", path, MOTION_PHOTO, live.token)
    assert status == 201, stored
    assert stored["sha256"] == hashlib.sha256(MOTION_PHOTO).hexdigest() and "trailing_data" in stored["flags"]
    assert call(live.port, "PUT", path, MOTION_PHOTO, live.token)[0] == 200


def test_a_whole_body_whose_digest_differs_from_the_phones_is_refused(live):
    before = (live.rows("photos"), live.files())
    changed = bytearray(MOTION_PHOTO)
    changed[-100] ^= 0xFF  # one byte of the trailer changed on the way; length unchanged
    path = f"/api/v1/inspections/{live.inspection}/photos/{uuid.uuid4()}"
    status, body = live.send(f"PUT {path} HTTP/1.1", bytes(changed),
                             {"Content-Type": "image/jpeg", "Content-Length": str(len(changed)),
                              "Repr-Digest": repr_digest(MOTION_PHOTO)})
    assert (status, body["detail"]["code"]) == (400, "digest_mismatch"), body
    assert (live.rows("photos"), live.files()) == before


def test_a_multipart_form_cut_short_is_refused(live):
    before = (live.rows("photos"), live.files())
    boundary = "fieldapp-boundary"
    form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo_id\"\r\n\r\n{uuid.uuid4()}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pit.jpg\"\r\n"
            "Content-Type: image/jpeg\r\n\r\n").encode() + MOTION_PHOTO + f"\r\n--{boundary}--\r\n".encode()
    status, body = live.send(f"POST /api/v1/inspections/{live.inspection}/photos HTTP/1.1", form[:-2000],
                             {"Content-Type": f"multipart/form-data; boundary={boundary}",
                              "Content-Length": str(len(form))})
    assert (status, body["detail"]["code"]) == (400, "body_incomplete"), body
    assert (live.rows("photos"), live.files()) == before


def test_a_chunked_body_cut_short_is_refused(live):
    before = (live.rows("photos"), live.files())
    path = f"/api/v1/inspections/{live.inspection}/photos/{uuid.uuid4()}"
    chunk = f"{len(MOTION_PHOTO):x}\r\n".encode() + MOTION_PHOTO[:-4000]  # the chunk never ends
    status, body = live.send(f"PUT {path} HTTP/1.1", chunk,
                             {"Content-Type": "image/jpeg", "Transfer-Encoding": "chunked"})
    assert (status, body["detail"]["code"]) == (400, "body_incomplete"), body
    assert (live.rows("photos"), live.files()) == before
