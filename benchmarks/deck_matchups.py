"""Are a game's decks balanced? Every pair of decks, played by the same agent on both sides.

For each pair (A, B) of the decks named, game i uses seed `base + i` and deals deck A to
seat `i % 2` (the config's `decks` list in seat order), so both decks meet the same shuffles
from both seats and the first-player advantage cancels out. Both seats are played by one
agent spec (greedy by default); the figure is deck A's score (a draw is half a win) with
its 95% Wilson interval, and whether it lies in the band asked of a balanced pair.

    python benchmarks/deck_matchups.py --game wars --decks ember,tide,grove --games 1000
    python benchmarks/deck_matchups.py --game mickey/mini --decks DECK1,DECK2 --agent random

Works for any game whose config takes `{"decks": [seat 0's, seat 1's]}` (ready-deck names
or deck objects), through the kernel only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing as mp
import os
import sys
import time
from typing import Any

from strength import wilson

from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core import play


def _play_one(job: tuple[str, str, str, str, int, int]) -> tuple[int, float]:
    """One game of deck A against deck B; returns (index, deck A's reward)."""
    game_id, agent, deck_a, deck_b, base, i = job
    game = load_game(game_id)
    seed = base + i
    a_seat = i % 2
    decks = [deck_a, deck_b] if a_seat == 0 else [deck_b, deck_a]
    agents = [make_agent(agent, seed=2 * seed + seat) for seat in range(2)]
    _, state = play(game, agents, seed, {"decks": decks})
    return i, game.outcome(state).reward(a_seat)


def pair(game_id: str, agent: str, deck_a: str, deck_b: str, games: int, base: int,
         pool: Any | None) -> dict[str, Any]:
    jobs = [(game_id, agent, deck_a, deck_b, base, i) for i in range(games)]
    results = list(pool.imap_unordered(_play_one, jobs, chunksize=4)) if pool else [_play_one(j) for j in jobs]
    rewards = [r for _, r in sorted(results)]
    wins = sum(1 for r in rewards if r > 0)
    draws = sum(1 for r in rewards if r == 0)
    score = (wins + 0.5 * draws) / games
    lo, hi = wilson(wins + 0.5 * draws, games)
    first = rewards[0::2]  # deck A in seat 0
    return {"a": deck_a, "b": deck_b, "games": games, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "score": score, "score_ci95": [lo, hi],
            "a_wins_in_seat_0": sum(1 for r in first if r > 0), "a_games_in_seat_0": len(first)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, help="game id, optionally id/variant")
    ap.add_argument("--decks", required=True, help="comma-separated ready-deck names (two or more)")
    ap.add_argument("--agent", default="greedy", help="agent spec for both seats (default greedy)")
    ap.add_argument("--games", type=int, default=1000, help="games per pair (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of game 0; game i uses seed+i")
    ap.add_argument("--band", type=float, default=0.4, help="a balanced pair's score lies in "
                    "[band, 1-band] (default 0.4)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true", help="print the results as one JSON object")
    args = ap.parse_args(argv)
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    if len(decks) < 2 or args.games < 1:
        ap.error("give two or more decks and a positive number of games")
    load_game(args.game)  # fail fast, before any process starts
    make_agent(args.agent)
    start = time.perf_counter()
    results = []
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(args.workers) if args.workers > 1 else _NoPool() as pool:
        for a, b in itertools.combinations(decks, 2):
            try:
                res = pair(args.game, args.agent, a, b, args.games, args.seed, pool)
            except ValueError as exc:  # a deck that is unknown or illegal for this game
                print(f"error: {a} vs {b}: {exc}", file=sys.stderr)
                return 1
            res["balanced"] = args.band <= res["score"] <= 1 - args.band
            results.append(res)
            if not args.json:
                lo, hi = res["score_ci95"]
                print(f"{a} vs {b}: {a} scores {res['score']:.1%} [{lo:.1%}, {hi:.1%}] over {res['games']} "
                      f"games ({res['wins']} wins, {res['draws']} draws, {res['losses']} losses)"
                      f"{'' if res['balanced'] else '  OUTSIDE THE BAND'}", flush=True)
    elapsed = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps({"game": args.game, "agent": args.agent, "band": args.band, "pairs": results,
                          "seconds": elapsed}))
    else:
        print(f"{sum(r['balanced'] for r in results)} of {len(results)} pairs inside "
              f"[{args.band:.0%}, {1 - args.band:.0%}]; {elapsed} s on {args.workers} processes")
    return 0


class _NoPool:
    """Stands in for a process pool when running in this process."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


if __name__ == "__main__":
    raise SystemExit(main())
