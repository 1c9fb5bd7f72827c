"""What a learner's view of a position costs, in rules steps.

Issue 28 asks that building the observation cost at most two rules steps in every game.
This plays the same random games over and over, as a learner's loop plays them, and times:

- `step`: one rules step, as every loop pays it: who acts, what is legal, apply;
- `tensor`: the same loop with the acting seat's `observation_tensor` built at every step,
  less `step`;
- `mask`: its legal-action mask as the adapters hand it out (`interop.legal_mask`), the
  same way;
- `key`: its `information_key`, what the search asks at every step down its graph.

Every run plays the same games with the same moves (the measures draw no chance), so the
four differ only by what they build. They are timed in turn, round after round
(interleaved, so a change in the machine's load falls on all of them alike), and each
figure is the median round's time per step. One process, one core.

Along games rather than on a list of positions saved beforehand: a saved copy of a position
keeps what the rules worked out for it (Wiz-War keeps the legal list), which would time a
step without its legal list; and what a view keeps for a position it has seen (the
labyrinth's picture) would be timed only once it is kept, where a loop pays for it each
time the position changes.

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

MAX_STEPS = 200_000


def games_to_play(game: Game, steps: int, seed: int) -> list[tuple[int, list[int]]]:
    """(game seed, the index of the move taken at each step) for random games, `steps`
    steps in all (whole games: the last one is played to its end)."""
    rnd = random.Random(seed).random
    found: list[tuple[int, list[int]]] = []
    total, game_seed = 0, seed
    while total < steps:
        state = game.new_state(game_seed, log=False)
        picks: list[int] = []
        while seats := game.to_act(state):
            acts = game.legal_actions(state, seats[0])
            pick = int(rnd() * len(acts))
            picks.append(pick)
            game.apply(state, seats[0], acts[pick])
        found.append((game_seed, picks))
        total += len(picks)
        game_seed += 1
    return found


def timers(game: Game, plays: list[tuple[int, list[int]]]) -> dict[str, Callable[[], float]]:
    """One timed pass over every game per measure; each returns its seconds."""
    to_act, legal, apply, new_state = game.to_act, game.legal_actions, game.apply, game.new_state

    def along(measure: Callable[[Any, int], Any] | None) -> Callable[[], float]:
        def run() -> float:
            seconds = 0.0
            for game_seed, picks in plays:
                state = new_state(game_seed, log=False)
                start = time.perf_counter()
                for pick in picks:
                    seat = to_act(state)[0]
                    acts = legal(state, seat)
                    if measure is not None:
                        measure(state, seat)
                    apply(state, seat, acts[pick])
                seconds += time.perf_counter() - start
            return seconds
        return run

    return {"step": along(None), "tensor": along(game.observation_tensor),
            "mask": along(lambda s, seat: legal_mask(game, s, seat)), "key": along(game.information_key)}


def measure(game_id: str, count: int, rounds: int, seed: int) -> dict[str, Any]:
    game = load_game(game_id)
    plays = games_to_play(game, count, seed)
    steps = sum(len(picks) for _, picks in plays)
    runs = timers(game, plays)
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            seconds[name].append(run())
    total = {name: statistics.median(v) / steps * 1e6 for name, v in seconds.items()}
    step = total["step"]
    us = {"step": step, **{name: total[name] - step for name in ("tensor", "mask", "key")}}
    return {
        "game": game_id, "games": len(plays), "steps": steps, "rounds": rounds,
        "microseconds": {name: round(v, 3) for name, v in us.items()},
        "in_rules_steps": {"tensor": round(us["tensor"] / step, 2), "mask": round(us["mask"] / step, 2),
                           "tensor+mask": round((us["tensor"] + us["mask"]) / step, 2),
                           "key": round(us["key"] / step, 2)},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="game id (repeatable); default: every registered game")
    ap.add_argument("--steps", type=int, default=6000, help="at least this many steps of random games")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first random game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.steps <= MAX_STEPS or not 1 <= args.rounds <= 101:
        raise SystemExit(f"--steps runs from 1 to {MAX_STEPS:,}, --rounds from 1 to 101")
    games = args.game or ["cup", "mickey/mini", "mickey", "wars", "wizwar", "wizwar/8e"]
    for game_id in games:
        result = measure(game_id, args.steps, args.rounds, args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        us, ratio = result["microseconds"], result["in_rules_steps"]
        print(f"{game_id}: {result['steps']:,} steps of {result['games']} games, median of {args.rounds} rounds; "
              f"step {us['step']:.2f} us, tensor {us['tensor']:.2f} ({ratio['tensor']:.2f} steps), "
              f"mask {us['mask']:.2f} ({ratio['mask']:.2f}), tensor+mask {ratio['tensor+mask']:.2f} steps, "
              f"key {us['key']:.2f} ({ratio['key']:.2f})", flush=True)


if __name__ == "__main__":
    main()
