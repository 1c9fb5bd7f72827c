"""`cards_used`: the cards each player played from hand, read from the state for the
card-balance study. Checked against the event log of the same game, on tables built by
hand (a token created, a card summoned, a card discarded or kept in hand do not count),
and through clones."""

from __future__ import annotations

import re

from wizarena.agents import make_agent
from wizarena.core import play
from wizarena.games.wars import battlefield as bf
from wizarena.games.wars.cards import CARDS

from .helpers import GAME, act, legal, row, table

CATALOGUE = {c.name for c in CARDS}


def played_in_log(log, seat: int) -> set[str]:
    out = set()
    for e in log:
        m = re.match(rf"P{seat} plays (.+?)(?: at the (?:left|right) end| disloyally to|; the tactic takes effect|$)",
                     e.text)
        if m and e.kind == "play":
            out.add(m.group(1))
    return out


def test_every_card_the_log_shows_played_is_reported_for_its_player() -> None:
    assert GAME.card_usage == "played"
    for seed in range(4):
        _record, s = play(GAME, [make_agent("random", seed), make_agent("random", seed + 3)], seed, log=True)
        used = GAME.cards_used(s)
        assert isinstance(used, tuple) and len(used) == 2
        for p in (0, 1):
            logged = played_in_log(s.log, p)
            assert logged and used[p] <= CATALOGUE
            assert used[p] == logged


def test_simulations_without_a_log_report_the_same() -> None:
    for seed in range(3):
        _r, quiet = play(GAME, [make_agent("random", seed), make_agent("random", seed + 1)], seed, log=False)
        _r, loud = play(GAME, [make_agent("random", seed), make_agent("random", seed + 1)], seed, log=True)
        assert GAME.cards_used(quiet) == GAME.cards_used(loud)


def test_units_tactics_and_equipment_played_count_and_cards_in_hand_do_not() -> None:
    s = table((["Mountain Goat"], ["Cinder Hurler"]), (["Molten Ale", "Ember Forge"], ["Scorch", "Rally"]))
    assert GAME.cards_used(s) == (frozenset(), frozenset())  # on the table from the start: not played
    act(s, 0, "play Molten Ale on slot 1")
    act(s, 0, "end turn")
    act(s, 1, "play Rally")
    assert GAME.cards_used(s) == ({"Molten Ale"}, {"Rally"})
    assert "Ember Forge" not in GAME.cards_used(s)[0] and "Scorch" not in GAME.cards_used(s)[1]  # still in hand


def test_a_disloyal_unit_counts_for_the_player_who_played_it() -> None:
    s = table(([], []), (["Abyssal Turncoat"], []), decks=(["Scorch", "Rally"], []))
    act(s, 0, "play Abyssal Turncoat at left end")
    assert row(s, 1) == ["Abyssal Turncoat"]
    assert GAME.cards_used(s) == ({"Abyssal Turncoat"}, frozenset())


def test_a_created_token_and_a_summoned_card_are_not_played() -> None:
    s = table(([], []), (["Ghoul Pack"], []))
    act(s, 0, "play Ghoul Pack at left end")
    assert row(s, 0) == ["Ghoul Pack", "Ghoul"]
    assert GAME.cards_used(s)[0] == {"Ghoul Pack"}
    s = table(([], ["Mountain Goat"]), (["Forgequeen Brenna"], []))
    s.sideboard[0].append(bf.new_instance(s, 1, 0))  # Ember Drake
    act(s, 0, "play Forgequeen Brenna at left end")
    while s.phase == 3:
        act(s, 0, legal(s, 0)[0])
    assert row(s, 0) == ["Forgequeen Brenna", "Ember Drake"]
    assert GAME.cards_used(s)[0] == {"Forgequeen Brenna"}


def test_a_card_discarded_by_hand_is_not_played() -> None:
    s = table(([], []), (["Smite", "Smite"], ["Rally"]), dice=["Fire"] * 9)
    act(s, 0, "discard Smite")
    assert GAME.cards_used(s) == (frozenset(), frozenset())


def test_clone_keeps_the_record_and_is_independent_of_it() -> None:
    s = table((["Mountain Goat"], ["Cinder Hurler"]), (["Molten Ale", "Ember Forge"], ["Scorch", "Rally"]), log=False)
    act(s, 0, "play Molten Ale on slot 1")
    c = GAME.clone(s)
    assert GAME.cards_used(c) == GAME.cards_used(s) == ({"Molten Ale"}, frozenset())
    act(c, 0, "end turn")
    act(c, 1, "play Rally")
    assert GAME.cards_used(c)[1] == {"Rally"} and GAME.cards_used(s)[1] == frozenset()


def test_no_view_reads_the_record() -> None:
    s = table((["Mountain Goat"], ["Cinder Hurler"]), (["Molten Ale", "Ember Forge"], ["Scorch", "Rally"]))
    act(s, 0, "play Molten Ale on slot 1")
    blank = GAME.clone(s)
    blank.played = [0, 0]
    for seat in (0, 1, None):
        assert GAME.view(blank, seat) == GAME.view(s, seat)
