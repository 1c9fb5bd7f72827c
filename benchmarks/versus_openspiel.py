"""Our `ismcts` against OpenSpiel's own Python IS-MCTS bot, on our games through our
OpenSpiel adapter: at equal iterations (how strong the search is per iteration) and at
equal time (how strong it is per second).

Game i is wizarena game `seed + i` with our agent in seat i mod 2, so both see the same
deals from both sides. OpenSpiel's bot runs as its documentation shows it: random
rollouts (`RandomRolloutEvaluator(1)`), UCT with c = 2, the most visited action. At equal
time our agent is given, for each decision, the mean time OpenSpiel's bot took over its
last RECENT (2) decisions in that game (the first measured once on the first position
before the game starts) less the mean time ours has so far run over its budgets (the
adapter's conversions, the search's set-up), and no iteration limit. Recent decisions, not
the game's mean so far: a decision costs their bot less as the game shortens its
playouts, so a running mean lags and gave ours about a fifth more time than theirs. Both
then spend about the same time a decision, which the report shows. Reports our score with
its 95% Wilson interval, both agents' seconds per decision, and OpenSpiel's iterations a
second.

    python benchmarks/versus_openspiel.py --game cup --games 400 --iterations 300
    python benchmarks/versus_openspiel.py --game mickey/mini --games 400 --iterations 300 --equal-time
    python benchmarks/versus_openspiel.py --game cup --ours ismcts:tree=moves --games 100
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from typing import Any

import numpy as np

from wizarena.agents import make_agent

try:
    from strength import wilson  # run as a script from benchmarks/
except ImportError:  # imported as benchmarks.versus_openspiel
    from benchmarks.strength import wilson


MIN_BUDGET = 0.001  # seconds: the least budget ours is given at equal time
RECENT = 2          # their decisions whose mean paces ours at equal time


def _spiel_game(game_id: str) -> Any:
    import pyspiel

    from wizarena.interop import openspiel
    from wizarena.interop._common import spiel_name
    openspiel.register_all()
    gid, _, variant = game_id.partition("/")
    return pyspiel.load_game(spiel_name(gid, variant or None))


def _play_one(job: tuple[str, str, int, float, int, int, bool]) -> dict[str, float]:
    """One game: our reward, and each side's decisions and seconds spent deciding."""
    from open_spiel.python.algorithms import ismcts, mcts

    from wizarena.interop import openspiel

    game_id, ours_spec, iterations, uct_c, seed, ours_seat, equal_time = job
    game = _spiel_game(game_id)
    theirs = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), uct_c,
                              iterations, random_state=np.random.RandomState(seed + 1))
    state = game.new_initial_state(str(seed))
    their_time, their_decisions = 0.0, 0
    recent: list[float] = []  # their latest decisions' seconds, for the pace at equal time
    if equal_time:  # a first measure of their pace, from this game's first position
        start = time.perf_counter()
        theirs.step(state.clone())
        recent.append(time.perf_counter() - start)
    spec = ours_spec if not equal_time else f"{ours_spec}{',' if ':' in ours_spec else ':'}seconds=1"
    ours = make_agent(spec if equal_time else f"{ours_spec}{',' if ':' in ours_spec else ':'}iterations={iterations}",
                      seed=seed)
    our_time, our_decisions = 0.0, 0
    overrun = 0.0  # our seconds beyond the budgets given, all decisions so far
    while not state.is_terminal():
        several = len(state.legal_actions()) > 1
        start = time.perf_counter()
        if state.current_player() == ours_seat:
            budget = 0.0
            if equal_time:
                # Their recent pace, less what ours has run over its budgets on average (the
                # adapter's conversions, the search's set-up and last checks): so that ours
                # spends on average the time theirs does, not that plus its overheads.
                budget = max(MIN_BUDGET, sum(recent) / len(recent) - overrun / max(1, our_decisions))
                ours.seconds = budget
            action = openspiel.act(ours, state)
            if several:
                spent = time.perf_counter() - start
                our_time, our_decisions = our_time + spent, our_decisions + 1
                overrun += spent - budget if equal_time else 0.0
        else:
            action = theirs.step(state)
            if several:
                spent = time.perf_counter() - start
                their_time, their_decisions = their_time + spent, their_decisions + 1
                recent = [*recent, spent][-RECENT:]
        state.apply_action(action)
    return {"reward": state.returns()[ours_seat], "our_time": our_time, "our_decisions": our_decisions,
            "their_time": their_time, "their_decisions": their_decisions}


