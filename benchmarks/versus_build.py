"""Agent A of this install against agent B of another install of wizarena: a change
measured against the build before it, as the issues' "today's search" asks.

B runs in a child process started with `--other`, the Python of the other install (its
own virtual environment). Both processes deal the same game from the same seed and apply
every move; the child is asked only for B's moves. After each move the two must agree on
who acts next, or the run stops naming the game and the step: the builds' rules differ.
Game i uses seed `base + i` and puts A in seat `i % 2`; agents are seeded as in
strength.py. Reports A's score with its 95% Wilson interval.

    python benchmarks/versus_build.py ismcts:iterations=1000 ismcts:iterations=1000 \\
        --other ../old/.venv/bin/python --game mickey/mini --games 200
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import subprocess
import time
from pathlib import Path
from typing import Any

from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core.match import Turn

try:
    from strength import _report, wilson  # run as a script from benchmarks/
except ImportError:  # imported as benchmarks.versus_build
    from benchmarks.strength import _report, wilson

# What the child runs: one JSON line in, one out. It uses only the public API, which the
# older installs share.
CHILD = """
import json, sys
from wizarena import load_game
from wizarena.agents import make_agent
from wizarena.core.match import Turn
game = state = agent = None
for line in sys.stdin:
    msg = json.loads(line)
    if "new" in msg:
        game_id, seed, spec, agent_seed = msg["new"]
        game = load_game(game_id)
        state = game.new_state(seed, log=False)
        agent = make_agent(spec, seed=agent_seed)
        out = {"to_act": list(game.to_act(state))}
    elif "act" in msg:
        out = {"action": agent.act(Turn(game, state, msg["act"])).id}
    else:
        seat, action = msg["apply"]
        game.apply(state, seat, game.action(action))
        out = {"to_act": list(game.to_act(state))}
    print(json.dumps(out), flush=True)
"""


class OtherBuild:
    """The child process holding B's agent and its own copy of the game."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen([python, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)

    def ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr is not None else ""
            raise SystemExit(f"the other build stopped: {err.strip().splitlines()[-1] if err.strip() else 'no reason'}")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _play_one(job: tuple[str, str, str, str, int, int]) -> tuple[int, float]:
    """One game; returns (game index, A's reward)."""
    game_id, spec_a, spec_b, python, base, i = job
    game = load_game(game_id)
    seed = base + i
    a_seat, b_seat = i % 2, 1 - i % 2
    agent_a = make_agent(spec_a, seed=2 * seed + a_seat)
    state = game.new_state(seed, log=False)
    other = OtherBuild(python)
    try:
        theirs = other.ask({"new": [game_id, seed, spec_b, 2 * seed + b_seat]})["to_act"]
        step = 0
        while seats := list(game.to_act(state)):
            if theirs != seats:
                raise SystemExit(f"{game_id} seed {seed} step {step}: the builds disagree on who acts "
                                 f"({seats} here, {theirs} there)")
            seat = seats[0]
            if seat == a_seat:
                action = agent_a.act(Turn(game, state, seat))
            else:
                action = game.action(other.ask({"act": seat})["action"])
            game.apply(state, seat, action)
            theirs = other.ask({"apply": [seat, action.id]})["to_act"]
            step += 1
    finally:
        other.close()
    return i, game.outcome(state).reward(a_seat)


def run(game_id: str, spec_a: str, spec_b: str, python: str, games: int, base: int, workers: int,
        progress: bool) -> dict[str, Any]:
    if load_game(game_id).num_players != 2:
        raise SystemExit(f"{game_id}: versus_build plays two-seat games")
    make_agent(spec_a)
    if not Path(python).is_file():
        raise SystemExit(f"--other {python}: no such file")
    jobs = [(game_id, spec_a, spec_b, python, base, i) for i in range(games)]
    start = time.perf_counter()
    results: list[tuple[int, float]] = []
    pool = mp.get_context("fork").Pool(workers) if workers > 1 else None
    stream = pool.imap_unordered(_play_one, jobs, chunksize=1) if pool is not None else map(_play_one, jobs)
    for r in stream:
        results.append(r)
        _report(progress, results, start)
    if pool is not None:
        pool.close()
    wins = sum(1 for _, x in results if x > 0)
    draws = sum(1 for _, x in results if x == 0)
    lo, hi = wilson(wins + 0.5 * draws, games)
    return {"game": game_id, "a": spec_a, "b": spec_b, "games": games, "base_seed": base, "wins": wins,
            "draws": draws, "losses": games - wins - draws, "score": (wins + 0.5 * draws) / games,
            "score_ci95": [lo, hi], "seconds": round(time.perf_counter() - start, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="agent A's spec, played by this install")
    ap.add_argument("b", help="agent B's spec, played by the other install")
    ap.add_argument("--other", required=True, help="the Python of the other install (its venv's bin/python)")
    ap.add_argument("--game", default="cup")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0, help="seed of game 0; game i uses seed+i")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    if not 1 <= args.games <= 100_000 or not 1 <= args.workers <= 64:
        raise SystemExit("--games runs from 1 to 100,000 and --workers from 1 to 64")
    res = run(args.game, args.a, args.b, args.other, args.games, args.seed, args.workers, args.progress)
    if args.json:
        print(json.dumps(res))
        return 0
    lo, hi = res["score_ci95"]
    print(f"{res['game']}: {res['a']} (A, this build) against {res['b']} (B, the other build), {res['games']} games, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, seats alternated")
    print(f"A wins {res['wins']}, draws {res['draws']}, loses {res['losses']}; "
          f"score {res['score']:.1%}  95% Wilson [{lo:.1%}, {hi:.1%}]; {res['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
