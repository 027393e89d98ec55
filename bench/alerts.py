"""Board alert latency: ``python -m bench.alerts [--items 20] [--timeout 30]`` (``make bench-alerts``).

The app runs as deployed, from the Procfile's own `web` and `worker` command lines (gunicorn, the Huey
consumer), on a fresh SQLite database migrated and seeded as `make run` does, with Slack pointed at the fake
Slack server (tests/fakes; Slack itself is unreachable here). Carver's Planning Board has a channel there.
For each of N sites (entered through the admin API beforehand), an agent files an inspection whose erosion
controls failed and submits it through the HTTP API; the violation opens and the board's Slack alert goes
into the outbox in the same transaction, the commit kicks the worker, the worker posts it. Latency = the fake
Slack's receipt of the post (its wall clock) minus the instant the submit request was sent; the items are
submitted one after another, each after `--gap` idle seconds (3 by default: an alert usually finds the
worker idle), each timed alone. The last line: ``alerts: n=<n> p50_s=<s> p95_s=<s>``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import math
import os
import re
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
ACCOUNT = re.compile(r"^\s+(\S+@example\.org)\s+(\S+)\s+(\w+)\s+(\w+)$", re.M)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _procfile(name: str) -> list[str]:
    """A Procfile process's command line, with ${VAR:-default} left to the shell as the platform does."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return ["sh", "-c", line.split(":", 1)[1].strip()]
    raise SystemExit(f"no {name} process in the Procfile")


