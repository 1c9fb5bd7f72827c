"""What a determinization costs, beside a plain copy of the same position.

Every search iteration starts with one (`Game.determinize`: a full state the deciding seat
cannot tell from the real one), so its cost is paid as often as a playout's. This collects
positions from random games (about one decision in five, each with the seat to move) and
times, round after round in turn (interleaved, so a change of load falls on both alike),
`determinize` for the seat to move and `clone` of the same positions; each figure is the
median round's time per position, in microseconds. One process, one core.

    python benchmarks/determinize_cost.py --game mickey/mini
    python benchmarks/determinize_cost.py --game cup --rounds 9 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from wizarena.core import Game, load_game


def positions(game: Game, games: int, seed: int) -> list[tuple[Any, int]]:
    """(copy of a position, the seat to move) at about one decision in five of `games`
    random games."""
    rnd = random.Random(seed).random
    found: list[tuple[Any, int]] = []
    for g in range(games):
        state = game.new_state(seed + g, log=False)
        while seats := game.to_act(state):
            if rnd() < 0.2:
                found.append((game.clone(state), seats[0]))
            legal = game.legal_actions(state, seats[0])
            game.apply(state, seats[0], legal[int(rnd() * len(legal))])
    return found


def measure(game_id: str, games: int = 20, rounds: int = 5, seed: int = 0) -> dict[str, Any]:
    game = load_game(game_id)
    found = positions(game, games, seed)
    rng = random.Random(seed)
    determinize, clone = game.determinize, game.clone
    times: dict[str, list[float]] = {"determinize": [], "clone": []}
    for _ in range(rounds):
        start = time.perf_counter()
        for state, seat in found:
            determinize(state, seat, rng)
        times["determinize"].append((time.perf_counter() - start) / len(found))
        start = time.perf_counter()
        for state, _ in found:
            clone(state)
        times["clone"].append((time.perf_counter() - start) / len(found))
    return {"game": game_id, "positions": len(found), "rounds": rounds,
            **{f"{name}_us": round(statistics.median(t) * 1e6, 2) for name, t in times.items()}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cup", help="game id, optionally id/variant (default cup)")
    ap.add_argument("--games", type=int, default=20, help="random games to take positions from")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = measure(args.game, args.games, args.rounds, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['game']}: {result['positions']} positions, median of {result['rounds']} rounds: "
              f"determinize {result['determinize_us']} us, clone {result['clone_us']} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