def run(game_id: str, ours: str, games: int, iterations: int, uct_c: float, base: int, workers: int,
        equal_time: bool, progress: bool) -> dict[str, Any]:
    _spiel_game(game_id)  # an unknown game fails here, before any process starts
    make_agent(ours)
    jobs = [(game_id, ours, iterations, uct_c, base + i, i % 2, equal_time) for i in range(games)]
    results: list[dict[str, float]] = []
    start = time.perf_counter()
    if workers <= 1:
        stream: Any = map(_play_one, jobs)
        pool = None
    else:
        pool = mp.get_context("fork").Pool(workers)
        stream = pool.imap_unordered(_play_one, jobs, chunksize=1)
    for r in stream:
        results.append(r)
        if progress:
            won = sum(x["reward"] > 0 for x in results)
            print(f"{len(results)} games: ours won {won} ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)
    if pool is not None:
        pool.close()
    wins = sum(1 for r in results if r["reward"] > 0)
    draws = sum(1 for r in results if r["reward"] == 0)
    score = (wins + 0.5 * draws) / games
    lo, hi = wilson(wins + 0.5 * draws, games)
    ours_pace = sum(r["our_time"] for r in results) / max(1, sum(r["our_decisions"] for r in results))
    their_pace = sum(r["their_time"] for r in results) / max(1, sum(r["their_decisions"] for r in results))
    return {"game": game_id, "ours": ours, "theirs": f"open_spiel ISMCTSBot(uct_c={uct_c}, "
            f"max_simulations={iterations}, RandomRolloutEvaluator(1))", "equal_time": equal_time,
            "games": games, "base_seed": base, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "score": score, "score_ci95": [lo, hi], "our_seconds_per_decision": ours_pace,
            "their_seconds_per_decision": their_pace, "their_iterations_per_second": iterations / their_pace
            if their_pace else None, "seconds": round(time.perf_counter() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="cup", help="game id, optionally id/variant (default cup)")
    ap.add_argument("--ours", default="ismcts", help="our agent's spec, without iterations (default ismcts)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--iterations", type=int, default=300, help="OpenSpiel's simulations a decision, and ours "
                    "too unless --equal-time")
    ap.add_argument("--uct-c", type=float, default=2.0, help="OpenSpiel's exploration constant (default 2)")
    ap.add_argument("--equal-time", action="store_true", help="give ours the time theirs takes, not the iterations")
    ap.add_argument("--seed", type=int, default=0, help="seed of game 0; game i uses seed+i")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    ap.add_argument("--progress", action="store_true", help="print the tally after each game on stderr")
    args = ap.parse_args(argv)
    res = run(args.game, args.ours, args.games, args.iterations, args.uct_c, args.seed, args.workers,
              args.equal_time, args.progress)
    if args.json:
        print(json.dumps(res))
        return 0
    lo, hi = res["score_ci95"]
    pace = "equal time" if res["equal_time"] else f"{args.iterations} iterations each"
    print(f"{res['game']}: {res['ours']} against {res['theirs']}, {pace}, {res['games']} games, seats alternated")
    print(f"ours wins {res['wins']}, draws {res['draws']}, loses {res['losses']}: "
          f"score {res['score']:.1%}  95% Wilson [{lo:.1%}, {hi:.1%}]")
    print(f"seconds a decision: ours {res['our_seconds_per_decision']:.4f}, "
          f"theirs {res['their_seconds_per_decision']:.4f}"
          f" ({res['their_iterations_per_second']:.0f} iterations/s); {res['seconds']} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
