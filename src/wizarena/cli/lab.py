"""`wizarena simulate`, `study` and `bench`: many games between agents, balance studies
with their reports, and the engine's speed against OpenSpiel's C++ tic_tac_toe."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Annotated, Any

import typer
from rich.table import Table

from wizarena.core import WizarenaError, load_game
from wizarena.sim import bench as run_bench
from wizarena.sim import simulate as run_simulate
from wizarena.sim import split_agents, wilson

from .base import GameArg, PlayersOpt, StoppedEarly, VariantOpt, app, err, error, listed, out, read_config

PROGRESS_EVERY_S = 10.0  # plain progress lines when stderr is not a terminal


# -- simulate -----------------------------------------------------------------------------------
def _progress(as_json: bool) -> tuple[Callable[[int, int], None] | None, Any]:
    """A progress callback, tick(games done, games in all), and the context that shows it: a
    bar on a terminal, a line every few seconds otherwise, nothing for --json (whose output
    is read by programs). Games counted at the first tick (read back by a resume) do not
    count towards the rate the time left is estimated from."""
    if as_json:
        return None, None
    if err.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                       TimeRemainingColumn(), console=err, transient=True)
        task = bar.add_task("games", total=None)
        return (lambda done, total: bar.update(task, completed=done, total=total)), bar
    start = time.monotonic()
    last = [start]
    base: list[int] = []

    def tick(done: int, total: int) -> None:
        if not base:
            base.append(done)
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY_S and base[0] < done < total:
            last[0] = now
            left = (now - start) / (done - base[0]) * (total - done)
            print(f"simulated {done:,}/{total:,} games, about {_duration(left)} left", file=sys.stderr, flush=True)
    return tick, None


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _pc(x: float) -> str:
    # Rare events (draws) need a second decimal to show their interval at all.
    return f"{100 * x:.1f}" if x >= 0.01 or x == 0 else f"{100 * x:.2f}"


def _pct(lo_hi: tuple[float, float]) -> str:
    return f"{_pc(lo_hi[0])}-{_pc(lo_hi[1])}%"


BackendOpt = Annotated[str, typer.Option("--backend", help="Where the games run: pool (local processes) or ray "
                                         "(a local Ray, or the cluster at --address; pip install "
                                         "'wizarena[ray]').")]
AddressOpt = Annotated[str | None, typer.Option("--address", help="With --backend ray: the cluster to join, "
                                                "auto (one started here with `ray start --head`) or "
                                                "ray://HOST:PORT (default: a private local Ray).")]
WorkersOpt = Annotated[int | None, typer.Option("--workers", "-w", min=1, max=4096, help="Processes (default: one "
                                                "per CPU, or per CPU of the Ray cluster).")]




@contextmanager
def _stop_on_sigterm() -> Iterator[None]:
    """Turn SIGTERM into KeyboardInterrupt while a long run goes on, so that a job
    scheduler's stop closes the record file properly (a Parquet file needs its footer)."""
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt
    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (a test runner's): nothing to install
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@app.command()
def simulate(
    game_id: GameArg,
    n_games: Annotated[int, typer.Option("--games", "-n", min=1, max=1_000_000_000, help="Number of games.")] = 1000,
    agents: Annotated[str | None, typer.Option(
        "--agents", help="Comma-separated agent specs, one per player, e.g. random,greedy "
        "(default: random for every seat). Agents swap seats from game to game unless --no-rotate.")] = None,
    players: PlayersOpt = None,
    rotate: Annotated[bool, typer.Option("--rotate/--no-rotate", help="Move the agents round the seats from "
                                         "game to game (the default), or keep agent k at seat k.")] = True,
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed SEED+i.")] = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "pool",
    address: AddressOpt = None,
    out_file: Annotated[str | None, typer.Option("--out", help="Write every game's record to this file as it "
                                                 "finishes: JSON lines, or Parquet (a name ending .parquet).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Keep the games already in --out (an interrupted run "
                                         "of the same command) and play only the rest.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help=(
        "Print one JSON object: game, games, agents, seed, wins (wins per AGENT, in the order "
        "of --agents), draws, mean_steps, win_rate_ci (Wilson 95% per agent), seat_wins and "
        "seat_win_rate_ci (per SEAT), and more."))] = False,
    variant: VariantOpt = None,
    config: Annotated[str | None, typer.Option("--config", help="Game config as a JSON object.")] = None,
) -> None:
    """Play many games between agents across processes or on Ray; report win rates with 95% intervals.

    Intervals are Wilson score intervals, per agent and per seat.

    In game i agent k sits at seat (k - i) mod players, so each agent plays each seat equally often;
    with --no-rotate agent k always sits at seat k.

    --players makes a game that takes several counts for that many; without it the count
    is the number of --agents given (or the game's default).

    `wins` is counted per agent (in the order of --agents), the seat advantage separately per seat.

    Ctrl-C stops the run and keeps every game that finished; --resume with the same command
    plays the rest. The counts are the same on any backend, with any number of workers.
    """
    game = load_game(game_id, variant, players=players)
    specs = listed("--agents", agents, split_agents) or ["random"] * game.num_players
    game_config = game.read_local_config(read_config(config))
    tick, bar = _progress(as_json)
    with _stop_on_sigterm(), bar if bar is not None else nullcontext():
        result = run_simulate(game.id, specs, n_games, seed, workers=workers, out=out_file, variant=game.variant,
                              config=game_config, progress=None if tick is None else lambda done: tick(done, n_games),
                              players=players, rotate=rotate, backend=backend, address=address, resume=resume)
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        _print_simulation(result, seed, out_file)
    if result.interrupted:
        error(f"interrupted after {result.games:,} of {result.planned:,} games"
               + (f"; they are in {out_file}: add --resume to the same command to play the rest" if out_file else ""))
        raise StoppedEarly


