"""The `wizarena` command: list games and cards, check decks, play in a terminal, simulate, replay, bench.

Everything a game shows a person comes from the kernel protocol (views, events with rule
citations, legal actions), so every registered game works here without edits. Errors a
person can cause (a typo, a missing file, a tampered record) end in one `error: ...` line
and a non-zero exit; tracebacks are for bugs, and even those are kept to one line unless
WIZARENA_DEBUG is set.

One module a group of commands (catalogue, rules, terminal, lab, records, serving, train), each adding
its commands to the one app of `base` as it is imported, here in the order of the help.
"""

from __future__ import annotations

import os

import typer

from wizarena.core import WizarenaError

from . import catalogue, lab, records, rules, serving, terminal, train  # noqa: F401  (each adds its commands)
from .base import StoppedEarly, app, error

__all__ = ["app", "main"]


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 error, 2 usage, 130 interrupt)."""
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="wizarena", standalone_mode=False)
        if result == 130:  # typer turns Ctrl-C into an exit status and returns it
            error("interrupted")
        return result if isinstance(result, int) else 0
    except StoppedEarly as exc:  # the command said what it kept
        return exc.exit_code
    except typer.Exit as exc:  # --help, or Ctrl-C, which typer turns into Exit(130)
        if isinstance(exc.__cause__, KeyboardInterrupt) or exc.exit_code == 130:
            error("interrupted")
        return exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        error("interrupted")
        return 130
    except WizarenaError as exc:
        error(str(exc))
        return 1
    except ValueError as exc:
        error(str(exc))
        return 1
    except OSError as exc:
        error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return 1
    except Exception as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # bare `wizarena`: show the help
            print(exc.format_message())  # type: ignore[attr-defined]
            return 0
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # click usage errors
            error(exc.format_message())
            return int(exc.exit_code)
        if os.environ.get("WIZARENA_DEBUG"):
            raise
        error(f"internal error: {type(exc).__name__}: {exc} (set WIZARENA_DEBUG=1 for the traceback)")
        return 70

