"""What every `wizarena` command shares: the typer app, the consoles, the options that
recur (game, variant, players), reading a --config or a comma list, narrating events, and
the one-line error every failure a person can cause ends in."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from wizarena.core import Event, WizarenaError
from wizarena.core.inputs import load_json, shown

ORDER = ("games", "rules", "cards", "deck", "play", "simulate", "study", "replay", "bench", "train", "serve", "keys")


class Group(typer.core.TyperGroup):
    """A command group whose help pages give flags no value placeholder.

    typer 0.2x prints each option's type in the help, so a flag such as `--hotseat` (or
    `--help` itself) reads `--hotseat <bool>`, as if it wanted a value. A flag's metavar is
    set empty, for the group's own options and for each command it hands out (click builds
    a command's `--help` option once and keeps it, so setting it once lasts). The help
    lists the commands in the order a newcomer meets them (`ORDER`), not in the order
    their modules happened to be imported."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _flags_untyped(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        names: list[str] = super().list_commands(ctx)
        return sorted(names, key=lambda name: ORDER.index(name) if name in ORDER else len(ORDER))

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
    cls=Group,
    name="wizarena",
    help="Wizard card and board games played by their printed rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)

# Consoles look sys.stdout/sys.stderr up when printing, so redirected streams (pipes,
# tests) are honoured. soft_wrap: long lines are left to the terminal, so piped output
# keeps one event per line.
class _Console(Console):
    """A rich Console whose broken pipe is an error like any other write error: rich's
    own answer, SystemExit(1), would skip what `play` does to keep a game that was cut off."""

    def on_broken_pipe(self) -> None:
        drop_stdout()
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


out = _Console(highlight=False, soft_wrap=True)
err = _Console(stderr=True, highlight=False, soft_wrap=True)


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


def read_config(text: str | None) -> dict[str, Any] | None:
    if text is None:
        return None
    data = load_json(text, "--config must be a JSON object", WizarenaError)
    if not isinstance(data, dict):
        raise WizarenaError("--config must be a JSON object, e.g. '{\"swap\": true}'")
    return data


def listed(option: str, text: str | None, split: Callable[[str], list[str]] | None = None) -> list[str] | None:
    """The comma-separated items of an option (None when it was not given). A list of no
    items ("", ",,,") is refused: taking the defaults instead would run something else
    than was asked for."""
    if text is None:
        return None
    items = split(text) if split else [x.strip() for x in text.split(",") if x.strip()]
    if not items:
        raise WizarenaError(f"{option} {shown(text)} names nothing: give one or more, comma-separated")
    return items


def check_seat(game: Any, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < game.num_players:
        raise WizarenaError(f"{game.full_id} has seats 0 to {game.num_players - 1}, not {seat}")


def _event_line(event: Event) -> Text:
    line = Text(event.text)
    if event.rule:
        line.append(f"  [{event.rule}]", style="dim")
    return line


def narrate(events: list[Event]) -> None:
    """Each event on its line, indented, with its rule; in a terminal a long one wraps at a
    word under its indent (piped, one line each)."""
    for e in events:
        if out.is_terminal:
            out.print(Padding(_event_line(e), (0, 0, 0, 2)), soft_wrap=False)
        else:
            out.print(Text("  ") + _event_line(e))


def outcome_line(outcome: Any, names: dict[int, str]) -> str:
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




def drop_stdout() -> None:
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



class StoppedEarly(Exception):
    """A run stopped early (Ctrl-C, SIGTERM, a game abandoned) that has already said what
    it kept; exit 130 unless told. Not a click exit: click would turn that into a plain
    status and `main` would say "interrupted" a second time."""

    def __init__(self, exit_code: int = 130) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code



def error(message: str) -> None:
    text = " ".join(str(message).split()) or "unknown error"
    print(f"error: {text}", file=sys.stderr, flush=True)

