"""Wizards of Mickey's actions keep their ids when content is added, and say what they
mean (the ids come from the ledger in action_ids.py, never from an action's place)."""

from __future__ import annotations

import wizarena
from wizarena.core.actions import ActionTable
from wizarena.games.mickey.action_ids import IDS
from wizarena.games.mickey.actions import POS, TABLE


def test_the_committed_ledger_records_every_action() -> None:
    assert TABLE.missing() == []
    assert all(IDS[a.key] == a.id for a in TABLE.actions())


def test_a_card_declared_among_the_others_renumbers_nothing() -> None:
    # Seven cards added to the collection once moved every later id; with the ledger a new
    # card's actions take new ids wherever the table declares them.
    grown = ActionTable(IDS)
    grown.add("discard", "discard Newcomer", (4, 999, 0), card="Newcomer")
    for action in TABLE.actions():
        assert grown.add(action.kind, action.text, action.data, **action.fields).id == action.id
    assert grown.missing() == ["discard card=Newcomer"]


def test_every_action_names_what_it_acts_on() -> None:
    game = wizarena.load_game("mickey", "official")
    for action in game.actions:
        fields = dict(action.fields)
        if action.kind in ("cast", "hide", "line-up"):
            assert set(fields) == {"card", "position"} and fields["position"] in POS
        elif action.kind in ("discard", "bring", "take-out", "put-in", "take-back"):
            assert set(fields) == {"card"}
        elif action.kind == "choose-position":
            assert set(fields) == {"seat", "position"}