def _print_simulation(result: Any, seed: int, out_file: str | None) -> None:
    n = result.games
    resumed = f", {result.resumed:,} of them read back from {out_file}" if result.resumed else ""
    out.print(f"{result.game}: {n:,} games{resumed}, seed {seed}, {result.workers} worker(s) "
              f"({result.backend}), {result.seconds:.1f} s", style="bold", markup=False)
    if n == 0:
        return
    table = Table(title="wins per agent (seats rotate)" if result.rotate else "wins per agent (fixed seats)")
    for col in ("agent", "wins", "win rate", "95% CI"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for k, spec in enumerate(result.agents):
        w = result.wins[k]
        table.add_row(f"{k}: {spec}", str(w), f"{_pc(w / n)}%", _pct(wilson(w, n)))
    table.add_row("draws", str(result.draws), f"{_pc(result.draws / n)}%", _pct(wilson(result.draws, n)))
    out.print(table)
    seats = Table(title="seat advantage (wins per seat, any agent)")
    for col in ("seat", "wins", "win rate", "95% CI"):
        seats.add_column(col, justify="right")
    for s, w in enumerate(result.seat_wins):
        seats.add_row(str(s), str(w), f"{_pc(w / n)}%", _pct(wilson(w, n)))
    out.print(seats)
    if any(map(any, result.eliminated)):
        order = Table(title="elimination order (games in which each agent went out 1st, 2nd, ...)")
        order.add_column("agent", justify="left")
        for j in range(result.players - 1):
            order.add_column(f"out {j + 1}", justify="right")
        for k, spec in enumerate(result.agents):
            order.add_row(f"{k}: {spec}", *(str(x) for x in result.eliminated[k][:result.players - 1]))
        out.print(order)
    out.print(f"mean game length: {result.mean_steps:.1f} steps")
    if out_file:
        out.print(f"records written to {out_file}", markup=False)


# -- study ----------------------------------------------------------------------------------------
@app.command()
def study(
    game_id: GameArg,
    kind: Annotated[str, typer.Option("--kind", help="What to study, one or more of matchups, cards, seats "
                                      "(comma-separated; default all three).")] = "matchups,cards,seats",
    decks: Annotated[str | None, typer.Option("--decks", help="Comma-separated decks, ready decks' names or deck "
                                              "files (default: the game's ready decks).")] = None,
    agents: Annotated[str | None, typer.Option("--agents", help="The agent piloting every deck (a deck game; "
                                               "default greedy), or the agents to pit against each other "
                                               "(default random,greedy).")] = None,
    n_games: Annotated[int, typer.Option("--games", "-n", min=2, max=10_000_000, help="Games per pairing "
                                         "(a deck pair plays half in each seat order).")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Each pairing plays seeds SEED, SEED+1, ...")] = 0,
    players: PlayersOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "pool",
    address: AddressOpt = None,
    out_dir: Annotated[str, typer.Option("--out", help="Folder for report.html, the CSV tables and "
                                         "study.json (made if missing).")] = "study",
    as_json: Annotated[bool, typer.Option("--json", help="Print the study as one JSON object.")] = False,
) -> None:
    """Run a balance study and write a report: a matchup matrix, card win rates, seat advantage.

    Deck games play every pair of decks, each deck in both seats; other games every pair of
    agents. The report (report.html) opens offline: plots and tables with 95% intervals,
    and the same numbers as CSV and JSON beside it.
    """
    from wizarena.sim.report import plotting_missing, write_report
    from wizarena.sim.study import run_study

    missing = plotting_missing()
    if missing is not None:
        raise WizarenaError(missing)
    kinds = listed("--kind", kind) or []
    deck_list = listed("--decks", decks)
    agent_list = listed("--agents", agents, split_agents)
    folder = os.path.abspath(out_dir)
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise WizarenaError(f"--out {out_dir} is a file, not a folder")
    tick, bar = _progress(as_json)
    with _stop_on_sigterm(), bar if bar is not None else nullcontext():
        result = run_study(game_id, kinds, decks=deck_list, agents=agent_list, games=n_games, seed=seed,
                           players=players, workers=workers, backend=backend, address=address, progress=tick)
    result["command"] = "wizarena study " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["study"] else None
    written = write_report(result, out_dir)
    if as_json:
        print(json.dumps(result))
        return
    out.print(f"{result['title']}: {result['games']:,} games in {result['seconds']:.1f} s", style="bold",
              markup=False)
    for line in headline(result):
        out.print(f"  {line}", markup=False)
    out.print(f"report in {os.path.join(out_dir, 'report.html')}, the numbers beside it:", markup=False)
    for path in written[1:]:
        out.print(f"  {path}", markup=False)


HEADLINE_CARDS = 3  # the cards named at each end of the ranking


def headline(study: dict[str, Any]) -> list[str]:
    """The study's headline numbers, a line each: every pairing's result, the cards at both
    ends of the ranking and how many the intervals set apart from even, the seats."""
    lines: list[str] = []
    for pair in (study.get("matchups") or {}).get("pairs", []):
        lines.append(f"{pair['a']} against {pair['b']}: {_pc(pair['win_rate'])}% won ({_pct(pair['ci'])}), "
                     f"{pair['draws']} drawn, of {pair['games']:,}")
    rows = (study.get("cards") or {}).get("rows", [])
    if rows:
        def named(some: list[dict[str, Any]]) -> str:
            return ", ".join(f"{r['card']} {_pc(r['win_rate'])}% ({_pct(r['ci'])})" for r in some)
        above = sum(r.get("verdict") == "above" for r in rows)
        below = sum(r.get("verdict") == "below" for r in rows)
        lines.append(f"cards: {len(rows)} ranked; {above} above even and {below} below by their 95% interval")
        lines.append(f"  best: {named(rows[:HEADLINE_CARDS])}")
        if len(rows) > HEADLINE_CARDS:
            lines.append(f"  worst: {named(rows[-HEADLINE_CARDS:][::-1])}")
    seats = study.get("seats")
    if seats:
        each = "; ".join(f"P{s['seat']} {_pc(s['win_rate'])}% ({_pct(s['ci'])})" for s in seats["seats"])
        lines.append(f"seats: {each}; {seats['draws']:,} draws")
    return lines




# -- bench ----------------------------------------------------------------------------------------
@app.command()
def bench(
    game_id: GameArg,
    seconds: Annotated[float, typer.Option("--seconds", "-s", help="Seconds per engine (at most a day).")] = 5.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    variant: VariantOpt = None,
    players: PlayersOpt = None,
) -> None:
    """Random-playout throughput on one core, against OpenSpiel's C++ tic_tac_toe.

    The reference runs through the same loop shape, when open_spiel is installed.
    """
    result = run_bench(game_id, seconds, variant, players=players)
    if as_json:
        print(json.dumps(result))
        return
    out.print(f"{result['engine']}", markup=False)
    out.print(f"{result['game']} ({result['players']} players): "
              f"{result['steps_per_s']:,.0f} steps/s, {result['games_per_s']:,.0f} games/s "
              f"({result['mean_steps']:.1f} steps a game, {result['seconds']:.1f} s, one core)", markup=False)
    if result["reference"] is None:
        out.print("reference: open_spiel is not installed (pip install wizarena[bench])", markup=False)
    else:
        out.print(f"{result['reference']}: {result['reference_steps_per_s']:,.0f} steps/s; "
                  f"ours/reference = {result['ratio']:.2f}", markup=False)


