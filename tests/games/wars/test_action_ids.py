"""Wizard Wars' actions keep their ids when content is added, and say what they mean (the
ids come from the ledger in action_ids.py, never from an action's place in the table)."""

from __future__ import annotations

import wizarena
from wizarena.games.wars.action_ids import IDS
from wizarena.games.wars.actions import TABLE, TAP_A


def test_the_committed_ledger_records_every_action() -> None:
    assert TABLE.missing() == []
    assert all(IDS[a.key] == a.id for a in TABLE.actions())


def test_an_action_keyed_by_its_meaning_keeps_its_id_whatever_is_declared_before_it() -> None:
    # A card added to the collection declares its actions among the others (the table is
    # built card by card); the ledger still gives every old action its old id.
    from wizarena.core.actions import ActionTable

    grown = ActionTable(IDS)
    grown.add("mulligan", "mulligan Newcomer", (9, 999, 0), card="Newcomer")  # declared first, but new
    for action in TABLE.actions():
        if action.kind != "retired":
            again = grown.add(action.kind, action.text, action.data, **action.fields)
            assert again.id == action.id
    assert grown.missing() == ["mulligan card=Newcomer"]


def test_every_action_names_what_it_acts_on() -> None:
    game = wizarena.load_game("wars")
    for action in game.actions:
        fields = dict(action.fields)
        if action.kind in ("play-left", "play-right", "play", "mulligan", "discard"):
            assert set(fields) == {"card"}
        elif action.kind in ("equip",):
            assert set(fields) == {"card", "slot"}
        elif action.kind == "tap":
            assert set(fields) == {"card", "slot", "on_equipment"}
        elif action.kind == "set-die":
            assert set(fields) == {"pool", "die", "face"}
    tap = next(a for row in TAP_A for a in row if a.kind == "tap")
    assert tap.fields["slot"] == tap.data[2] + 1
