"""How much stronger is agent A than agent B? Play N games with seats alternated.

Game i uses seed `base + i` and puts A in seat `i % 2`, so both agents see the same deals
from both sides and the seat advantage cancels out. With `--players n` A takes seat `i % n`
and B fills the other seats (one agent of B's spec each). Games run in parallel processes; each
game builds its agents from their specs with seeds derived from the game's seed, so the
result does not depend on how games are spread over processes.

A draw counts as half a win in the score; wins, draws and losses are reported separately
too, and the 95% Wilson interval is given both for the score and for the strict win rate.
Each side's decisions are timed (mean, median, 99th percentile, longest; wall clock, so
say the machine's load beside them): a target "within 1 s a move" reads there.

    python benchmarks/strength.py ismcts:iterations=1000 random --games 400
    python benchmarks/strength.py ismcts greedy --game cup/swap --json
    python benchmarks/strength.py ismcts random --game wizwar --players 4 --games 100

`--a-sees-all` measures how much a game leaves to win, not an agent: A's search samples
the true position (every hidden card; chance to come is drawn from a fresh generator)
instead of positions its seat cannot tell from it. No fair agent can do better with the
same search, so if such an A does not reach a score, no agent of that kind will.

    python benchmarks/strength.py ismcts:iterations=3000 ismcts:iterations=1000,tree=moves \
        --game mickey/mini --a-sees-all

Seeing all includes the order of the face-down draw piles, so such an A also knows what
everyone will draw. `--a-sees-hands` shuffles those piles in every world A's search
samples: A knows every card in play and in hand but not the future, which bounds what a
seat could gain by perfect inference about the others' hands alone. The piles are named per
game in DRAW_PILES (Cup has none: its decks are ordered by their players).

    python benchmarks/strength.py ismcts:iterations=1000 ismcts:iterations=1000,tree=moves \
        --game wizwar --a-sees-hands
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import random
import sys
import time
from typing import Any

from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core import Rng, play
from wizarena.core.match import Agent, Turn

_Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval: unlike the normal one it stays inside [0, 1] and is
    sensible near 0 and 1, where strong agents live."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


# The face-down draw piles of each game's state (`--a-sees-hands`): a flat list, or a list
# per seat or per group. Cup's decks are ordered by their players, not by chance.
DRAW_PILES: dict[str, tuple[str, ...]] = {
    "cup": (), "mickey": ("deck", "cdeck"), "wars": ("deck",), "wizwar": ("deck",), "wizwar/8e": ("decks",),
}


def draw_piles(game_id: str) -> tuple[str, ...]:
    """The draw piles of `game_id` (an id, optionally id/variant)."""
    family = "wizwar/8e" if game_id.startswith("wizwar/8e") else game_id.split("/")[0]
    return DRAW_PILES[family]


class _SeenTurn(Turn):
    """A decision whose `determinize` is the true position, with a fresh generator for
    chance to come and, when `piles` names them, the draw piles shuffled (reads the
    match's own state: a measuring tool, not an agent)."""

    __slots__ = ("piles",)

    def __init__(self, turn: Turn, piles: tuple[str, ...]) -> None:
        super().__init__(turn.game, turn._state, turn.seat)
        self.piles = piles

    def determinize(self, rng: random.Random) -> Any:
        table = self.game.clone(self._state)
        draw = Rng(rng.getrandbits(64))
        table.rng = draw
        for name in self.piles:
            pile = getattr(table, name)
            for cards in (pile if pile and isinstance(pile[0], list) else [pile]):
                draw.shuffle(cards)
        return table


class SeesAll:
    """An agent whose searches see every hidden card (`--a-sees-all`), or every card but
    the order of the draw piles (`--a-sees-hands`: `piles` names them)."""

    def __init__(self, agent: Agent, piles: tuple[str, ...] = ()) -> None:
        self.agent = agent
        self.piles = piles
        self.name = f"{agent.name}, seeing {'the hands' if piles else 'all'}"

    def act(self, turn: Turn) -> Any:
        return self.agent.act(_SeenTurn(turn, self.piles))


class Timed:
    """An agent whose decisions are timed (wall clock), for the report's seconds a decision."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def act(self, turn: Turn) -> Any:
        start = time.perf_counter()
        action = self.agent.act(turn)
        self.times.append(time.perf_counter() - start)
        return action


def _play_one(job: tuple[str, str, str, int, int, int | None, str]) -> tuple[int, float, list[float], list[float]]:
    """One game; returns (game index, A's reward: positive for a win, 0 for a draw, the
    seconds of each of A's decisions, those of B's seats). With n players, A sits in seat
    i mod n and B fills every other seat."""
    game_id, spec_a, spec_b, base, i, players, sees = job
    game = load_game(game_id, players=players)
    n = game.num_players
    seed = base + i
    a_seat = i % n
    # Distinct, reproducible agent seeds: no two agents share a random stream.
    agents: list[Agent] = [make_agent(spec_a if seat == a_seat else spec_b, seed=n * seed + seat)
                           for seat in range(n)]
    if sees:
        agents[a_seat] = SeesAll(agents[a_seat], draw_piles(game_id) if sees == "hands" else ())
    timed = [Timed(agent) for agent in agents]
    _, state = play(game, list(timed), seed)
    outcome = game.outcome(state)
    return (i, outcome.reward(a_seat), timed[a_seat].times,
            [t for seat, agent in enumerate(timed) if seat != a_seat for t in agent.times])


Result = tuple[int, float, list[float], list[float]]


def decision_seconds(times: list[float]) -> dict[str, float]:
    """Mean, median, 99th percentile and longest of a side's decision times, in seconds."""
    if not times:
        return {"decisions": 0, "mean": 0.0, "median": 0.0, "p99": 0.0, "longest": 0.0}
    ordered = sorted(times)
    return {"decisions": len(ordered), "mean": round(sum(ordered) / len(ordered), 4),
            "median": round(ordered[len(ordered) // 2], 4),
            "p99": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 4),
            "longest": round(ordered[-1], 4)}


def _report(progress: bool, results: list[Result], start: float) -> None:
    """With --progress, the running tally on stderr after each game: a long run that
    has to be stopped still tells how it stood."""
    if progress:
        wins = sum(1 for _, r, _, _ in results if r > 0)
        draws = sum(1 for _, r, _, _ in results if r == 0)
        print(f"{len(results)} games: A wins {wins}, draws {draws}, loses {len(results) - wins - draws}"
              f" ({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)


def run(game_id: str, spec_a: str, spec_b: str, games: int, base: int, workers: int,
        progress: bool = False, players: int | None = None, sees: str = "") -> dict[str, Any]:
    """`sees`: "" (A plays fair), "all" or "hands" (`--a-sees-all`, `--a-sees-hands`)."""
    n = load_game(game_id, players=players).num_players  # fail fast, before any process starts
    make_agent(spec_a)
    make_agent(spec_b)
    draw_piles(game_id)  # a game without named draw piles fails here too, not in a worker
    jobs = [(game_id, spec_a, spec_b, base, i, players, sees) for i in range(games)]
    start = time.perf_counter()
    results: list[Result] = []
    if workers <= 1:
        for j in jobs:
            results.append(_play_one(j))
            _report(progress, results, start)
    else:
        with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(workers) as pool:
            for r in pool.imap_unordered(_play_one, jobs, chunksize=1):
                results.append(r)
                _report(progress, results, start)
    elapsed = time.perf_counter() - start
    results.sort(key=lambda result: result[0])
    rewards = [r for _, r, _, _ in results]
    wins = sum(1 for r in rewards if r > 0)
    draws = sum(1 for r in rewards if r == 0)
    losses = games - wins - draws
    score = (wins + 0.5 * draws) / games if games else 0.0
    lo, hi = wilson(wins + 0.5 * draws, games)
    wlo, whi = wilson(wins, games)
    by_seat = {}
    for seat in range(n):
        rs = rewards[seat::n]
        by_seat[seat] = {"games": len(rs), "wins": sum(1 for r in rs if r > 0),
                         "draws": sum(1 for r in rs if r == 0)}
    return {
        "game": game_id, "players": n, "a": spec_a, "b": spec_b, "a_sees_all": sees == "all",
        "a_sees_hands": sees == "hands", "games": games,
        "base_seed": base,
        "wins": wins, "draws": draws, "losses": losses,
        "score": score, "score_ci95": [lo, hi],
        "win_rate": wins / games if games else 0.0, "win_rate_ci95": [wlo, whi],
        "a_by_seat": by_seat, "workers": workers, "seconds": round(elapsed, 1),
        "a_decision_seconds": decision_seconds([t for _, _, times, _ in results for t in times]),
        "b_decision_seconds": decision_seconds([t for _, _, _, times in results for t in times]),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="agent A spec, e.g. ismcts:iterations=1000")
    ap.add_argument("b", help="agent B spec, e.g. random")
    ap.add_argument("--game", default="cup", help="game id, optionally id/variant (default cup)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=None, help="player count (default: the game's own); "
                    "A takes seat i mod n in game i and B every other seat")
    ap.add_argument("--seed", type=int, default=0, help="seed of game 0; game i uses seed+i")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    ap.add_argument("--progress", action="store_true", help="print the tally after each game on stderr")
    sight = ap.add_mutually_exclusive_group()
    sight.add_argument("--a-sees-all", action="store_true",
                        help="A's search sees every hidden card: how much the game leaves to win (see above)")
    sight.add_argument("--a-sees-hands", action="store_true",
                        help="the same but for the order of the draw piles: what inference could win at most")
    args = ap.parse_args(argv)
    res = run(args.game, args.a, args.b, args.games, args.seed, args.workers, args.progress, args.players,
              "all" if args.a_sees_all else "hands" if args.a_sees_hands else "")
    if args.json:
        print(json.dumps(res))
        return 0
    lo, hi = res["score_ci95"]
    wlo, whi = res["win_rate_ci95"]
    seeing = (", seeing all hidden cards," if res["a_sees_all"]
              else ", seeing every hand," if res["a_sees_hands"] else "")
    print(f"{res['game']}, {res['players']} players: {res['a']} (A{seeing}) against {res['b']} (B), "
          f"{res['games']} games, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, seats alternated")
    print(f"A wins {res['wins']}, draws {res['draws']}, loses {res['losses']}")
    print(f"A score (draw = half a win): {res['score']:.1%}  95% Wilson [{lo:.1%}, {hi:.1%}]")
    print(f"A strict win rate:           {res['win_rate']:.1%}  95% Wilson [{wlo:.1%}, {whi:.1%}]")
    for seat, s in res["a_by_seat"].items():
        print(f"  A in seat {seat}: {s['wins']} wins, {s['draws']} draws of {s['games']}")
    for side in ("a", "b"):
        d = res[f"{side}_decision_seconds"]
        print(f"{side.upper()}'s decisions: {d['decisions']}, seconds a decision: mean {d['mean']}, "
              f"median {d['median']}, 99th percentile {d['p99']}, longest {d['longest']} (wall clock)")
    print(f"{res['seconds']} s on {res['workers']} processes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
