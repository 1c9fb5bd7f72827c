"""ISMCTS iterations per second over whole games, on one core.

A decision early in a game (long rollouts) costs more per iteration than one near the
end, so a single position says little: this plays whole games (ISMCTS against an
opponent agent, seats alternated, several seeds) and reports the total iterations of all
searches divided by the total time spent in them, plus the spread over decisions.
Decisions with a single legal action are not searched and not counted.

    python benchmarks/ismcts_speed.py --games 10 --iterations 1000
    python benchmarks/ismcts_speed.py --game cup/swap --json
    python benchmarks/ismcts_speed.py --game mickey --games 2 --iterations 500 --cutoff 0
    python benchmarks/ismcts_speed.py --game wizwar --games 2 --tree moves
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from wizarena import load_game
from wizarena.agents import ISMCTSAgent, make_agent
from wizarena.core import Action, Turn, play


class _Timed:
    """Wraps the search agent and keeps each decision's iterations and seconds."""

    def __init__(self, agent: ISMCTSAgent) -> None:
        self.agent = agent
        self.name = agent.name
        self.samples: list[tuple[int, float]] = []

    def act(self, turn: Turn) -> Action:
        action = self.agent.act(turn)
        if self.agent.last_iterations:
            self.samples.append((self.agent.last_iterations, self.agent.last_seconds))
        return action


def measure(game_id: str, games: int, iterations: int, c: float, opponent: str, base: int,
            cutoff: int | None = None, tree: str = "info") -> dict[str, Any]:
    game = load_game(game_id)
    samples: list[tuple[int, float]] = []
    wall = time.perf_counter()
    for i in range(games):
        seed = base + i
        timed = _Timed(ISMCTSAgent(seed=seed, iterations=iterations, c=c, cutoff=cutoff, tree=tree))
        other = make_agent(opponent, seed=seed + 1_000_003)
        agents = [timed, other] if i % 2 == 0 else [other, timed]
        play(game, agents, seed)
        samples.extend(timed.samples)
    wall = time.perf_counter() - wall
    its = sum(n for n, _ in samples)
    secs = sum(t for _, t in samples)
    rates = sorted(n / t for n, t in samples if t > 0)
    return {
        "game": game_id, "games": games, "iterations": iterations, "c": c, "tree": tree, "opponent": opponent,
        "cutoff": game.rollout_cutoff if cutoff is None else cutoff,
        "decisions": len(samples), "total_iterations": its, "search_seconds": round(secs, 3),
        "iterations_per_second": round(its / secs) if secs else None,
        "per_decision_min": round(rates[0]) if rates else None,
        "per_decision_median": round(statistics.median(rates)) if rates else None,
        "per_decision_max": round(rates[-1]) if rates else None,
        "wall_seconds": round(wall, 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cup")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--c", type=float, default=0.7)
    ap.add_argument("--cutoff", type=int, default=None,
                    help="rollout steps before the heuristic scores the playout; 0 = to the end (default: the game's)")
    ap.add_argument("--tree", choices=("info", "moves"), default="info",
                    help="information sets (the default) or the single-observer tree of moves")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = measure(args.game, args.games, args.iterations, args.c, args.opponent, args.seed, args.cutoff, args.tree)
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"{res['game']}: ISMCTS ({res['iterations']} iterations, c={res['c']}, cutoff={res['cutoff']}, "
          f"tree={res['tree']}) "
          f"against {res['opponent']}, "
          f"{res['games']} games from seed {args.seed}")
    print(f"{res['decisions']} searched decisions, {res['total_iterations']} iterations in "
          f"{res['search_seconds']} s: {res['iterations_per_second']} iterations/s")
    print(f"per decision: min {res['per_decision_min']}, median {res['per_decision_median']}, "
          f"max {res['per_decision_max']} iterations/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
