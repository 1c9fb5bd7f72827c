"""What a person types at `wizarena play`: the line read (with editing, history and
completion on a terminal, echoed when piped) and the menu's numbers.

A terminal gets prompt_toolkit's line editor: the arrows move and recall earlier lines
(the Up arrow used to send `^[[A`), Tab completes the actions' texts, card names and the
commands. Piped input is read a bounded line at a time and echoed, so a transcript reads
like the session it drove.

Menu numbers keep their meaning from one screen to the next while choices are only taken
away (`Menu`): picking the third of five cards leaves 1, 2, 4 and 5 as they were, so a
number read off the last screen picks what it named there or nothing. A menu with any new
choice is a new menu, numbered afresh from 1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from wizarena.core import IllegalAction
from wizarena.core.inputs import MAX_TYPED, printable, whole_number

from .base import out

MAX_LINE = 4 * MAX_TYPED  # characters of a piped line read at once; a longer one is refused whole
COMMANDS = ("help", "?", "quit")

_session: PromptSession[str] | None = None  # the terminal's line editor, made at the first prompt


def read_line(prompt: str, phrases: Iterable[str] = ()) -> str | None:
    """One line typed by the person, or None at end of input. On a terminal Tab completes
    `phrases` (case ignored)."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return _edited(prompt, list(phrases))
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


def _edited(prompt: str, phrases: list[str]) -> str | None:
    global _session
    if _session is None:  # one for the whole game, so that Up recalls earlier turns' lines
        _session = PromptSession(history=InMemoryHistory())
    try:
        line: str = _session.prompt(prompt, completer=Phrases(phrases), complete_while_typing=False)
    except EOFError:
        out.print()
        return None
    return line[:MAX_LINE]


class Phrases(Completer):
    """Completes the whole line so far with the phrases it begins (case ignored), and
    failing that with the phrases that hold it as a word's start ("fire" -> "cast
    Fireball")."""

    def __init__(self, phrases: list[str]) -> None:
        self.phrases = list(dict.fromkeys(phrases))

    def matches(self, typed: str) -> list[str]:
        """The phrases `typed` may complete to, best first."""
        wanted = " ".join(typed.lower().split())
        if not wanted:
            return []
        starts = [p for p in self.phrases if p.lower().startswith(wanted)]
        if starts:
            return starts
        return [p for p in self.phrases if f" {wanted}" in f" {p.lower()}"]

    def get_completions(self, document: Document, complete_event: Any) -> Iterator[Completion]:
        typed = document.text_before_cursor
        for phrase in self.matches(typed):
            yield Completion(phrase, start_position=-len(typed))


class Menu:
    """One seat's menu numbers: a menu that only lost choices since the one before keeps
    the numbers of the rest; any other is numbered 1, 2, 3 ... in the game's order."""

    def __init__(self) -> None:
        self.numbers: dict[int, int] = {}  # action id -> its number on the menu shown last

    def number(self, actions: list[Any]) -> list[tuple[int, Any]]:
        """`actions` numbered, in the order of their numbers."""
        if all(a.id in self.numbers for a in actions):
            self.numbers = {a.id: self.numbers[a.id] for a in actions}
        else:
            self.numbers = {a.id: n for n, a in enumerate(actions, 1)}
        return sorted(((self.numbers[a.id], a) for a in actions), key=lambda pair: pair[0])

    def pick(self, text: str, actions: list[Any]) -> Any | None:
        """The action a bare number names on this menu; None when `text` is no number;
        IllegalAction for a number the menu does not show."""
        n = whole_number(text.strip())
        if n is None:
            return None
        for a in actions:
            if self.numbers.get(a.id) == n:
                return a
        shown = sorted(self.numbers[a.id] for a in actions if a.id in self.numbers)
        raise IllegalAction(f"there is no choice {n if n >= 0 else 'that large'} on this menu: "
                            f"the choices are {_ranges(shown)}")


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 -> "1-3, 5, 7-8"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
