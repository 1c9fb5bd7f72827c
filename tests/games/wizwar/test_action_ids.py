"""Wiz-War's actions keep their ids when content is added, and say what they mean (the ids
come from the ledger in action_ids.py, never from an action's place in the table)."""

from __future__ import annotations

import random

import wizarena
from wizarena.core.actions import ActionTable
from wizarena.games.wizwar import cards
from wizarena.games.wizwar.action_ids import IDS
from wizarena.games.wizwar.actions import ACTIONS, CASTABLE, CASTS, NUMBERS, TABLE, plays


def test_the_committed_ledger_records_every_action() -> None:
    assert TABLE.missing() == []
    assert all(IDS[a.key] == a.id for a in TABLE.actions())


def test_a_new_card_declared_first_renumbers_nothing() -> None:
    grown = ActionTable(IDS)
    grown.add("discard", "discard Mirror Shield", (7, 999, -1, -1), card="mirror_shield")  # a card of tomorrow
    for action in ACTIONS:
        assert grown.add(action.kind, action.text, action.data, **action.fields).id == action.id
    assert grown.missing() == ["discard card=mirror_shield"]


def test_every_action_names_what_it_acts_on() -> None:
    """What a client reads (docs/web-protocol.md, "Wiz-War"): cards by catalogue id, seats,
    squares, lines and directions as numbers and letters; and the engine's data agrees."""
    for action in ACTIONS:
        fields = dict(action.fields)
        code, played, a, b = action.data
        if "card" in fields:
            assert fields["card"] in cards.ID
        if "number" in fields:
            assert fields["number"] == cards.ID[b] and b in NUMBERS
        if "seat" in fields:
            assert fields["seat"] == a
        if action.kind in ("aim", "teleport") and "square" in fields:
            assert fields["square"] == a
        if action.kind == "aim" and "line" in fields:
            assert fields["line"] == a
        if action.kind in ("move", "blink"):
            assert fields["direction"] == "NESW"[a]
    fireball = cards.INDEX["fireball"]
    cast = CASTS[CASTABLE.index(fireball)][1][0]
    assert (cast.kind, dict(cast.fields), cast.text) == ("cast", {"card": "fireball", "seat": 1}, "cast Fireball at P1")


def test_a_lent_card_is_played_only_by_the_actions_that_cast_or_use_it() -> None:
    """Reuse Spell lends a card back: discarding, dropping or answering with it is not using it."""
    teleport = cards.INDEX["teleport"]
    using = {a.kind for a in ACTIONS if plays(a, teleport)}
    assert using == {"teleport"}
    assert not any(plays(a, teleport) for a in ACTIONS if a.kind in ("discard", "counter", "put-in-deal"))


def test_a_random_game_s_actions_are_all_in_the_ledger() -> None:
    game = wizarena.load_game("wizwar", players=3)
    s = game.new_state(5)
    rng = random.Random(5)
    for _ in range(300):
        if game.outcome(s) is not None:
            break
        seat = game.to_act(s)[0]
        legal = game.legal_actions(s, seat)
        assert all(game.actions[a.id] is a and IDS[a.key] == a.id for a in legal)
        game.apply(s, seat, rng.choice(legal))
