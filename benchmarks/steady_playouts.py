"""Random-playout speed on fixed work, after a warm-up: the A/B harness for engine changes.

    python benchmarks/steady_playouts.py --game wizwar --players 4 --warm 150 --games 300

`wizarena bench` measures for a given time against a reference in the same run, which is
the figure to quote; but its slices move with the machine, and a process's first games
(while it learns, for example, Wiz-War's sight lines) weigh on a short run. To tell two
builds apart, run this once per build, alternating, several times: the same seeds and the
same random choices every time, so both builds do exactly the same work. It prints the
warm-up's rate and the steady rate (steps a second) of the measured games.
"""

from __future__ import annotations

import argparse
import random
import time

from wizarena import load_game
from wizarena.engine import describe


def playouts(game_id: str, players: int | None, seeds: range) -> tuple[int, float]:
    """Plays uniformly random games from `seeds`; returns (steps, seconds)."""
    game = load_game(game_id, players=players)
    to_act, legal, apply, new_state = game.to_act, game.legal_actions, game.apply, game.new_state
    rnd = random.Random(0).random
    steps = 0
    start = time.perf_counter()
    for seed in seeds:
        s = new_state(seed, log=False)
        while True:
            seats = to_act(s)
            if not seats:
                break
            acts = legal(s, seats[0])
            apply(s, seats[0], acts[int(rnd() * len(acts))])
            steps += 1
    return steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="wizwar")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--warm", type=int, default=150, help="games played first, not measured")
    ap.add_argument("--games", type=int, default=300, help="games measured")
    args = ap.parse_args(argv)
    if args.warm < 0 or args.games < 1:
        ap.error("--warm must be >= 0 and --games >= 1")
    warm_steps, warm_seconds = playouts(args.game, args.players, range(10_000, 10_000 + args.warm))
    steps, seconds = playouts(args.game, args.players, range(args.games))
    warm_rate = warm_steps / warm_seconds if warm_seconds > 0 else 0.0
    print(f"{args.game} ({describe()}): warm-up {warm_rate:,.0f} steps/s over {args.warm} games; "
          f"steady {steps / seconds:,.0f} steps/s over {args.games} games ({steps / args.games:.0f} steps a game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
