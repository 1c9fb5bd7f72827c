"""What the PettingZoo adapter costs: random legal play through the AEC environment
against the same play on the kernel directly.

Three loops play the same games (same seeds, same uniform draw among the legal actions):

- `kernel`: who acts, what is legal, apply — the bare rules engine.
- `kernel+obs`: the same, plus the acting seat's `observation_tensor` and legal-action
  mask, i.e. what any learning loop needs each step; the gap between this and the
  environment is the adapter's own overhead.
- `pettingzoo`: `agent_iter` / `last()` / a draw from the action mask / `step` on
  `env()`, and the same inside PettingZoo's OrderEnforcingWrapper, to show what that
  wrapper costs.

The kernel loops draw from the legal list in the game's own order, the environment from
the mask, in id order. Where a game lists its actions in another order (Wizard Wars,
Wiz-War) the loops therefore play different random games of the same kind, so the
per-step figures compare like with like but the decision counts differ; where the orders
agree, the counts must match exactly, a check on the adapter.

Per-step times count decisions only (the dead steps that close an AEC episode are timed
but not counted). Best of `--repeat` runs, one process, one core.

    python benchmarks/bench_pettingzoo.py
    python benchmarks/bench_pettingzoo.py --game cup/swap --games 2000 --json
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from wizarena.core import load_game
from wizarena.interop import legal_mask
from wizarena.interop.pettingzoo import env


def kernel(game_id: str, games: int, base: int, with_obs: bool) -> tuple[int, float]:
    game = load_game(game_id)
    to_act, legal, apply, new_state = game.to_act, game.legal_actions, game.apply, game.new_state
    observe = game.observation_tensor
    rnd = random.Random(base).random
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        s = new_state(base + i, log=False)
        while True:
            seats = to_act(s)
            if not seats:
                break
            p = seats[0]
            if with_obs:
                observe(s, p)
                legal_mask(game, s, p)
            acts = legal(s, p)
            apply(s, p, acts[int(rnd() * len(acts))])
            steps += 1
    return steps, time.perf_counter() - start


def lists_in_id_order(game_id: str, base: int) -> bool:
    """Whether the game's legal lists come in id order, as the mask does, throughout one
    random game: then the kernel loops and the environment play the very same games."""
    game = load_game(game_id)
    rnd = random.Random(base).random
    state = game.new_state(base, log=False)
    while seats := game.to_act(state):
        acts = game.legal_actions(state, seats[0])
        if any(a.id >= b.id for a, b in zip(acts, acts[1:], strict=False)):
            return False
        game.apply(state, seats[0], acts[int(rnd() * len(acts))])
    return True


def pettingzoo(make: Callable[..., Any], game_id: str, games: int, base: int) -> tuple[int, float]:
    e = make(game_id)
    rnd = random.Random(base).random
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        e.reset(seed=base + i)
        last, step = e.last, e.step
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = last()
            if terminated or truncated:
                step(None)
                continue
            acts = obs["action_mask"].nonzero()[0]
            step(acts[int(rnd() * len(acts))])
            steps += 1
    return steps, time.perf_counter() - start


def wrapped(game_id: str) -> Any:
    """The environment inside PettingZoo's OrderEnforcingWrapper, as many examples build it."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
    return OrderEnforcingWrapper(env(game_id))


def measure(game_id: str, games: int, base: int, repeat: int) -> dict[str, Any]:
    loops: dict[str, Callable[[], tuple[int, float]]] = {
        "kernel": lambda: kernel(game_id, games, base, False),
        "kernel+obs": lambda: kernel(game_id, games, base, True),
        "pettingzoo": lambda: pettingzoo(env, game_id, games, base),
        "pettingzoo+order-wrapper": lambda: pettingzoo(wrapped, game_id, games, base),
    }
    per_step: dict[str, float] = {}
    counts: dict[str, int] = {}
    for name, run in loops.items():
        best = float("inf")
        for _ in range(repeat):
            steps, secs = run()
            best = min(best, secs / steps)
        per_step[name] = best
        counts[name] = steps
    same_games = lists_in_id_order(game_id, base)
    if same_games and len(set(counts.values())) != 1:
        raise SystemExit(f"the loops played different games: {counts}")
    k, ko = per_step["kernel"], per_step["kernel+obs"]
    envs = {n: v for n, v in per_step.items() if n.startswith("pettingzoo")}
    return {
        "game": game_id, "games": games, "steps": counts["kernel"], "same_games": same_games,
        "decisions": counts,
        "microseconds_per_step": {n: round(v * 1e6, 2) for n, v in per_step.items()},
        "ratio_vs_kernel": {n: round(v / k, 2) for n, v in envs.items()},
        "ratio_vs_kernel_plus_obs": {n: round(v / ko, 2) for n, v in envs.items()},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cup")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--repeat", type=int, default=3, help="runs per loop; the best counts")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = measure(args.game, args.games, args.seed, args.repeat)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['game']}: {result['games']} games, {result['steps']} decisions"
          + ("" if result["same_games"] else " (the environment's random games differ: legal order is not id order)"))
    for name, us in result["microseconds_per_step"].items():
        extra = ""
        if name.startswith("pettingzoo"):
            extra = (f"  {result['ratio_vs_kernel'][name]:.2f}x kernel, "
                     f"{result['ratio_vs_kernel_plus_obs'][name]:.2f}x kernel+obs")
        print(f"  {name:22s} {us:7.2f} us/step{extra}")


if __name__ == "__main__":
    main()
