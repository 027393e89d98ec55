"""A throwaway server for the crash test: fresh SQLite schema + demo on first start, then serve on PORT
(PORT 0: seed only, print the accounts and exit, for a test that serves the database with gunicorn)."""
from __future__ import annotations

import os
import sys

from werkzeug.serving import make_server

from backend import create_app
from backend.audit import acting_as
from backend.extensions import db


def main() -> None:
    app = create_app({"app_env": "test", "audit_hmac_key": "crash-key", "secret_key": "crash"})
    with app.app_context():
        db.create_all()
        if os.environ.get("SEED") == "1":
            from backend.demo import seed_demo
            with acting_as("test:crash"):
                for email, password, town, role in seed_demo():
                    if town == "carver" and role == "agent":
                        print(f"ACCOUNT {email} {password}", flush=True)
    if sys.argv[1] == "0":
        return
    server = make_server("127.0.0.1", int(sys.argv[1]), app, threaded=True)
    print("READY", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
