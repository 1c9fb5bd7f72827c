"""Random-playout throughput of Wizards of Mickey in each format on one core, against
OpenSpiel's C++ tic-tac-toe through the same loop (when open_spiel is installed), slices
of the two interleaved and medians reported (see wizarena.sim.bench). Prints one JSON object.

    python benchmarks/bench_mickey.py [SECONDS]
"""

from __future__ import annotations

import json
import sys

from wizarena.engine import describe
from wizarena.sim.bench import bench


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    out: dict = {"engine": describe(), "formats": {}}
    for variant in ("mini", "grande", "official"):
        res = bench("mickey", seconds, variant)
        out["formats"][variant] = {
            "steps_per_s": round(res["steps_per_s"]),
            "games_per_s": round(res["games_per_s"], 1),
            "mean_steps": round(res["mean_steps"], 1),
            "reference_steps_per_s": None if res["ratio"] is None else round(res["reference_steps_per_s"]),
            "ratio": None if res["ratio"] is None else round(res["ratio"], 3),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
