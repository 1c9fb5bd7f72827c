"""What a learner's view of a position costs, in rules steps.

Issue 28 asks that building the observation cost at most two rules steps in every game.
This plays random games to collect positions, then times, over the same positions:

- `step`: one rules step, as every loop pays it: who acts, what is legal, apply (on a
  clone made beforehand, so the clone is not counted);
- `tensor`: the acting seat's `observation_tensor`;
- `mask`: its legal-action mask as the adapters hand it out (`interop.legal_mask`);
- `key`: its `information_key`, what the search asks at every step down its graph.

The four are timed in turn, round after round (interleaved, so a change in the machine's
load falls on all of them alike), and each figure is the median round's time per
position. One process, one core.

    python benchmarks/observation_cost.py
    python benchmarks/observation_cost.py --game mickey/mini --rounds 9 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from wizarena.core import Game, load_game
from wizarena.interop import legal_mask

MAX_POSITIONS = 200_000


def positions(game: Game, count: int, seed: int) -> list[tuple[Any, int, Any]]:
    """(state, acting seat, the action a random player took there) along random games,
    `count` of them in all."""
    rnd = random.Random(seed).random
    found: list[tuple[Any, int, Any]] = []
    game_seed = seed
    while len(found) < count:
        state = game.new_state(game_seed, log=False)
        game_seed += 1
        while len(found) < count and (seats := game.to_act(state)):
            seat = seats[0]
            acts = game.legal_actions(state, seat)
            action = acts[int(rnd() * len(acts))]
            found.append((game.clone(state), seat, action))
            game.apply(state, seat, action)
    return found


def timers(game: Game, found: list[tuple[Any, int, Any]]) -> dict[str, Callable[[], float]]:
    """One timed pass over every position per measure; each returns its seconds."""
    to_act, legal, apply, clone = game.to_act, game.legal_actions, game.apply, game.clone
    tensor, key = game.observation_tensor, game.information_key

    def step() -> float:
        fresh = [(clone(s), seat, a) for s, seat, a in found]
        start = time.perf_counter()
        for s, seat, a in fresh:
            to_act(s)
            legal(s, seat)
            apply(s, seat, a)
        return time.perf_counter() - start

    def each(measure: Callable[[Any, int], Any]) -> Callable[[], float]:
        def run() -> float:
            start = time.perf_counter()
            for s, seat, _ in found:
                measure(s, seat)
            return time.perf_counter() - start
        return run

    return {"step": step, "tensor": each(tensor), "mask": each(lambda s, seat: legal_mask(game, s, seat)),
            "key": each(key)}


def measure(game_id: str, count: int, rounds: int, seed: int) -> dict[str, Any]:
    game = load_game(game_id)
    found = positions(game, count, seed)
    runs = timers(game, found)
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            seconds[name].append(run())
    us = {name: statistics.median(v) / len(found) * 1e6 for name, v in seconds.items()}
    step = us["step"]
    return {
        "game": game_id, "positions": len(found), "rounds": rounds,
        "microseconds": {name: round(v, 3) for name, v in us.items()},
        "in_rules_steps": {"tensor": round(us["tensor"] / step, 2), "mask": round(us["mask"] / step, 2),
                           "tensor+mask": round((us["tensor"] + us["mask"]) / step, 2),
                           "key": round(us["key"] / step, 2)},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="game id (repeatable); default: every registered game")
    ap.add_argument("--positions", type=int, default=6000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first random game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.positions <= MAX_POSITIONS or not 1 <= args.rounds <= 101:
        raise SystemExit(f"--positions runs from 1 to {MAX_POSITIONS:,}, --rounds from 1 to 101")
    games = args.game or ["cup", "mickey/mini", "mickey", "wars", "wizwar", "wizwar/8e"]
    for game_id in games:
        result = measure(game_id, args.positions, args.rounds, args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        us, ratio = result["microseconds"], result["in_rules_steps"]
        print(f"{game_id}: {result['positions']:,} positions, median of {args.rounds} rounds; "
              f"step {us['step']:.2f} us, tensor {us['tensor']:.2f} ({ratio['tensor']:.2f} steps), "
              f"mask {us['mask']:.2f} ({ratio['mask']:.2f}), tensor+mask {ratio['tensor+mask']:.2f} steps, "
              f"key {us['key']:.2f} ({ratio['key']:.2f})", flush=True)


if __name__ == "__main__":
    main()
