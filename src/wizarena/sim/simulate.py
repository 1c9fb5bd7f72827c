"""Many games between agents, across processes, with records streamed to disk.

Game i uses seed `seed + i` and its own freshly seeded agents, so a game's course depends
on nothing but (seed, i): the counts are the same for any number of workers or any chunk
size, and any single game can be re-run alone. Seats rotate with i (game i puts agent
`(s + i) % n` at seat s), so every agent plays every seat equally often and a seat
advantage cannot pass for an agent's strength; `rotate=False` keeps agent k at seat k, to
measure one line-up (and the seat advantage within it).

A game made for a chosen player count (`players`) is played with one agent per seat. Wins
are counted per agent and per seat; a game without a sole winner (a draw, or a win shared
by several seats) counts as a draw. Where a game's outcome says who was eliminated and in
which order, each agent's places in that order are tallied too.

Workers send back counts and, only when records are wanted, the JSON lines of one chunk;
the parent writes each chunk to disk as it arrives and keeps nothing. At most a few chunks
are in flight at once, so memory does not grow with the number of games.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, NamedTuple

from wizarena.agents import make_agent
from wizarena.core import WizarenaError, load_game, play

from .stats import rate, wilson

try:
    import resource
except ImportError:  # not on Windows; memory figures are then simply absent
    resource = None  # type: ignore[assignment]

MAX_CHUNK = 1000


class SimulationError(WizarenaError):
    """A game that could not be played to its end, named by its index and seed."""


class _Task(NamedTuple):
    game: str
    variant: str | None
    config: dict[str, Any] | None
    agents: tuple[str, ...]
    players: int | None
    rotate: bool
    seed: int
    start: int
    stop: int
    records: bool


class _Chunk(NamedTuple):
    start: int
    stop: int
    wins: list[int]        # per agent, in the order given
    seat_wins: list[int]   # per seat
    draws: int
    steps: int
    eliminated: list[list[int]]  # [agent][j]: games in which the agent was the j-th out
    lines: list[str] | None
    pid: int
    peak_rss_kb: int


@dataclass
class SimResult:
    """The tallies of a simulation. `wins[k]` belongs to agent k in the order given;
    `seat_wins[s]` to whoever sat at seat s; `eliminated[k][j]` counts the games in which
    agent k was the j-th seat knocked out (all zeros for games that eliminate nobody)."""

    game: str
    agents: list[str]
    games: int
    seed: int
    wins: list[int]
    seat_wins: list[int]
    draws: int
    steps: int
    players: int = 2
    rotate: bool = True
    eliminated: list[list[int]] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    out: str | None = None
    worker_peak_rss_kb: dict[int, int] = field(default_factory=dict)
    parent_peak_rss_kb: int = 0

    @property
    def mean_steps(self) -> float:
        return self.steps / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "game": self.game,
            "games": n,
            "agents": self.agents,
            "seed": self.seed,
            "players": self.players,
            "rotate": self.rotate,
            "wins": self.wins,
            "draws": self.draws,
            "mean_steps": self.mean_steps,
            "win_rate": [rate(w, n) for w in self.wins],
            "win_rate_ci": [list(wilson(w, n)) for w in self.wins],
            "draw_rate": rate(self.draws, n),
            "draw_rate_ci": list(wilson(self.draws, n)),
            "seat_wins": self.seat_wins,
            "seat_win_rate": [rate(w, n) for w in self.seat_wins],
            "seat_win_rate_ci": [list(wilson(w, n)) for w in self.seat_wins],
            "eliminated": self.eliminated,
            "workers": self.workers,
            "seconds": self.seconds,
            "out": self.out,
            "peak_rss_mb": {"parent": round(self.parent_peak_rss_kb / 1024, 1),
                            "workers": [round(kb / 1024, 1) for kb in self.worker_peak_rss_kb.values()]},
        }


def _peak_rss_kb() -> int:
    if resource is None:
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # macOS counts bytes


def agent_seed(game_seed: int, agent: int) -> int:
    """Each agent's seed in a game: distinct per agent, fixed by the game alone."""
    return game_seed * 16 + agent


def _run_chunk(task: _Task) -> _Chunk:
    game = load_game(task.game, task.variant, players=task.players)
    specs = task.agents
    n = len(specs)
    wins = [0] * n
    seat_wins = [0] * n
    eliminated = [[0] * n for _ in range(n)]
    draws = steps = 0
    lines: list[str] | None = [] if task.records else None
    for i in range(task.start, task.stop):
        seed = task.seed + i
        # order[seat] = index of the agent there
        order = [(s + i) % n for s in range(n)] if task.rotate else list(range(n))
        try:
            agents = [make_agent(specs[k], agent_seed(seed, k)) for k in order]
            record, state = play(game, agents, seed, task.config, log=task.records)  # records carry digests
        except WizarenaError as exc:
            raise SimulationError(f"game {i} (seed {seed}): {exc}") from exc
        except Exception as exc:  # a bug in a game or agent: say which game shows it
            raise SimulationError(f"game {i} (seed {seed}): {type(exc).__name__}: {exc}") from exc
        steps += len(record.moves)
        outcome = game.outcome(state)
        if outcome is not None:
            for j, seat in enumerate(outcome.eliminated):
                eliminated[order[seat]][j] += 1
        if outcome is None or len(outcome.winners) != 1:
            draws += 1
        else:
            seat = outcome.winners[0]
            seat_wins[seat] += 1
            wins[order[seat]] += 1
        if lines is not None:
            record.meta = {"agents": [specs[k] for k in order], "index": i}
            lines.append(record.dumps())
    return _Chunk(task.start, task.stop, wins, seat_wins, draws, steps, eliminated, lines, os.getpid(),
                  _peak_rss_kb())


