"""Background jobs on Huey: SQLite storage by default, Redis when REDIS_URL is set.

Processes (Procfile): `worker` runs consumers without periodic tasks; `scheduler` (exactly one) enqueues
the periodic ones. Each job runs inside an app context built by the composition root.
"""
from __future__ import annotations

import os

from huey import RedisHuey, SqliteHuey
from huey.api import Huey


def build_huey(env: dict[str, str] | None = None) -> Huey:
    env = dict(os.environ if env is None else env)
    if env.get("REDIS_URL"):
        return RedisHuey("fieldenforce", url=env["REDIS_URL"])
    instance = env.get("INSTANCE_PATH") or os.path.join(os.getcwd(), "instance")
    os.makedirs(instance, exist_ok=True)
    return SqliteHuey("fieldenforce", filename=os.path.join(instance, "huey.sqlite3"))


# Huey's task decorators need an instance at import time; it is built from the environment only.
huey = build_huey()
