"""Shared helpers for the Wizards Cup tests: tables built from named cards, rule lookups."""

from __future__ import annotations

import re

import wizarena
from wizarena.games.cup.game import NAMES, CupGame
from wizarena.games.cup.state import CupState

GAME: CupGame = wizarena.load_game("cup")
SWAP_GAME: CupGame = wizarena.load_game("cup", "swap")


def battle(deck0: list[str], deck1: list[str], sub0: str | None = None, sub1: str | None = None,
           **kw) -> CupState:
    return GAME.setup_battle((deck0, deck1), (sub0, sub1), **kw)


def rules(s: CupState) -> list[str]:
    return [e.rule for e in s.log]


def texts(s: CupState) -> str:
    return "\n".join(e.text for e in s.log)


def discarded(s: CupState, seat: int) -> list[str]:
    """The cards discarded by `seat` in the latest battle, in order, read from the log
    (a settled match clears the table, so the log is the witness)."""
    start = max(i for i, e in enumerate(s.log) if e.text.endswith("the battle begins"))
    out = []
    for e in s.log[start:]:
        m = re.match(r"P(\d)'s (?:Sub Card )?(.+?) is discarded", e.text)
        if m and int(m.group(1)) == seat:
            out.append(m.group(2))
    return out


def names(ids: list[int]) -> list[str]:
    return [NAMES[c] for c in ids]


def act(game: CupGame, s: CupState, seat: int, text: str) -> None:
    game.apply(s, seat, game.parse_action(s, seat, text))


def select_and_order(game: CupGame, s: CupState, picks: tuple[list[str], list[str]],
                     orders: tuple[list[str], list[str]] | None = None) -> None:
    """Drive selection (five picks each) and, if given, the first order of match."""
    for p in (0, 1):
        for name in picks[p]:
            act(game, s, p, f"select {name}")
    if orders:
        for p in (0, 1):
            for name in orders[p]:
                act(game, s, p, f"place {name}")
