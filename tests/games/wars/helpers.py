"""Shared helpers for the Wizard Wars tests: tables built from named cards, short actions."""

from __future__ import annotations

from typing import Any

import wizarena
from wizarena.games.wars import battlefield as bf
from wizarena.games.wars.cards import NAMES
from wizarena.games.wars.game import WarsGame
from wizarena.games.wars.state import WarsState

GAME: WarsGame = wizarena.load_game("wars")
ALL_FACES = ["Fire", "Water", "Earth", "Air", "Light", "Dark", "Fire", "Water", "Earth"]


def table(rows: tuple[list[str], list[str]] = ([], []), hands: tuple[list[str], list[str]] = ([], []),
          **kw: Any) -> WarsState:
    """A table in the main phase of P0's turn (unless cur= says otherwise), from card names."""
    kw.setdefault("dice", ALL_FACES)
    return GAME.scenario(rows, hands, **kw)


def act(s: WarsState, seat: int, text: str) -> None:
    GAME.apply(s, seat, GAME.parse_action(s, seat, text))


def legal(s: WarsState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal_actions(s, seat)]


def row(s: WarsState, p: int) -> list[str]:
    return [NAMES[s.card[i]] for i in s.row[p]]


def grave(s: WarsState, p: int) -> list[str]:
    return sorted(NAMES[s.card[i]] for i in s.grave[p])


def hand(s: WarsState, p: int) -> list[str]:
    return sorted(NAMES[s.card[i]] for i in s.hand[p])


def unit(s: WarsState, p: int, slot: int) -> int:
    """The instance at a 1-based slot of p's row."""
    return s.row[p][slot - 1]


def power(s: WarsState, p: int, slot: int) -> int:
    return bf.power(s, unit(s, p, slot))


def rules(s: WarsState) -> list[str]:
    return [e.rule for e in s.log or []]


def texts(s: WarsState) -> str:
    return "\n".join(e.text for e in s.log or [])
