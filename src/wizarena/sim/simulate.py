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

Workers send back counts and, only when records are wanted, the records of one chunk (JSON
lines, or a Parquet row group); the parent writes each chunk to disk as it arrives and keeps
nothing. At most a few chunks are in flight at once, so memory does not grow with the
number of games. The work runs in local processes or on Ray (`backends`), with the same
counts either way.

A run stopped by Ctrl-C keeps every game that finished, written and counted; `resume`
reads them back from the records, checks they belong to this run, and plays the rest.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from wizarena.agents import make_agent
from wizarena.core import WizarenaError, load_game, play
from wizarena.core.record import MIN_SEED
from wizarena.core.record import read_records as read_jsonl

from .backends import BACKENDS, RayCluster, in_pool, in_process, in_ray
from .records import is_parquet, open_sink, parquet_rows, record_batch, trim_partial_line
from .stats import rate, wilson

try:
    import resource
except ImportError:  # not on Windows; memory figures are then simply absent
    resource = None  # type: ignore[assignment]

MAX_CHUNK = 1000
MAX_GAMES = 1_000_000_000  # a bound on what one command can ask for (a resume's map of done games: a byte a game)
MAX_WORKERS = 4096
MAX_SEED = (1 << 63) - 1  # seeds are stored as 64-bit integers (Parquet)


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
    records: str   # "" (none), "jsonl" or "parquet": what the worker sends back of each game
    cards: bool    # tally the cards each side used (`Game.cards_used`)


class Tally:
    """What a set of games adds up to, per agent (in the order given) and per seat.

    Workers fill one per chunk and the parent merges them; a resumed run fills one from
    the records already written, through the same `add`, so the totals cannot differ from
    an uninterrupted run's."""

    __slots__ = ("games", "wins", "seat_wins", "draws", "steps", "eliminated", "lengths", "cards")

    def __init__(self, n: int) -> None:
        self.games = 0
        self.wins = [0] * n        # per agent
        self.seat_wins = [0] * n   # per seat
        self.draws = 0
        self.steps = 0
        self.eliminated = [[0] * n for _ in range(n)]  # [agent][j]: games in which the agent was the j-th out
        self.lengths: dict[int, int] = {}              # steps in a game -> games that long
        self.cards: dict[str, list[int]] = {}          # card -> [sides that used it, of which won]

    def add(self, order: list[int], winners: Sequence[int], eliminated: Sequence[int], steps: int,
            used: tuple[frozenset[str], ...] | None = None) -> None:
        """One game; `order[seat]` is the index of the agent at that seat."""
        self.games += 1
        self.steps += steps
        self.lengths[steps] = self.lengths.get(steps, 0) + 1
        for j, seat in enumerate(eliminated):
            self.eliminated[order[seat]][j] += 1
        sole = winners[0] if len(winners) == 1 else -1
        if sole < 0:
            self.draws += 1
        else:
            self.seat_wins[sole] += 1
            self.wins[order[sole]] += 1
        if used is not None:
            for seat, names in enumerate(used):
                for name in names:
                    tally = self.cards.get(name)
                    if tally is None:
                        tally = self.cards[name] = [0, 0]
                    tally[0] += 1
                    tally[1] += seat == sole

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.draws += other.draws
        self.steps += other.steps
        for k in range(len(self.wins)):
            self.wins[k] += other.wins[k]
            self.seat_wins[k] += other.seat_wins[k]
            for j in range(len(self.wins)):
                self.eliminated[k][j] += other.eliminated[k][j]
        for steps, count in other.lengths.items():
            self.lengths[steps] = self.lengths.get(steps, 0) + count
        for name, (used, won) in other.cards.items():
            mine = self.cards.setdefault(name, [0, 0])
            mine[0] += used
            mine[1] += won


class _Chunk(NamedTuple):
    start: int
    stop: int
    tally: Tally
    records: Any  # JSON lines, a pyarrow RecordBatch, or None
    pid: int
    peak_rss_kb: int


@dataclass
class SimResult:
    """The tallies of a simulation. `wins[k]` belongs to agent k in the order given;
    `seat_wins[s]` to whoever sat at seat s; `eliminated[k][j]` counts the games in which
    agent k was the j-th seat knocked out (all zeros for games that eliminate nobody).
    `lengths` maps a game length in steps to the number of games that long; `cards` maps
    a card to [sides that used it, of which won] when the cards were tallied.

    An interrupted run (`interrupted`) holds the games that finished: `games` of the
    `planned`; `resumed` of them were read from the records of an earlier run."""

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
    backend: str = "pool"
    out: str | None = None
    planned: int = 0
    resumed: int = 0
    interrupted: bool = False
    lengths: dict[int, int] = field(default_factory=dict)
    cards: dict[str, list[int]] = field(default_factory=dict)
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
            "planned": self.planned,
            "interrupted": self.interrupted,
            "resumed": self.resumed,
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
            "backend": self.backend,
            "seconds": self.seconds,
            "games_per_s": n / self.seconds if self.seconds > 0 else None,
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


