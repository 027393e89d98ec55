"""One module per notification kind, each declaring `KIND = Spec(...)` (backend/notifications/spec.py) and its
pure renderers. Found by discovery (backend/notifications/catalogue.py): adding a kind is one module here plus
its reviewed snapshots (tests/integration/notifications/snapshots/)."""
