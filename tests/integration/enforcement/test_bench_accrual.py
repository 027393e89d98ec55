"""`make bench-accrual` keeps measuring what it says: the job beside a bulk insert of exactly the rows it
wrote, with no SQL statement per violation (a small size, on SQLite)."""
from __future__ import annotations

from bench import accrual


def test_the_benchmark_times_the_job_beside_a_bulk_insert_of_the_rows_it_wrote(tmp_path, monkeypatch):
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path))
    with accrual.sqlite_database() as url:
        small = accrual.measure("sqlite", url, 300, plain=False)
    with accrual.sqlite_database() as url:
        big = accrual.measure("sqlite", url, 900, plain=False)
    for r, size in ((small, 300), (big, 900)):
        assert r.offense_days == size and r.notifications == size * 8 // 10 // 2  # half the offenders consent
        assert 0 < r.accruals < size and r.insert_s > 0 and r.offense_days_s > 0
    assert big.statements - small.statements < 10  # set-based: 600 more violations, (almost) no more SQL
    summary = accrual.summary([small, big], 300, 900)
    assert summary.startswith("accrual: sqlite_100k_s=") and "growth_10k_to_100k=" in summary
