"""Piped input for terminal games.

Menu numbers stay put while a menu only loses choices (cli/prompt.py), so "1" is not
always on offer: a script that wants any legal choice types the numbers in turn, and each
one the menu does not show is refused and asked again."""

from __future__ import annotations

from typing import Any

from wizarena.cli.prompt import Menu

WIDEST = 40  # more than any menu's highest number


def any_choice(decisions: int) -> str:
    """Lines enough for `decisions` choices, whatever the menus number them."""
    return "".join(f"{n}\n" for n in range(1, WIDEST + 1)) * decisions


class Typist:
    """The choices `any_choice` makes, decision by decision: for a test that plays the
    same game again without the terminal."""

    def __init__(self) -> None:
        self.menu = Menu()
        self.typed = 0  # lines typed so far

    def choose(self, legal: list[Any]) -> Any:
        shown = dict(self.menu.number(legal))
        while True:
            n = self.typed % WIDEST + 1
            self.typed += 1
            if n in shown:
                return shown[n]
