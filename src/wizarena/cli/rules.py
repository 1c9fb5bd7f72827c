"""`wizarena rules GAME`: a game's rules in our own words, as the players' rules page that
ships with the package (wizarena.rules), drawn for the terminal or printed as Markdown."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markdown import Markdown

from wizarena import rules
from wizarena.core import WizarenaError

from .base import GameArg, app, out


@app.command(name="rules")
def rules_page(
    game_id: GameArg,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the page's Markdown source as it is.")] = False,
) -> None:
    """Show a game's rules in our own words (the page the web table links as well)."""
    try:
        page = rules.text(game_id)
    except ValueError as exc:
        raise WizarenaError(str(exc)) from None
    if markdown or not out.is_terminal:
        print(page, end="")
    else:
        out.print(Markdown(page))
