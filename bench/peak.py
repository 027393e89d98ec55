"""Run a module as ``__main__`` and print its own peak resident memory when it exits:
``python -m bench.peak MODULE ARGS...`` -> last line on stderr ``peak_rss_kib=<VmHWM>``.

VmHWM (Linux, /proc/self/status) belongs to the program after exec, unlike a child's ``ru_maxrss``, which
also counts the pages of the parent it was forked from (a benchmark that has just built millions of rows).
"""
from __future__ import annotations

import atexit
import runpy
import sys


def _report() -> None:
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    print(f"peak_rss_kib={peak}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    atexit.register(_report)
    sys.argv = sys.argv[1:]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
