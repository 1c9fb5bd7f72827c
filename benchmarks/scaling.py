"""Does a simulation scale? Games per second with 1 and with 2 workers, on the process
pool and on Ray, and the efficiency: the 2-worker rate over twice the 1-worker rate.

Each configuration runs `--repeats` times, the configurations interleaved (pool 1, pool 2,
ray 1, ray 2, pool 1, ...) so that a change in the machine's load falls on all of them; the
figure is the median. Start-up is left out of the rate: Ray is started once before any
timing (a local cluster of as many CPUs as the most workers asked for), and each backend
plays one untimed warm-up run, so that Ray's workers exist and the pool's import cost is
known; the pool's own start (spawning its processes) stays in, as a user meets it.

    python benchmarks/scaling.py                          # Cup, random agents, 200,000 games a run
    python benchmarks/scaling.py --game wars --games 4000 --agents greedy,greedy
    python benchmarks/scaling.py --backends pool --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from wizarena.sim import simulate
from wizarena.sim.simulate import split_agents

TARGET = 0.90


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cup")
    ap.add_argument("--agents", default="random,random")
    ap.add_argument("--games", type=int, default=200_000, help="games a run (default 200,000)")
    ap.add_argument("--workers", default="1,2", help="worker counts to compare (default 1,2)")
    ap.add_argument("--backends", default="pool,ray")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    specs = split_agents(args.agents)
    counts = [int(w) for w in args.workers.split(",")]
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    if "ray" in backends:
        import ray

        ray.init(num_cpus=max(counts), include_dashboard=False, log_to_driver=False)
    for backend in backends:  # warm-up: Ray's worker processes, the file cache, the imports
        simulate(args.game, specs, max(200, args.games // 50), workers=max(counts), backend=backend)
    rates: dict[tuple[str, int], list[float]] = {(b, w): [] for b in backends for w in counts}
    for r in range(args.repeats):
        for backend in backends:
            for workers in counts:
                started = time.perf_counter()
                result = simulate(args.game, specs, args.games, seed=r * args.games, workers=workers,
                                  backend=backend)
                rate = result.games / (time.perf_counter() - started)
                rates[(backend, workers)].append(rate)
                if not args.json:
                    print(f"  {backend} x{workers}: {rate:,.0f} games/s", file=sys.stderr, flush=True)
    report: dict[str, object] = {"game": args.game, "agents": specs, "games_per_run": args.games,
                                 "repeats": args.repeats, "backends": {}}
    ok = True
    for backend in backends:
        medians = {w: statistics.median(rates[(backend, w)]) for w in counts}
        one, most = medians[min(counts)], medians[max(counts)]
        efficiency = most / (one * max(counts) / min(counts))
        ok &= efficiency >= TARGET
        report["backends"][backend] = {"games_per_s": {str(w): round(v) for w, v in medians.items()},  # type: ignore[index]
                                       "runs": {str(w): [round(v) for v in rates[(backend, w)]] for w in counts},
                                       "efficiency": round(efficiency, 3)}
        if not args.json:
            shown = ", ".join(f"{w} worker(s) {v:,.0f} games/s" for w, v in medians.items())
            print(f"{backend}: {shown}; efficiency {efficiency:.1%} (target {TARGET:.0%})")
    report["ok"] = ok
    if args.json:
        print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
