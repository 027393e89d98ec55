"""The README's backup recipe, run: copy the database and the photo store, restore both into an empty
instance, and prove the restored evidence with `flask media verify` and `flask audit verify`."""
from __future__ import annotations

import io
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

from backend.audit import acting_as
from tests.unit.media.factory import ExifSpec, make_jpeg

ROOT = Path(__file__).resolve().parents[3]
KEY = "backup-test-key"


def flask(instance: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, INSTANCE_PATH=str(instance), DATABASE_URL=f"sqlite:///{instance / 'db.sqlite3'}",
               PHOTO_ROOT=str(instance / "photos"), AUDIT_HMAC_KEY=KEY, SECRET_KEY="s", APP_ENV="test")
    env.pop("TEST_DATABASE_URL", None)
    return subprocess.run([str(Path(sys.executable).parent / "flask"), "--app", "backend", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=180)


def fill(instance: Path) -> int:
    """An instance with the demo, an inspection and three photos, written through the app."""
    from backend import create_app
    from backend.extensions import db
    app = create_app({"app_env": "test", "database_url": f"sqlite:///{instance / 'db.sqlite3'}",
                      "photo_root": str(instance / "photos"), "audit_hmac_key": KEY, "secret_key": "s"})
    from media.storage import LocalPhotoStore
    app.extensions["photo_store"] = LocalPhotoStore(instance / "photos")
    with app.app_context():
        db.create_all()
        with acting_as("test:backup"):
            from backend.demo import seed_demo
            email, password = next((e, p) for e, p, t, r in seed_demo() if t == "carver" and r == "agent")
    client = app.test_client()
    token = client.post("/api/v1/auth/token",
                        json={"email": email, "password": password, "town": "carver"}).json
    h = {"Authorization": f"Bearer {token['token']}"}
    site = client.get("/api/v1/sites?q=bog", headers=h).json[0]
    insp = str(uuid.uuid4())
    client.post("/api/v1/inspections", headers=h, json={"id": insp, "site_id": site["id"],
                "entry_basis": "permit_on_file", "started_at": "2026-04-06T09:30:00-04:00"})
    for i in range(3):
        data = make_jpeg(ExifSpec(latitude=41.879 + i / 1e4, longitude=-70.748), size=(64, 48))
        resp = client.post(f"/api/v1/inspections/{insp}/photos", headers=h,
                           content_type="multipart/form-data",
                           data={"photo_id": str(uuid.uuid4()), "file": (io.BytesIO(data), "p.jpg")})
        assert resp.status_code == 201, resp.json
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return 3


def test_a_backup_restores_into_an_empty_instance_and_verifies(tmp_path):
    live, backup, restored = tmp_path / "live", tmp_path / "backup", tmp_path / "restored"
    for d in (live, backup, restored):
        d.mkdir()
    fill(live)
    # Backup, as the README says: SQLite's online backup, and a copy of the photo store.
    with sqlite3.connect(live / "db.sqlite3") as src, sqlite3.connect(backup / "db.sqlite3") as dst:
        src.backup(dst)
    shutil.copytree(live / "photos", backup / "photos")
    # Restore into an empty instance.
    shutil.copy(backup / "db.sqlite3", restored / "db.sqlite3")
    shutil.copytree(backup / "photos", restored / "photos")
    media = flask(restored, "media", "verify")
    assert (media.returncode == 0 and "3 originals re-hashed" in media.stdout
            and "OK" in media.stdout), media.stdout
    audit = flask(restored, "audit", "verify")
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "carver:" in audit.stdout and "FAILED" not in audit.stdout
    # A restore that lost a photo is caught.
    next((restored / "photos" / "carver").glob("*")).unlink()
    assert flask(restored, "media", "verify").returncode == 1
