"""The `wizarena` command: list games and cards, check decks, play in a terminal, simulate, replay, bench.

Everything a game shows a person comes from the kernel protocol (views, events with rule
citations, legal actions), so every registered game works here without edits. Errors a
person can cause (a typo, a missing file, a tampered record) end in one `error: ...` line
and a non-zero exit; tracebacks are for bugs, and even those are kept to one line unless
WIZARENA_DEBUG is set.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from wizarena.agents import make_agent
from wizarena.core import (
    Event,
    IllegalAction,
    Match,
    Record,
    RecordError,
    ReplayDivergence,
    Stop,
    Turn,
    WizarenaError,
    game_class,
    game_ids,
    load_game,
    replay,
    write_records,
)
from wizarena.core.decks import read_toml
from wizarena.core.inputs import MAX_TYPED, load_json, printable, shown
from wizarena.core.record import MIN_SEED, seal
from wizarena.core.rng import SECRET_BITS, commitment, derive, secret_seed
from wizarena.sim import bench as run_bench
from wizarena.sim import simulate as run_simulate
from wizarena.sim import split_agents, wilson
from wizarena.sim.records import read_record, read_records


class _Group(typer.core.TyperGroup):
    """A command group whose help pages give flags no value placeholder.

    typer 0.2x prints each option's type in the help, so a flag such as `--hotseat` (or
    `--help` itself) reads `--hotseat <bool>`, as if it wanted a value. A flag's metavar is
    set empty, for the group's own options and for each command it hands out (click builds
    a command's `--help` option once and keeps it, so setting it once lasts)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _flags_untyped(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _flags_untyped(command.get_params(ctx))
        return command


def _flags_untyped(params: list[Any]) -> list[Any]:
    """Blank the type column of every flag among `params` (an option that takes no value)."""
    for p in params:
        if getattr(p, "is_flag", False) and p.metavar is None:
            p.metavar = ""
    return params


app = typer.Typer(
    cls=_Group,
    name="wizarena",
    help="Wizard card and board games played by their printed rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Consoles look sys.stdout/sys.stderr up when printing, so redirected streams (pipes,
# tests) are honoured. soft_wrap: long lines are left to the terminal, so piped output
# keeps one event per line.
class _Console(Console):
    """A rich Console whose broken pipe is an error like any other write error: rich's
    own answer, SystemExit(1), would skip what `play` does to keep a game that was cut off."""

    def on_broken_pipe(self) -> None:
        _drop_stdout()
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


out = _Console(highlight=False, soft_wrap=True)
err = _Console(stderr=True, highlight=False, soft_wrap=True)

QUIT_WORDS = ("quit", "exit")
QUIT, ENDED = "you quit", "the input ended"  # why a terminal game stopped before its end
MAX_LINE = 4 * MAX_TYPED  # characters of a piped line read at once; a longer one is refused whole
PROGRESS_EVERY_S = 10.0  # plain progress lines when stderr is not a terminal
LONG_FIELD = 30  # card fields longer than this get a line of their own

def _version(value: bool) -> None:
    if value:
        from wizarena import __version__
        from wizarena.engine import describe
        print(f"wizarena {__version__}, {describe()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and whether the compiled engine runs.")] = False,
) -> None:
    """Wizard card and board games played by their printed rules."""


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. cup, or id/variant such "
                                        "as cup/swap.", show_default=False)]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="Rules variant (see `wizarena games`).")]
PlayersOpt = Annotated[int | None, typer.Option("--players", help="Number of players, for a game that "
                                                "takes several (see `wizarena games`; default: the game's own).")]


