"""Stable action ids: a ledger gives each action's id by its meaning, so that new content
never renumbers what existed (issue: ids that survive new content)."""

from __future__ import annotations

import pickle

import pytest

from wizarena.core.actions import RETIRED, Action, ActionTable, action_key


def _build(cards: list[str], ledger: dict[str, int]) -> ActionTable:
    table = ActionTable(ledger)
    table.add("pass", "pass")
    for card in cards:
        table.add("select", f"select {card}", card=card)
    for card in cards:
        table.add("play", f"play {card} on slot 1", card=card, slot=1)
    return table


def test_a_card_added_to_the_middle_of_the_table_renumbers_nothing() -> None:
    first = _build(["anvil", "beacon"], {})
    ledger = first.ledger_after()
    before = {a.key: a.id for a in first.actions()}
    grown = _build(["anvil", "aurora", "beacon"], ledger)  # a new card sorted between the old ones
    after = {a.key: a.id for a in grown.actions()}
    assert all(after[key] == i for key, i in before.items())
    assert grown.missing() == ["select card=aurora", "play card=aurora slot=1"]
    assert sorted(after.values()) == list(range(len(after)))  # still dense: new ids follow the old


def test_an_action_that_no_longer_exists_keeps_its_id_retired() -> None:
    ledger = _build(["anvil", "beacon"], {}).ledger_after()
    shrunk = _build(["beacon"], ledger).actions()
    gone = ledger["select card=anvil"]
    assert shrunk[gone].kind == RETIRED and all(a.id == i for i, a in enumerate(shrunk))


def test_an_action_carries_its_meaning_to_json_and_through_pickle() -> None:
    table = ActionTable({})
    action = table.add("target", "target P1 slot 2", (7, 1, 1), seat=1, slot=2)
    assert action.to_json() == {"id": 0, "text": "target P1 slot 2", "kind": "target", "fields": {"seat": 1, "slot": 2}}
    assert action.key == action_key("target", {"slot": 2, "seat": 1}) == "target seat=1 slot=2"
    copy = pickle.loads(pickle.dumps(action))
    assert (copy.id, copy.text, copy.data, copy.kind, dict(copy.fields)) == (0, "target P1 slot 2", (7, 1, 1),
                                                                            "target", {"seat": 1, "slot": 2})
    with pytest.raises(AttributeError):
        action.kind = "other"  # type: ignore[misc]


def test_two_actions_with_one_meaning_are_refused() -> None:
    table = ActionTable({})
    table.add("select", "select anvil", card="anvil")
    with pytest.raises(ValueError, match="select card=anvil"):
        table.add("select", "pick anvil", card="anvil")


def test_an_action_made_without_meaning_still_works() -> None:
    assert Action(3, "pass").to_json() == {"id": 3, "text": "pass", "kind": "", "fields": {}}
