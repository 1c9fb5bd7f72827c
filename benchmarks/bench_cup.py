"""Random-playout throughput of Wizards Cup on one core, with OpenSpiel's C++ tic-tac-toe
through the same loop as a yardstick when open_spiel is installed. Prints one JSON object.

    python benchmarks/bench_cup.py [SECONDS] [VARIANT]
"""

from __future__ import annotations

import json
import sys

from wizarena.sim.bench import bench


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    variant = sys.argv[2] if len(sys.argv) > 2 else None
    print(json.dumps(bench("cup", seconds, variant), indent=2))


if __name__ == "__main__":
    main()
