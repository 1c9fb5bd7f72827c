"""Peak memory of a large simulation: `wizarena simulate` must not grow with the games.

Runs the real command in a child process and reports the peak resident set size of the
command's own process and of each worker (each measures itself with getrusage and the
command reports it in its JSON), plus getrusage(RUSAGE_CHILDREN) seen from here, which
is the largest of them all. With --records the games are also streamed to a temporary
file (JSON lines, or Parquet with --records parquet), the case that would show records
being kept in memory. The whole job must stay under 500 MB: the sum of every process's
peak.

    python benchmarks/memory_simulate.py                      # 1,000,000 Cup games, 2 workers
    python benchmarks/memory_simulate.py --games 200000 --records parquet
    python benchmarks/memory_simulate.py --backend ray        # the Ray workers are not counted
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

LIMIT_MB = 500.0


def _mb(ru_maxrss: int) -> float:
    return ru_maxrss / (1024 * 1024) if sys.platform == "darwin" else ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", default="random,random")
    ap.add_argument("--game", default="cup")
    ap.add_argument("--records", nargs="?", const="jsonl", choices=["jsonl", "parquet"],
                    help="also stream records to a temporary file, JSON lines (the default) or Parquet")
    ap.add_argument("--backend", default="pool")
    args = ap.parse_args()
    cmd = [sys.executable, "-m", "wizarena.cli", "simulate", args.game, "--games", str(args.games),
           "--agents", args.agents, "--workers", str(args.workers), "--backend", args.backend, "--json"]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, f"records.{args.records or 'jsonl'}")
        if args.records:
            cmd += ["--out", out]
        started = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True)
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return done.returncode
        records_mb = os.path.getsize(out) / 2**20 if args.records else None
    result = json.loads(done.stdout)
    peak = result.get("peak_rss_mb", {})
    children_mb = _mb(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    report = {
        "command": " ".join(["wizarena", *cmd[3:]]),
        "games": result["games"],
        "seconds": round(elapsed, 1),
        "games_per_s": round(result["games"] / elapsed),
        "parent_peak_rss_mb": peak.get("parent"),
        "worker_peak_rss_mb": peak.get("workers"),
        "largest_child_peak_rss_mb": round(children_mb, 1),
        "records_file_mb": None if records_mb is None else round(records_mb, 1),
        "limit_mb": LIMIT_MB,
    }
    total = (peak.get("parent") or 0) + sum(peak.get("workers") or [])
    report["sum_of_peaks_mb"] = round(total, 1)
    report["ok"] = total < LIMIT_MB
    print(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