def seat_order(i: int, n: int, rotate: bool) -> list[int]:
    """order[seat] = the index of the agent at that seat in game i."""
    return [(s + i) % n for s in range(n)] if rotate else list(range(n))


def _run_chunk(task: _Task) -> _Chunk:
    game = load_game(task.game, task.variant, players=task.players)
    specs = task.agents
    n = len(specs)
    tally = Tally(n)
    records: list[Any] = []
    logged = task.records != ""
    for i in range(task.start, task.stop):
        seed = task.seed + i
        order = seat_order(i, n, task.rotate)
        try:
            agents = [make_agent(specs[k], agent_seed(seed, k)) for k in order]
            record, state = play(game, agents, seed, task.config, log=logged)  # records carry digests
            used = game.cards_used(state) if task.cards else None
        except WizarenaError as exc:
            raise SimulationError(f"game {i} (seed {seed}): {exc}") from exc
        except Exception as exc:  # a bug in a game or agent: say which game shows it
            raise SimulationError(f"game {i} (seed {seed}): {type(exc).__name__}: {exc}") from exc
        outcome = game.outcome(state)
        if outcome is None:
            tally.add(order, (), (), len(record.moves), used)
        else:
            tally.add(order, outcome.winners, outcome.eliminated, len(record.moves), used)
        if logged:
            record.meta = {"agents": [specs[k] for k in order], "index": i}
            records.append(record)
    sent: Any = None
    if task.records == "jsonl":
        sent = [r.dumps() for r in records]
    elif task.records == "parquet":
        sent = record_batch(records)
    return _Chunk(task.start, task.stop, tally, sent, os.getpid(), _peak_rss_kb())


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
    workers: int | None = 1,
    out: str | Path | None = None,
    variant: str | None = None,
    config: dict[str, Any] | None = None,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
    players: int | None = None,
    rotate: bool = True,
    backend: str = "pool",
    address: str | None = None,
    resume: bool = False,
    cards: bool = False,
) -> SimResult:
    """Play `games` games of `game_id` between `agents` (specs such as "random" or
    "ismcts:iterations=200", one per seat), over `workers` processes (None: one per CPU,
    or on a Ray cluster one per CPU of the cluster).

    `players` makes the game for that many players (None: the game's default count, or,
    for a game that takes several, as many as `agents` names). `rotate` moves the agents
    round the seats from game to game; without it agent k always sits at seat k.

    `backend` is "pool" (local processes) or "ray": a private local Ray, or the cluster at
    `address` ("auto", "ray://host:port"). The counts are the same either way.

    `out` receives one record per game, in game order: JSON lines, or Parquet when its
    name ends in .parquet; meta carries the agents in seat order and the game index.
    `resume` keeps the games already in `out` (checked to be this run's), counts them and
    plays only the others. `cards` tallies the cards each side used (`Game.cards_used`).
    `progress(games_done)` is called as chunks finish. Ctrl-C (KeyboardInterrupt) stops
    the run: what finished is written and counted, and the result says `interrupted`.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise ValueError(f"at most {MAX_GAMES:,} games a run, not {games:,}")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"the number of workers must be from 1 to {MAX_WORKERS}, not {workers}")
    if chunk is not None and not 1 <= chunk <= MAX_CHUNK:
        raise ValueError(f"the chunk size must be from 1 to {MAX_CHUNK}, not {chunk}")
    if not MIN_SEED <= seed <= MAX_SEED - games:
        raise ValueError(f"the seed must be from {MIN_SEED} to {MAX_SEED - games} for {games:,} games")
    if backend not in BACKENDS:
        raise ValueError(f"the backend must be one of {', '.join(BACKENDS)}, not {backend[:40]!r}")
    if address is not None and backend != "ray":
        raise ValueError("--address names a Ray cluster: it needs --backend ray")
    if resume and out is None:
        raise ValueError("--resume continues the run whose records are in --out: give --out")
    specs = tuple(a.strip() for a in agents)
    if players is None and len(load_game(game_id, variant).player_counts) > 1:
        players = len(specs)  # a game of several counts is made for as many as were named
    game = load_game(game_id, variant, players=players)
    if len(specs) != game.num_players:
        raise WizarenaError(f"{game.full_id} is made for {game.num_players} players here: give "
                            f"{game.num_players} agents, not {len(specs)}")
    for spec in specs:
        make_agent(spec, 0)  # a bad spec fails here, once, not in every worker
    first = game.new_state(seed, config, log=False)  # likewise a bad config (ValueError)
    n = len(specs)
    fmt = "" if out is None else "parquet" if is_parquet(out) else "jsonl"
    total = Tally(n)
    done = None
    if resume:
        assert out is not None
        done = bytearray(games)  # 1 for a game already in the records of an earlier run
        _read_done(out, game, specs, seed, rotate, game.config_of(first), done, total)
    missing = games - total.games
    result = SimResult(game.full_id, list(specs), 0, seed, [0] * n, [0] * n, 0, 0,
                       players=game.num_players, rotate=rotate, eliminated=[[0] * n for _ in specs],
                       backend=backend, out=None if out is None else str(out), planned=games, resumed=total.games)
    started = time.perf_counter()
    sink = None if out is None else open_sink(out, resume and Path(out).exists())
    cluster = RayCluster(address, workers) if backend == "ray" else None
    try:
        with cluster if cluster is not None else nullcontext():
            if workers is None:
                workers = cluster.cpus() if cluster is not None and address is not None else os.cpu_count() or 1
            size = chunk or default_chunk(max(missing, 1), workers)
            tasks = (_Task(game.id, game.variant, config, specs, game.num_players, rotate, seed, a, b, fmt, cards)
                     for a, b in _ranges(done, games, size))
            workers = max(1, min(workers, -(-missing // size)))
            result.workers = workers
            if cluster is not None:
                chunks = in_ray(_run_chunk, tasks, cluster, workers)
            elif workers == 1:
                chunks = in_process(_run_chunk, tasks)
            else:
                chunks = in_pool(_run_chunk, tasks, workers)
            if progress is not None and total.games:
                progress(total.games)
            for c in chunks:
                if sink is not None:
                    sink.write(c.records)
                total.merge(c.tally)
                if c.pid != os.getpid():
                    result.worker_peak_rss_kb[c.pid] = max(c.peak_rss_kb, result.worker_peak_rss_kb.get(c.pid, 0))
                if progress is not None:
                    progress(total.games)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        if sink is not None:
            sink.close()
    result.games, result.wins, result.seat_wins = total.games, total.wins, total.seat_wins
    result.draws, result.steps, result.eliminated = total.draws, total.steps, total.eliminated
    result.lengths, result.cards = total.lengths, total.cards
    result.seconds = time.perf_counter() - started
    result.parent_peak_rss_kb = _peak_rss_kb()
    return result


def _ranges(done: bytearray | None, games: int, size: int) -> Iterator[tuple[int, int]]:
    """The games not done yet, as [start, stop) ranges of at most `size` games."""
    if done is None:
        yield from ((a, min(a + size, games)) for a in range(0, games, size))
        return
    a = done.find(0)
    while 0 <= a < games:
        b = done.find(1, a, min(a + size, games))
        stop = min(a + size, games) if b < 0 else b
        yield a, stop
        a = done.find(0, stop)


def _read_done(out: str | Path, game: Any, specs: tuple[str, ...], seed: int, rotate: bool,
               config: dict[str, Any] | None, done: bytearray, total: Tally) -> None:
    """Count the games of an earlier run found in `out`, marking them done; a record of any
    other run (another game, seed, agents or config) stops the resume, naming the file."""
    path = Path(out)
    if not path.exists():
        return
    n = len(specs)
    games = len(done)
    where = str(path)
    if is_parquet(path):
        rows: Iterator[dict[str, Any]] = parquet_rows(path, ["index", "game", "variant", "config", "seed", "agents",
                                                              "winners", "eliminated", "length"])
        items = ((r["index"], r["game"], r["variant"], r["config"], r["seed"], r["agents"], r["winners"] or [],
                  r["eliminated"] or [], r["length"]) for r in rows)
    else:
        trim_partial_line(path)
        items = ((r.meta.get("index") if isinstance(r.meta, dict) else None, r.game, r.variant,
                  json.dumps(r.config, separators=(",", ":")), r.seed,
                  r.meta.get("agents") if isinstance(r.meta, dict) else None,
                  (r.outcome or {}).get("winners", []), (r.outcome or {}).get("eliminated", []), len(r.moves))
                 for r in read_jsonl(path))
    want_config = json.dumps(config or {}, separators=(",", ":"), sort_keys=True)
    for row, (index, gid, variant, cfg, rec_seed, agents, winners, eliminated, length) in enumerate(items):
        if not isinstance(index, int) or not 0 <= index < games:
            raise WizarenaError(f"{where}: record {row} is not one of this run's {games:,} games (index {index!r})")
        order = seat_order(index, n, rotate)
        if (gid, variant) != (game.id, game.variant) or rec_seed != seed + index:
            raise WizarenaError(f"{where}: record {row} is game {index} of another run ({gid}, seed {rec_seed}); "
                                "resume with the same game and --seed, or write to another file")
        if agents != [specs[k] for k in order]:
            raise WizarenaError(f"{where}: record {row} was played by other agents ({agents}); resume with the "
                                "same --agents and seat rotation")
        if json.dumps(json.loads(cfg) if isinstance(cfg, str) else cfg, separators=(",", ":"),
                      sort_keys=True) != want_config:
            raise WizarenaError(f"{where}: record {row} was played with another config; resume with the same "
                                "--config")
        if done[index]:
            raise WizarenaError(f"{where}: game {index} is in the file twice")
        done[index] = 1
        total.add(order, winners, eliminated, length)
