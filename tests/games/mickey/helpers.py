"""Shared helpers for the Wizards of Mickey tests: tables built from named cards, moves by
their text, and lookups into the event log."""

from __future__ import annotations

import re

import wizarena
from wizarena.games.mickey.effects import CARDS
from wizarena.games.mickey.game import MickeyGame
from wizarena.games.mickey.state import MickeyState

GAME: MickeyGame = wizarena.load_game("mickey")
MINI: MickeyGame = wizarena.load_game("mickey", "mini")
OFFICIAL: MickeyGame = wizarena.load_game("mickey", "official")

# The teams of the two ready MiniSfida decks (their Wizards have abilities: mind them).
EMBER = ["Aldo Brightstaff", "Bruna Coalhand", "Cato Wick"]
TIDE = ["Delia Stormglass", "Fenn Mossguard", "Nadia Frostwhorl"]


def card(name: str):
    """The card with this label (a Wizard by "Name (Title)" or a unique name)."""
    from wizarena.games.mickey.game import CATALOGUE
    return CATALOGUE.find(name)


def with_effect(kind: str, card_kind: str = "magic") -> list:
    """Every card of a kind whose effects include `kind`."""
    return [c for c in CARDS if c.kind == card_kind and any(e["do"] == kind for e in c.effects)]


def act(game: MickeyGame, s: MickeyState, *moves: str) -> None:
    """Play moves by their exact text, each by whoever is to act."""
    for text in moves:
        seats = game.to_act(s)
        assert seats, f"nobody is to act before {text!r}"
        p = seats[0]
        game.apply(s, p, game.parse_action(s, p, text))


def final(s: MickeyState) -> tuple[int, int]:
    """The last "Final Magic Power: P0 x, P1 y" event (WoM 7.8)."""
    found = [e for e in s.log if e.text.startswith("Final Magic Power:")]
    assert found, "no Final Magic Power was counted"
    assert found[-1].rule == "WoM 7.8"
    m = re.fullmatch(r"Final Magic Power: P0 (\d+), P1 (\d+)", found[-1].text)
    assert m
    return int(m.group(1)), int(m.group(2))


def cited(s: MickeyState, rule: str) -> list[str]:
    """The texts of the public events citing `rule`."""
    return [e.text for e in s.log if e.rule == rule and e.to is None]


def texts(s: MickeyState) -> str:
    return "\n".join(e.text for e in s.log)


def rules(s: MickeyState) -> list[str]:
    return [e.rule for e in s.log]


def legal_texts(game: MickeyGame, s: MickeyState) -> list[str]:
    seats = game.to_act(s)
    return [a.text for a in game.legal_actions(s, seats[0])] if seats else []