def _config(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    data = load_json(text, "--config must be a JSON object", WizarenaError)
    if not isinstance(data, dict):
        raise WizarenaError("--config must be a JSON object, e.g. '{\"swap\": true}'")
    return data


def _listed(option: str, text: str | None, split: Callable[[str], list[str]] | None = None) -> list[str] | None:
    """The comma-separated items of an option (None when it was not given). A list of no
    items ("", ",,,") is refused: taking the defaults instead would run something else
    than was asked for."""
    if text is None:
        return None
    items = split(text) if split else [x.strip() for x in text.split(",") if x.strip()]
    if not items:
        raise WizarenaError(f"{option} {shown(text)} names nothing: give one or more, comma-separated")
    return items


def _check_seat(game: Any, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < game.num_players:
        raise WizarenaError(f"{game.full_id} has seats 0 to {game.num_players - 1}, not {seat}")


def _event_line(event: Event) -> Text:
    line = Text("  ")
    line.append(event.text)
    if event.rule:
        line.append(f"  [{event.rule}]", style="dim")
    return line


def _narrate(events: list[Event]) -> None:
    for e in events:
        out.print(_event_line(e))


def _outcome_line(outcome: Any, names: dict[int, str]) -> str:
    if outcome is None:
        return "the game did not finish"
    if len(outcome.winners) == 1:
        w = outcome.winners[0]
        head = "you win" if names.get(w) == "you" else f"{names.get(w, f'P{w}')} wins"
    elif outcome.winners:
        head = "shared win: " + ", ".join(names.get(w, f"P{w}") for w in outcome.winners)
    else:
        head = "a draw"
    scores = "" if outcome.scores is None else " (scores " + "-".join(f"{s:g}" for s in outcome.scores) + ")"
    return f"{head}{scores}" + (f": {outcome.reason}" if outcome.reason else "")


# -- games and cards ------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games and their rules variants."""
    table = Table(title="wizarena games")
    table.add_column("game")
    table.add_column("name")
    table.add_column("players")
    table.add_column("rules")
    table.add_column("computer opponent")
    options: list[tuple[str, Any]] = []
    for gid in game_ids():
        cls = game_class(gid)
        counts = sorted(cls.player_counts)
        runs = counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2
        players = f"{counts[0]}-{counts[-1]}" if runs else ", ".join(map(str, counts))
        for variant, description in cls.variants.items():
            game = load_game(gid, variant)
            table.add_row(game.full_id, game.title, players, description, game.default_agent)
            options += [(game.full_id, o) for o in game.options]
    out.print(table)
    if options:
        out.print("Options, each set by --config '{\"KEY\": true}':", markup=False)
        for gid, o in options:
            fits = f" ({' or '.join(map(str, o.players))} players)" if o.players else ""
            out.print(f"  {gid}  {o.key}: {o.description}{fits}", markup=False)


@app.command()
def cards(
    game_id: GameArg,
    variant: VariantOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the catalogue as a JSON list.")] = False,
) -> None:
    """Show a game's card catalogue."""
    game = load_game(game_id, variant)
    catalogue = game.cards
    if not catalogue:
        raise WizarenaError(f"{game.full_id} has no card catalogue")
    rows = [c.to_json() for c in catalogue]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    # One block per card: the short facts on a line, long texts (ability, source) each on
    # its own indented line, which stays legible in an 80-column terminal.
    long = {k for row in rows for k, v in row.items() if isinstance(v, str) and len(v) > LONG_FIELD}
    out.print(f"{game.name} cards ({len(rows)})", style="bold", markup=False)
    for row in rows:
        head = Text()
        if "id" in row:
            head.append(f"{row['id']:>3} ", style="dim")
        head.append(str(row.get("name", "?")), style="bold")
        for k, v in row.items():
            if k in ("id", "name") or k in long or v in (None, "") or v is False:
                continue
            head.append(f"  {k}" if v is True else f"  {k} {v}")  # a flag reads as a word: "may"
        out.print(head)
        for k in row:
            if k in long and row[k]:
                if out.is_terminal:  # wrapped under its card; piped, one line each, nothing padded
                    out.print(Padding(Text(f"{k}: {row[k]}"), (0, 0, 0, 6), expand=False), soft_wrap=False)
                else:
                    out.print(f"      {k}: {row[k]}", markup=False)


# -- deck ---------------------------------------------------------------------------------------
deck_app = typer.Typer(cls=_Group, help="Deck files: check one against a game's deck rules.",
                       no_args_is_help=True, add_completion=False)
app.add_typer(deck_app, name="deck")


def _deck_header(path: str) -> tuple[str | None, str | None]:
    """A deck file's `name` and `format`, for the summary line (the game has read it already)."""
    try:
        data = read_toml(path, WizarenaError)
    except WizarenaError:
        return None, None
    name, fmt = data.get("name"), data.get("format")
    return (printable(name) if isinstance(name, str) else None), (printable(fmt) if isinstance(fmt, str) else None)


@deck_app.command(name="check")
def deck_check(
    game_id: GameArg,
    path: Annotated[str, typer.Argument(metavar="FILE", help="Deck file (TOML).", show_default=False)],
    fmt: Annotated[str | None, typer.Option("--format", help="Check for this format (default: the "
                                            "file's own `format`).")] = None,
) -> None:
    """Check a deck file against the game's deck rules.

    A legal deck prints one line, plus notes (exit 0); an illegal one prints every violation,
    one a line, each with its rulebook section (exit 1).
    """
    game = load_game(game_id)
    if not game.deck_rules:
        raise WizarenaError(f"{game.full_id} has no deck rules")
    violations, notes = game.check_deck(path, fmt)
    if violations:
        for section, message in violations:
            print(f"{section}: {message}")
        raise typer.Exit(1)
    name, file_fmt = _deck_header(path)
    shown = (fmt or file_fmt or "").strip().lower()
    print(f"{path}: legal {shown + ' ' if shown else ''}deck" + (f" ({name})" if name else ""))
    for _, message in notes:
        print(f"note: {message}")


# -- play -------------------------------------------------------------------------------------
def _read_line(prompt: str) -> str | None:
    """One line typed by the person, or None at end of input. Piped input is echoed so
    that a transcript reads like the session it drove."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            out.print()
            return None
    out.print(prompt, end="")
    line = sys.stdin.readline(MAX_LINE)
    if not line:
        out.print()
        return None
    if len(line) == MAX_LINE and not line.endswith("\n"):  # the rest of an endless line is dropped
        while (rest := sys.stdin.readline(MAX_LINE)) and not rest.endswith("\n"):
            pass
    line = line.rstrip("\r\n")
    echo = line if len(line) <= MAX_TYPED else line[:MAX_TYPED] + "..."
    out.print(printable(echo), markup=False)
    return line


def _menu(game: Any, state: Any, actions: list[Any]) -> None:
    width = len(str(len(actions)))
    for i, a in enumerate(actions, 1):
        hint = game.action_hint(a)
        out.print(f"  {i:>{width}}) {game.action_text(state, a)}" + (f"  ({hint})" if hint else ""), markup=False)


def _help(game: Any, topic: str) -> None:
    """`help NAME`: what the game says about a card (or another topic) of that name."""
    text = game.help_text(topic)
    if text is None:
        out.print(f"  no help on {shown(topic.strip())}: type help and a card's name, or ? for the menu",
                  style="red", markup=False)
        return
    for line in text.splitlines():
        out.print(f"  {line}", markup=False)


def _tell(game: Any, state: Any, seat: int, cursor: list[int]) -> list[Event]:
    """Narrate what `seat` may read and has not been shown yet. The cursor counts the
    seat's own events (what `game.events` indexes), not the whole log: events the seat may
    not read must not push it past events it may.

    The game's closing events (kind "end") are returned instead of narrated: the final
    line says the result once, with their citations."""
    new = game.events(state, seat, cursor[seat])
    cursor[seat] += len(new)
    _narrate([e for e in new if e.kind != "end"])
    return [e for e in new if e.kind == "end"]


def _human_turn(game: Any, state: Any, seat: int, cursor: list[int]) -> list[Any]:
    """Show the seat what it may know and read its choice, as the actions it stands for
    (`game.parse_plan`: a walk typed at once is several); Stop if the person quits or the
    input ends."""
    _tell(game, state, seat, cursor)
    out.print()
    out.print(game.render_text(game.view(state, seat)), markup=False)
    legal = game.legal_actions(state, seat)
    out.print(f"\nP{seat}, choose (number or text; help NAME explains a card; quit to stop):", style="bold")
    _menu(game, state, legal)
    while True:
        text = _read_line(f"P{seat}> ")
        if text is None:
            raise Stop(ENDED)
        if text.strip().lower() in QUIT_WORDS:
            raise Stop(QUIT)
        if text.strip() in ("?", "help"):
            _menu(game, state, legal)
            continue
        if text.strip().lower().startswith("help "):
            _help(game, text.strip()[5:])
            continue
        try:
            return game.parse_plan(state, seat, text)
        except IllegalAction as exc:
            out.print(f"  not accepted: {exc}", style="red", markup=False)


def _pass_screen(seat: int) -> None:
    """Hide the last seat's secrets before the next person looks; Stop if they quit or the
    input ended."""
    if out.is_terminal:
        out.clear()
    out.rule(f"pass the terminal to P{seat}")
    text = _read_line(f"P{seat}: press Enter when only you can see the screen (or quit) ")
    if out.is_terminal:
        out.clear()
    if text is None:
        raise Stop(ENDED)
    if text.strip().lower() in QUIT_WORDS:
        raise Stop(QUIT)


class _Terminal:
    """What the people at this terminal share: the game's narration so far (each seat's
    cursor into its events), the last person who looked (for the hot-seat's pass screen),
    and the match, whose moves tell a person's plan whether anybody moved in between."""

    def __init__(self, game: Any, hotseat: bool) -> None:
        self.game, self.hotseat = game, hotseat
        self.cursor = [0] * game.num_players
        self.last_human: int | None = None
        self.match: Match | None = None


class _Person:
    """A person at the terminal, as an agent of the match: shown the seat's view, asked for
    a line, which may stand for several actions (a walk: `parse_plan`); the rest of such a
    plan goes on while the same seat acts and each step is legal."""

    name = "person"

    def __init__(self, seat: int, terminal: _Terminal) -> None:
        self.seat, self.terminal = seat, terminal
        self.plan: list[Any] = []
        self.at = -1  # the number of moves played when the plan's next step is due

    def act(self, turn: Turn) -> Any:
        terminal, match = self.terminal, self.terminal.match
        assert match is not None
        if self.plan:
            step = self.plan.pop(0)
            if self.at == len(match.moves) and step in turn.legal_actions():
                self.at += 1
                return step
            out.print(f"  stopped before: {step}", markup=False)
            self.plan = []
        game, seat = terminal.game, self.seat
        if terminal.hotseat and seat != terminal.last_human:
            _pass_screen(seat)
        terminal.last_human = seat
        plan = _human_turn(game, match.state, seat, terminal.cursor)
        self.plan, self.at = plan[1:], len(match.moves) + 1
        return plan[0]


def _check_out_file(path: str) -> None:
    """Make sure a record can be appended at `path` before the first move, so that no game
    is played for a record that cannot be kept. A file made for the check is removed."""
    if os.path.isdir(path):
        raise WizarenaError(f"--out {printable(path)} is a folder, not a file")
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise WizarenaError(f"--out {printable(path)}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        with suppress(OSError):
            os.remove(path)


def _drop_stdout() -> None:
    """Send what is still to be written to stdout nowhere once it has failed (a closed
    pipe), so that Python's flush at exit does not print a traceback after our line."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        return
    with suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)


@app.command(name="play")
def play_cmd(
    game_id: GameArg,
    vs: Annotated[str | None, typer.Option("--vs", help="Computer opponent: random, greedy, lookahead, "
                                          "ismcts:iterations=N ... (default: the game's own, "
                                          "`wizarena games` names it).")] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 moves first where order matters).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal, to repeat a game (default: "
                                            "a secret one, committed to at the start and shown at the end).")] = None,
    variant: VariantOpt = None,
    players: PlayersOpt = None,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Two or more people share this terminal; "
                                          "each seat sees only its own view.")] = False,
    config: Annotated[str | None, typer.Option("--config", help="Game config as a JSON object.")] = None,
    out_file: Annotated[str | None, typer.Option("--out", help="Append the game's record to this JSON-lines "
                                                 "file when it ends or is abandoned (check it with replay "
                                                 "--verify).")] = None,
) -> None:
    """Play a game in the terminal against computer opponents, or hot-seat with friends.

    You take one seat and the computer every other (--vs names one agent for all of them,
    or one per computer seat in seat order, comma-separated); --hotseat seats only people.
    """
    game = load_game(game_id, variant, players=players)
    _check_seat(game, seat)
    others = [s for s in range(game.num_players) if s != seat]
    specs = _listed("--vs", vs, split_agents) or [game.default_agent]
    if len(specs) == 1:
        specs = specs * len(others)
    elif not hotseat and len(specs) != len(others):
        raise WizarenaError(f"--vs names {len(specs)} agents for {len(others)} computer seats: give one "
                            "for all of them or one per seat")
    if out_file is not None:
        _check_out_file(out_file)
    secret = seed is None
    if seed is None:
        seed = secret_seed()
    elif not MIN_SEED <= seed < 1 << SECRET_BITS:
        raise WizarenaError(f"--seed must be from -2**63 to 2**{SECRET_BITS}-1")
    # A secret seed is not printed: it would tell every hidden card to come. Its commitment
    # is, so that the seed shown at the end can be checked against it.
    dealt = f"secret seed, SHA-256 {commitment(seed)}" if secret else f"seed {seed}"
    agents: dict[int, Any] = {}
    names: dict[int, str] = {}
    if not hotseat:
        for s, spec in zip(others, specs, strict=True):
            agents[s] = make_agent(spec, derive(seed, f"agent {s}"))
            names[s] = f"P{s} ({spec})"
        names[seat] = "you"
    terminal = _Terminal(game, hotseat)
    seated = [agents[s] if s in agents else _Person(s, terminal) for s in range(game.num_players)]
    match = terminal.match = Match(game, seated, seed, game.read_local_config(_config(config)), log=True)
    if not hotseat:
        against = ", ".join(names[s] for s in sorted(agents))
        out.print(f"{game.name} ({game.full_id}), {dealt}: you are P{seat}, against {against}",
                  style="bold", markup=False)
    else:
        out.print(f"{game.name} ({game.full_id}), {dealt}: hot-seat for {game.num_players} players",
                  style="bold", markup=False)
    state, moves = match.state, match.moves
    why, status = "", 1
    try:
        why = "" if match.run() else match.stopped
    except KeyboardInterrupt:
        why, status = "interrupted", 130
    except OSError as exc:  # the terminal went away: a closed pipe, a full disk
        why = f"the terminal failed: {exc.strerror or exc}"
        _drop_stdout()
    last_human, cursor = terminal.last_human, terminal.cursor

    def kept_record() -> Record:
        return match.record({"abandoned": why} if why else None)

    if why:  # one line on stderr, which works when stdout does not
        kept = ""
        if out_file is not None:
            try:
                write_records(out_file, [seal(kept_record())], append=True)
                kept = f"; its record is appended to {printable(out_file)}"
            except OSError as exc:
                kept = f"; its record could not be appended to {printable(out_file)}: {exc.strerror or exc}"
        revealed = f"; the secret seed was {seed}" if secret else ""
        n = len(moves)
        _error(f"game abandoned after {n} move{'' if n == 1 else 's'} ({why}){revealed}{kept}")
        raise _StoppedEarly(status)
    if out_file is not None:  # kept before anything is printed, which might fail
        write_records(out_file, [seal(kept_record())], append=True)
    # The end: what is left to tell, the table, and the result.
    viewer = None if hotseat else seat
    out.print()
    ending = _tell(game, state, last_human if hotseat and last_human is not None else seat, cursor)
    out.print()
    out.print(game.render_text(game.view(state, viewer)), markup=False)
    out.print()
    cited = "".join(f"  [{e.rule}]" for e in ending if e.rule)
    out.print("game over: " + _outcome_line(game.outcome(state), names) + cited, style="bold", markup=False)
    if secret:
        out.print(f"the secret seed was {seed} (its SHA-256 is the commitment shown at the start)", markup=False)
    if out_file is not None:
        out.print(f"record appended to {out_file}", markup=False)
    if sys.stdin.isatty():  # the last screen stays until the person has read it
        _read_line("press Enter to leave ")


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


class _StoppedEarly(Exception):
    """A run stopped early (Ctrl-C, SIGTERM, a game abandoned) that has already said what
    it kept; exit 130 unless told. Not a click exit: click would turn that into a plain
    status and `main` would say "interrupted" a second time."""

    def __init__(self, exit_code: int = 130) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


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
    specs = _listed("--agents", agents, split_agents) or ["random"] * game.num_players
    game_config = game.read_local_config(_config(config))
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
        _error(f"interrupted after {result.games:,} of {result.planned:,} games"
               + (f"; they are in {out_file}: add --resume to the same command to play the rest" if out_file else ""))
        raise _StoppedEarly


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
    from wizarena.sim.study import run_study

    kinds = _listed("--kind", kind) or []
    deck_list = _listed("--decks", decks)
    agent_list = _listed("--agents", agents, split_agents)
    folder = os.path.abspath(out_dir)
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise WizarenaError(f"--out {out_dir} is a file, not a folder")
    tick, bar = _progress(as_json)
    with _stop_on_sigterm(), bar if bar is not None else nullcontext():
        result = run_study(game_id, kinds, decks=deck_list, agents=agent_list, games=n_games, seed=seed,
                           players=players, workers=workers, backend=backend, address=address, progress=tick)
    result["command"] = "wizarena study " + " ".join(sys.argv[2:]) if sys.argv[1:2] == ["study"] else None
    try:
        from wizarena.sim.report import write_report
    except ImportError as exc:
        raise WizarenaError(f"the report needs matplotlib: pip install 'wizarena[lab]' ({exc})") from None
    written = write_report(result, out_dir)
    if as_json:
        print(json.dumps(result))
        return
    out.print(f"{result['title']}: {result['games']:,} games in {result['seconds']:.1f} s; report in "
              f"{os.path.join(out_dir, 'report.html')}", style="bold", markup=False)
    for path in written[1:]:
        out.print(f"  {path}", markup=False)


# -- replay -------------------------------------------------------------------------------------
def _verify(path: str, index: int | None, key: str | None) -> None:
    from wizarena.core.signing import check_signature, read_keys

    keys = read_keys(key) if key is not None else None
    ok = failed = unchained = pledged = 0
    signers: dict[str, int] = {}
    unsigned = unchecked = 0
    first = ""
    for k, record in enumerate(read_records(path)):
        if index is not None and k != index:
            continue
        try:
            if keys is not None and key is not None:
                # First: a record the server did not sign as it is gets no replay at all.
                signer = check_signature(record, keys, key)
                signers[signer] = signers.get(signer, 0) + 1
            replay(record, log=False)
            ok += 1
            unchained += record.digests is None
            pledged += record.commitment is not None
            unsigned += record.signature is None
            unchecked += keys is None and record.signature is not None
        except ReplayDivergence as exc:
            failed += 1
            first = first or f"record {k} diverges at step {exc.step}: {exc.reason}"
        except RecordError as exc:
            failed += 1
            first = first or f"record {k}: {exc}"
        if index is not None:
            break
    if index is not None and ok + failed == 0:
        raise WizarenaError(f"{path} has no record {index}")
    if ok + failed == 0:  # an empty file, or blank lines: nothing was shown to be right
        raise WizarenaError(f"{path} holds no records to verify")
    if failed:
        more = f" ({failed} of {ok + failed} records fail)" if ok + failed > 1 else ""
        raise WizarenaError(first + more)
    notes = []
    if unchained:
        notes.append(f"{unchained} of them carr{'ies' if unchained == 1 else 'y'} no step digests (an older "
                     "format), so a changed choice could not be checked step by step, only the whole game")
    if pledged:
        notes.append(f"{pledged} dealt from a secret seed that matches the commitment shown before the game")
    for signer, n in signers.items():
        notes.append(f"{n} signed by {signer}")
    if unchecked:
        notes.append(f"{unchecked} signed, not checked (--key FILE|URL checks whose signature it is)")
    if unsigned:
        notes.append(f"{unsigned} unsigned (no server vouches for who wrote {'it' if unsigned == 1 else 'them'})")
    out.print(f"ok: {ok} record(s) replay exactly" + "".join(f"; {n}" for n in notes), markup=False)


@app.command(name="replay")
def replay_cmd(
    path: Annotated[str, typer.Argument(metavar="FILE", help="Record file: JSON lines, or Parquet (.parquet) "
                                        "as `simulate --out` writes.", show_default=False)],
    index: Annotated[int | None, typer.Option("--index", "-k", min=0, help="Record number, from 0 "
                                              "(default: the first; with --verify, all).")] = None,
    verify: Annotated[bool, typer.Option("--verify", help="Re-execute the records and report whether "
                                         "each replays exactly, or where one diverges.")] = False,
    seat: Annotated[int | None, typer.Option("--seat", help="Narrate as this seat sees it "
                                             "(default: a spectator).")] = None,
    key: Annotated[str | None, typer.Option("--key", metavar="FILE|URL", help="With --verify: the public keys "
                                            "of the server that signed the records, as a file of its /api/keys "
                                            "answer or the server's http(s) URL; every record must carry a "
                                            "signature by one of them.")] = None,
) -> None:
    """Re-execute a recorded game and narrate it with rule citations, or verify records."""
    if key is not None and not verify:
        raise WizarenaError("--key checks signatures while verifying: add --verify")
    if verify:
        _verify(path, index, key)
        return
    want = index or 0
    record, count = read_record(path, want)
    if record is None:
        raise WizarenaError(f"{path} has {count} record(s); there is no record {want}")
    try:
        game, state = replay(record, log=True)
    except ReplayDivergence as exc:
        raise WizarenaError(f"record {want} diverges at step {exc.step}: {exc.reason}") from None
    _check_seat(game, seat)
    who = "a spectator" if seat is None else f"P{seat}"
    agents = record.meta.get("agents") if isinstance(record.meta, dict) else None
    seated = f", seats: {', '.join(f'P{s} {a}' for s, a in enumerate(agents))}" if isinstance(agents, list) else ""
    out.print(f"record {want}: {game.name} ({game.full_id}), seed {record.seed}, {len(record.moves)} steps"
              f"{seated}; as {who} sees it", style="bold", markup=False)
    if record.digests is None:
        out.print("(this record carries no step digests, an older format: it replays, but a changed choice "
                  "could not be found step by step)", style="dim", markup=False)
    _narrate(game.events(state, seat))
    names = {s: f"P{s}" for s in range(game.num_players)}
    if isinstance(agents, list):
        names.update({s: f"P{s} ({a})" for s, a in enumerate(agents) if s in names})
    out.print("game over: " + _outcome_line(game.outcome(state), names), style="bold", markup=False)


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


# -- serve -----------------------------------------------------------------------------------------
DbOpt = Annotated[str | None, typer.Option("--db", help="Database URL: sqlite:///FILE (default "
                                           "sqlite:///wizarena.db here) or postgresql://user:pass@host/db.")]
KeysOpt = Annotated[str | None, typer.Option("--keys", metavar="DIR", help="Folder of the key file that signs "
                                             "finished tables' records (default: the SQLite file's folder; "
                                             "the working directory for PostgreSQL).")]


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOpt = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes (more than 1 needs "
                                         "PostgreSQL).")] = 1,
    limit: Annotated[list[str] | None, typer.Option("--limit", help="Change a limit, NAME=VALUE (repeatable), "
                                                    "e.g. move_seconds=3 or seat_moves=30/10: see docs/web.md, "
                                                    "Limits.")] = None,
    reports: Annotated[str | None, typer.Option("--reports", help="A folder of balance studies (each "
                                                "subfolder written by `wizarena study --out`): the lobby "
                                                "lists them and serves their reports, read-only.")] = None,
    keys: KeysOpt = None,
    max_connections: Annotated[int, typer.Option("--max-connections", help="Open connections (WebSockets "
                                                 "included) per worker; 0: no cap.")] = 1000,
    max_connections_per_address: Annotated[int, typer.Option("--max-connections-per-address", help="Open "
                                                             "connections from one client address per worker; "
                                                             "0: no cap.")] = 50,
    request_timeout: Annotated[float, typer.Option("--request-timeout", help="Seconds a client has to send "
                                                   "a whole request (head and body).")] = 10.0,
    keep_alive: Annotated[float, typer.Option("--keep-alive", help="Seconds an idle connection is kept "
                                              "between requests.")] = 5.0,
    max_header_bytes: Annotated[int, typer.Option("--max-header-bytes", help="Size of a request's line and "
                                                  "headers.")] = 16 * 1024,
    ws_compression: Annotated[bool, typer.Option("--ws-compression/--no-ws-compression", help="Compress "
                                                 "WebSocket messages (permessage-deflate) for clients that "
                                                 "offer it; off by default, since it costs more CPU than "
                                                 "the few kilobytes of a state save.")] = False,
) -> None:
    """Run the web table: play in a browser, over HTTP or a WebSocket (docs/web-protocol.md)."""
    try:
        from wizarena.server.connections import ConnectionLimits
        from wizarena.server.run import serve as run_server
    except ImportError as exc:
        raise WizarenaError(f"the web table needs the web extra: pip install 'wizarena[web]' ({exc})") from None
    connections = ConnectionLimits(max_connections=max_connections,
                                   max_connections_per_address=max_connections_per_address,
                                   request_timeout_s=request_timeout, keep_alive_s=keep_alive,
                                   max_header_bytes=max_header_bytes)
    run_server(host=host, port=port, db=db, workers=workers, limits=limit, reports=reports, keys=keys,
               connections=connections, ws_compression=ws_compression)


# -- keys -------------------------------------------------------------------------------------------
keys_app = typer.Typer(cls=_Group, help="The web table's signing keys: list them, or make a new one current.",
                       no_args_is_help=True)
app.add_typer(keys_app, name="keys")


def _key_ring(db: str | None, keys: str | None) -> Any:
    try:
        from wizarena.server.db import DEFAULT_URL
        from wizarena.server.keys import KeyRing, keys_folder
    except ImportError as exc:
        raise WizarenaError(f"the server's keys need the web extra: pip install 'wizarena[web]' ({exc})") from None
    folder = keys_folder(db or DEFAULT_URL, keys)
    if folder is None:
        raise WizarenaError("an in-memory database keeps its key in memory: there is no key file to use")
    return KeyRing(folder)


@keys_app.command(name="list")
def keys_list(
    db: DbOpt = None,
    keys: KeysOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print what GET /api/keys answers (a file for "
                                          "`replay --verify --key`).")] = False,
) -> None:
    """List the signing keys, oldest first; the current one signs new records."""
    ring = _key_ring(db, keys)
    if not ring.path.exists():  # listing makes nothing
        raise WizarenaError(f"no key file {ring.path}: `wizarena serve` makes one when it first starts")
    public = ring.public()
    if as_json:
        print(json.dumps({"keys": [k.to_json() for k in public]}))
        return
    for k in public:
        out.print(f"{k.id}  {k.algorithm}  created {k.created or '?'}{'  current' if k.current else ''}",
                  markup=False)


@keys_app.command(name="rotate")
def keys_rotate(db: DbOpt = None, keys: KeysOpt = None) -> None:
    """Make a new signing key current; the old ones stay listed, so their records still verify.

    The old key's private half is deleted. A running server signs with the new key from its
    next record on."""
    ring = _key_ring(db, keys)
    before = ring.public()[-1].id if ring.path is not None and ring.path.exists() else None
    new = ring.rotate()
    retired = f"; {before} is retired and still listed" if before is not None else ""
    out.print(f"key {new.id} is now current{retired} ({ring.path})", markup=False)


# -- entry point ----------------------------------------------------------------------------------
def _error(message: str) -> None:
    text = " ".join(str(message).split()) or "unknown error"
    print(f"error: {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 error, 2 usage, 130 interrupt)."""
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="wizarena", standalone_mode=False)
        if result == 130:  # typer turns Ctrl-C into an exit status and returns it
            _error("interrupted")
        return result if isinstance(result, int) else 0
    except _StoppedEarly as exc:  # the command said what it kept
        return exc.exit_code
    except typer.Exit as exc:  # --help, or Ctrl-C, which typer turns into Exit(130)
        if isinstance(exc.__cause__, KeyboardInterrupt) or exc.exit_code == 130:
            _error("interrupted")
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        _error("interrupted")
        return 130
    except WizarenaError as exc:
        _error(str(exc))
        return 1
    except ValueError as exc:
        _error(str(exc))
        return 1
    except OSError as exc:
        _error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return 1
    except Exception as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `wizarena`: show the help
            print(exc.format_message())  # type: ignore[attr-defined]
            return 0
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # click usage errors
            _error(exc.format_message())
            return int(exc.exit_code)
        if os.environ.get("WIZARENA_DEBUG"):
            raise
        _error(f"internal error: {type(exc).__name__}: {exc} (set WIZARENA_DEBUG=1 for the traceback)")
        return 70


if __name__ == "__main__":
    sys.exit(main())