def _flask(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(BIN / "flask"), "--app", "backend", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"flask {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def _percentile(values: list[float], share: float) -> float:
    """Nearest rank: the smallest value with at least `share` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


@contextmanager
def _processes(env: dict[str, str], logs: Path) -> Iterator[None]:
    procs = []
    try:
        for name in ("web", "worker"):
            out = open(logs / f"{name}.log", "wb")  # noqa: SIM115 - closed with the process below
            procs.append((subprocess.Popen(_procfile(name), cwd=ROOT, env=env, stdout=out,
                                           stderr=subprocess.STDOUT, start_new_session=True), out))
        yield
    finally:
        for proc, out in procs:
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, 15)
            with suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
            out.close()


def _wait_ready(base: str, deadline_s: float = 60) -> None:
    until = time.monotonic() + deadline_s
    while time.monotonic() < until:
        with suppress(requests.RequestException):
            requests.get(f"{base}/healthz", timeout=2)  # 503 without the scheduler: answering is enough
            return
        time.sleep(0.2)
    raise SystemExit(f"the web process did not answer on {base}")


class Api:
    def __init__(self, base: str, email: str, password: str) -> None:
        self.base, self.http = base, requests.Session()
        token = self.post("/api/v1/auth/token", {"email": email, "password": password, "town": "carver"})
        self.http.headers["Authorization"] = f"Bearer {token['token']}"

    def post(self, path: str, body: dict[str, Any]) -> Any:
        resp = self.http.post(self.base + path, json=body, timeout=30)
        if resp.status_code >= 300:
            raise SystemExit(f"POST {path}: {resp.status_code} {resp.text[:500]}")
        return resp.json()

    def get(self, path: str) -> Any:
        resp = self.http.get(self.base + path, timeout=30)
        resp.raise_for_status()
        return resp.json()


def _sites(admin: Api, n: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """N sites, each with a Planning Board land-disturbance permit (the erosion-control checklist)."""
    boards = {b["kind"]: b for b in admin.get("/api/v1/slack/channels")}
    builder = admin.post("/api/v1/admin/parties", {
        "kind": "permittee", "name": "Bench Homes Inc.", "phone": "(508) 555-0199", "language": "en",
        "sms_consent": False, "mailing_address": "9 Main St, Carver MA"})
    today = dt.datetime.now(dt.UTC).date()
    out = []
    for i in range(n):
        site = admin.post("/api/v1/admin/sites", {
            "name": f"Bench lot {i + 1}", "address": f"{100 + i} Rochester Rd, Carver, MA 02330",
            "map_lot": f"Map 61 Lot {100 + i}", "lat": 41.86 + i * 0.001, "lon": -70.78})
        permit = admin.post("/api/v1/admin/permits", {
            "site_id": site["id"], "authority_id": boards["planning_board"]["id"], "kind": "land_disturbance",
            "chapter": "CARVER-247", "number": f"LDP-BENCH-{i + 1}", "permittee_id": builder["id"],
            "issued_on": str(today - dt.timedelta(days=30)),
            "expires_on": str(today + dt.timedelta(days=700)), "conditions": []})
        out.append((site, permit))
    return out


def _submit(agent: Api, site: dict[str, Any], permit: dict[str, Any]) -> float:
    """File and submit the failed inspection; returns the wall instant the submit was sent."""
    iid = str(uuid.uuid4())
    started = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=30)).isoformat()
    agent.post("/api/v1/inspections", {
        "id": iid, "site_id": site["id"], "permit_id": permit["id"], "entry_basis": "permit_on_file",
        "started_at": started, "responses": [
            {"item_id": "controls-in-place", "answer": "fail", "note": "silt fence breached at NE corner"}]})
    sent_at = time.time()
    agent.post(f"/api/v1/inspections/{iid}/submit", {})
    return sent_at


def _arrival(fake: Any, site_name: str, timeout_s: float) -> float | None:
    until = time.monotonic() + timeout_s
    while time.monotonic() < until:
        for request in fake.requests_to("chat.postMessage"):
            if f"{site_name}:" in str(request.params.get("text", "")):
                return float(request.received_at.timestamp())
        time.sleep(0.02)
    return None


def _board_channel(env: dict[str, str], channel: str) -> None:
    """Carver's Planning Board posts to the fake's channel (what an admin sets once Slack is connected)."""
    from sqlalchemy import select

    from backend import create_app
    from backend.audit import acting_as
    from backend.extensions import db
    from backend.models import Authority, Town
    app = create_app({"app_env": "demo", "database_url": env["DATABASE_URL"], "audit_hmac_key": "bench",
                      "secret_key": "bench"})
    with app.app_context(), acting_as("bench:alerts"):
        town = db.session.scalar(select(Town).where(Town.slug == "carver"))
        board = db.session.scalar(select(Authority).where(Authority.town_id == town.id,
                                                          Authority.kind == "planning_board"))
        board.slack_channel = channel
        db.session.commit()
        db.engine.dispose()


def run(items: int, timeout_s: float, gap_s: float) -> list[float]:
    from tests.fakes.slack_server import DEFAULT_TOKEN, FakeSlack

    work = Path(tempfile.mkdtemp(prefix="bench-alerts-"))
    fake = FakeSlack().start()
    channel = fake.add_channel("planning-board")
    port = _free_port()
    env = dict(os.environ, APP_ENV="demo", DATABASE_URL=f"sqlite:///{work / 'bench.sqlite3'}",
               INSTANCE_PATH=str(work / "instance"), SECRET_KEY="bench", AUDIT_HMAC_KEY="bench",
               SLACK_BOT_TOKENS=f'{{"carver": "{DEFAULT_TOKEN}"}}', SLACK_API_URL=fake.base_url,
               PUBLIC_BASE_URL=f"http://127.0.0.1:{port}", BIND="127.0.0.1", PORT=str(port),
               WEB_CONCURRENCY="1", PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    for key in ("TEST_DATABASE_URL", "REDIS_URL", "TWILIO_ACCOUNT_SID", "SLACK_CLIENT_ID"):
        env.pop(key, None)
    if os.environ.get("BENCH_REDIS_URL"):
        env["REDIS_URL"] = os.environ["BENCH_REDIS_URL"]
    _flask(env, "db", "upgrade")
    seeded = ACCOUNT.findall(_flask(env, "seed-demo"))
    accounts = {(town, role): (email, pw) for email, pw, town, role in seeded}
    _board_channel(env, channel)
    latencies: list[float] = []
    base = f"http://127.0.0.1:{port}"
    with _processes(env, work):
        _wait_ready(base)
        admin, agent = Api(base, *accounts["carver", "town_admin"]), Api(base, *accounts["carver", "agent"])
        for site, permit in _sites(admin, items):
            time.sleep(gap_s)  # the worker idles between alerts, as it does between real inspections
            sent_at = _submit(agent, site, permit)
            arrived = _arrival(fake, site["name"], timeout_s)
            if arrived is None:
                raise SystemExit(f"no Slack post for {site['name']} within {timeout_s:g} s (logs in {work})")
            latencies.append(arrived - sent_at)
            print(f"  {site['name']}: {arrived - sent_at:.3f} s", flush=True)
    fake.stop()
    return latencies


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--gap", type=float, default=3.0, help="idle seconds before each submit")
    args = parser.parse_args(argv)
    latencies = run(args.items, args.timeout, args.gap)
    print(f"mean_s={statistics.mean(latencies):.3f} max_s={max(latencies):.3f} "
          f"huey={'redis' if os.environ.get('BENCH_REDIS_URL') else 'sqlite'} "
          f"worker={shlex.join(_procfile('worker')[2:])}")
    print(f"alerts: n={len(latencies)} p50_s={_percentile(latencies, 0.5):.3f} "
          f"p95_s={_percentile(latencies, 0.95):.3f}")


if __name__ == "__main__":
    main()