def _quiet_worker() -> None:
    # Ctrl-C reaches the whole process group; only the parent should react and report.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_pool(tasks: Iterator[_Task], workers: int) -> Iterator[_Chunk]:
    """Chunks in task order, with at most two per worker queued, so that results waiting
    to be written can never pile up in memory."""
    # "spawn" everywhere: workers start clean (no threads or locks inherited from a parent
    # that may be drawing a progress bar) and the behaviour is the same on every platform.
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers, initializer=_quiet_worker) as pool:
        pending = deque(pool.apply_async(_run_chunk, (t,)) for t in islice(tasks, 2 * workers))
        while pending:
            chunk = pending.popleft().get()
            nxt = next(tasks, None)
            if nxt is not None:
                pending.append(pool.apply_async(_run_chunk, (nxt,)))
            yield chunk


def split_agents(text: str) -> list[str]:
    """'random,ismcts:iterations=50,c=0.7' -> ['random', 'ismcts:iterations=50,c=0.7']:
    a comma-separated piece that is a name=value option belongs to the agent before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if specs and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        elif piece:
            specs.append(piece)
    return specs


def default_chunk(games: int, workers: int) -> int:
    """Small enough that progress moves and work spreads over workers, large enough that
    the per-task overhead of the pool stays negligible."""
    return max(1, min(MAX_CHUNK, games // (workers * 16) or 1))


def simulate(
    game_id: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    out: str | Path | None = None,
    variant: str | None = None,
    config: dict[str, Any] | None = None,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
    players: int | None = None,
    rotate: bool = True,
) -> SimResult:
    """Play `games` games of `game_id` between `agents` (specs such as "random" or
    "ismcts:iterations=200", one per seat), over `workers` processes.

    `players` makes the game for that many players (None: the game's default count, or,
    for a game that takes several, as many as `agents` names). `rotate` moves the agents
    round the seats from game to game; without it agent k always sits at seat k.

    `out` receives one JSON-line record per game, in game order, meta carrying the agents
    in seat order and the game index. `progress(games_done)` is called as chunks finish.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if chunk is not None and chunk < 1:
        raise ValueError(f"the chunk size must be at least 1, not {chunk}")
    specs = tuple(a.strip() for a in agents)
    if players is None and len(load_game(game_id, variant).player_counts) > 1:
        players = len(specs)  # a game of several counts is made for as many as were named
    game = load_game(game_id, variant, players=players)
    if len(specs) != game.num_players:
        raise WizarenaError(f"{game.full_id} is made for {game.num_players} players here: give "
                            f"{game.num_players} agents, not {len(specs)}")
    for spec in specs:
        make_agent(spec, 0)  # a bad spec fails here, once, not in every worker
    game.new_state(seed, config, log=False)  # likewise a bad config (ValueError)
    size = chunk or default_chunk(games, workers)
    tasks = (_Task(game.id, game.variant, config, specs, game.num_players, rotate, seed, a,
                   min(a + size, games), out is not None)
             for a in range(0, games, size))
    n_tasks = -(-games // size)
    workers = min(workers, n_tasks)
    result = SimResult(game.full_id, list(specs), games, seed, [0] * len(specs), [0] * len(specs), 0, 0,
                       players=game.num_players, rotate=rotate,
                       eliminated=[[0] * len(specs) for _ in specs],
                       workers=workers, out=None if out is None else str(out))
    started = time.perf_counter()
    fh = None if out is None else open(out, "w", encoding="utf-8")
    try:
        chunks = map(_run_chunk, tasks) if workers == 1 else _in_pool(tasks, workers)
        done = 0
        for c in chunks:
            if fh is not None and c.lines:
                fh.write("\n".join(c.lines))
                fh.write("\n")
            for k in range(len(specs)):
                result.wins[k] += c.wins[k]
                result.seat_wins[k] += c.seat_wins[k]
                for j in range(len(specs)):
                    result.eliminated[k][j] += c.eliminated[k][j]
            result.draws += c.draws
            result.steps += c.steps
            if c.pid != os.getpid():
                result.worker_peak_rss_kb[c.pid] = max(c.peak_rss_kb, result.worker_peak_rss_kb.get(c.pid, 0))
            done += c.stop - c.start
            if progress is not None:
                progress(done)
    finally:
        if fh is not None:
            fh.close()
    result.seconds = time.perf_counter() - started
    result.parent_peak_rss_kb = _peak_rss_kb()
    return result
