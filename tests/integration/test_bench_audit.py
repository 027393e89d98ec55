"""`make bench-audit` keeps measuring what it says: `flask audit verify` on a town whose chain verifies, in
its own process, its peak memory read from that process, and its last line in the stated form (small size)."""
from __future__ import annotations

import re

from bench import audit


def test_the_benchmark_verifies_a_built_town_and_reports_rows_seconds_and_peak(tmp_path, monkeypatch):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path / "instance"))
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    built = audit.build(url, 1500)
    run, _, rows = audit.verify(url, str(tmp_path / "instance"), with_floor=False)
    assert rows == built >= 1500  # every audited row of the town, checked
    assert "carver: 1 Town rows match their events" in run.output
    assert 100 < run.peak_mb < 1000  # the process itself (the Flask app loaded), in MB
    assert re.fullmatch(r"audit: rows=\d+ seconds=\d+\.\d peak_mb=\d+", audit.summary(rows, run))
