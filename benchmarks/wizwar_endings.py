"""How Wiz-War games end: by a kill, by treasures, or by the round cap (ruling R1 in
docs/games/wizwar.md), for a given player count and agents.

    python benchmarks/wizwar_endings.py --players 2 --games 300
    python benchmarks/wizwar_endings.py --players 4 --agents greedy --games 100

Every seat plays the same agent spec; game i uses seed i. Prints one line per way of
ending with its count and share, and the mean length in steps.
"""

from __future__ import annotations

import argparse
import collections
import re

from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core import play


def endings(players: int, agent: str, games: int) -> tuple[collections.Counter[str], float]:
    game = load_game("wizwar", players=players)
    ways: collections.Counter[str] = collections.Counter()
    steps = 0
    for seed in range(games):
        agents = [make_agent(agent, seed=players * seed + seat) for seat in range(players)]
        record, state = play(game, agents, seed)
        steps += len(record.moves)
        reason = game.outcome(state).reason
        ways[re.sub(r"P\d", "P#", reason)] += 1
    return ways, steps / games if games else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--agents", default="random", help="the agent spec every seat plays (default random)")
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    ways, mean = endings(args.players, args.agents, args.games)
    print(f"wizwar, {args.players} players, {args.agents} in every seat, {args.games} games "
          f"(mean {mean:.0f} steps):")
    for reason, count in ways.most_common():
        print(f"  {count:5d}  {count / args.games:6.1%}  {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
