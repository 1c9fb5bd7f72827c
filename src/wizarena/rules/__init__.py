"""The players' rules pages: each game's rules in our own words, one Markdown file per game,
shipped with the package so that every install has them.

The headings are the names the game's log cites (`Cup 2 Battle`, `WoM 7.9`, `6e 8`), so a
player who wonders about a ruling in the log finds its paragraph. `wizarena rules GAME`
prints a page in the terminal, the web server serves it at /rules/GAME and links it from
the lobby and the table, and the project's docs/games/ pages hold the rulings behind it.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Final

# A game id (or the family of a variant id: `cup/swap` is `cup`) -> its page's file.
PAGES: Final[dict[str, str]] = {
    "cup": "cup.md",
    "mickey": "mickey.md",
    "wars": "wars.md",
    "wizwar": "wizwar.md",
    "wizwar/8e": "wizwar-8e.md",
}
MAX_ID = 64  # a game id is short; anything longer is refused before it is looked up


def page_id(game_id: str) -> str:
    """The page that holds `game_id`'s rules: its own, or its family's (`mickey/mini` reads
    `mickey`'s). ValueError names the games that have one."""
    wanted = game_id.strip().lower() if isinstance(game_id, str) and len(game_id) <= MAX_ID else ""
    if wanted in PAGES:
        return wanted
    family, _, variant = wanted.partition("/")
    if family in PAGES and re.fullmatch(r"[a-z0-9-]+", variant):
        return family
    raise ValueError(f"no rules page for {game_id[:MAX_ID]!r}: there are pages for {', '.join(PAGES)}")


def text(game_id: str) -> str:
    """The rules page of `game_id`, as Markdown."""
    return resources.files(__name__).joinpath(PAGES[page_id(game_id)]).read_text(encoding="utf-8")


def title(markdown: str) -> str:
    """A page's title: its first heading, without the hashes."""
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return "Rules"
