"""Cup's actions keep their ids when content is added, and say what they mean (the ids
come from the ledger in action_ids.py, never from an action's place in the table)."""

from __future__ import annotations

import random

import wizarena
from wizarena.core import Record, replay
from wizarena.core.actions import ActionTable
from wizarena.core.match import play
from wizarena.games.cup.action_ids import IDS
from wizarena.games.cup.actions import TABLE, declare
from wizarena.games.cup.catalogue import NAMES


class _Random:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, turn):  # type: ignore[no-untyped-def]
        return self.rng.choice(turn.legal_actions())


def test_the_committed_ledger_records_every_action() -> None:
    assert TABLE.missing() == []
    assert all(IDS[a.key] == a.id for a in TABLE.actions())


def test_a_card_added_to_the_catalogue_renumbers_no_action_and_old_records_still_replay() -> None:
    game = wizarena.load_game("cup", "swap")
    record, _ = play(game, [_Random(1), _Random(2)], seed=5)
    # The same table built for a catalogue with one more card, sorted into the middle.
    grown_names = (*NAMES[:4], "Aurora Weaver", *NAMES[4:])
    grown = ActionTable(IDS)
    declare(grown, grown_names)
    by_id = {a.id: a for a in grown.actions()}
    for action in game.actions:
        assert by_id[action.id].key == action.key and by_id[action.id].text == action.text
    assert len(grown.missing()) == 4  # select, place, swap out and swap in the new card: new ids
    assert min(by_id[i].id for i in range(len(game.actions), len(by_id))) == len(game.actions)
    # What the record names by id means the same thing, so it replays as it did.
    again = Record.from_json(record.to_json())
    _, state = replay(again)
    assert game.outcome(state) is not None and [m for m in again.moves] == record.moves


def test_every_action_says_what_it_does_and_which_card() -> None:
    game = wizarena.load_game("cup", "swap")
    kinds = {a.kind for a in game.actions}
    assert kinds == {"select", "place", "use", "decline", "swap-out", "keep", "swap-in"}
    for action in game.actions:
        if action.kind in ("select", "place", "swap-out", "swap-in"):
            assert action.fields == {"card": NAMES[action.data]}
        else:
            assert dict(action.fields) == {}
