"""Random-playout throughput of Wizards of Mickey in each format on one core, against
OpenSpiel's C++ tic-tac-toe through the same loop (when open_spiel is installed), all in
one run so the ratios share the machine's state. Prints one JSON object.

    python benchmarks/bench_mickey.py [SECONDS]
"""

from __future__ import annotations

import json
import sys

from wizarena.sim.bench import playouts, reference_playouts


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    ref = reference_playouts(seconds)
    out: dict = {"reference_steps_per_s": None if ref is None else ref["steps_per_s"], "formats": {}}
    for variant in ("mini", "grande", "official"):
        ours = playouts("mickey", seconds, variant)
        out["formats"][variant] = {
            "steps_per_s": round(ours["steps_per_s"]),
            "games_per_s": round(ours["games_per_s"], 1),
            "mean_steps": round(ours["steps"] / ours["games"], 1),
            "ratio": None if ref is None else round(ours["steps_per_s"] / ref["steps_per_s"], 3),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
