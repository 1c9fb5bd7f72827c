"""Scenarios for the sections on the cards themselves: Card Types (units, tactics,
equipment, emplacements: Lands and Locations), Card Lifecycle and the Clarifications on
the battlefield row."""

from __future__ import annotations

import pytest

from wizarena.core import IllegalAction
from wizarena.games.wars.state import CHOOSE

from .helpers import GAME, act, grave, hand, legal, power, row, table, texts, unit


def test_card_types_a_tactic_acts_at_once_then_goes_to_the_graveyard():
    s = table(([], ["Cinder Hurler"]), (["Scorch"], []))
    act(s, 0, "play Scorch")
    assert row(s, 1) == [] and row(s, 0) == [] and grave(s, 0) == ["Scorch"]  # 4 damage kills the 3/0


def test_card_types_a_tactic_enters_the_graveyard_only_after_its_effect():
    """Wars Card Types: tactics "take effect instantly and then enter the graveyard". While
    Scorch waits for its target it has not taken effect, so it is not in the graveyard yet
    (nor in the view's), and its target's death comes before it lands there."""
    s = table(([], ["Cinder Hurler", "Mountain Goat"]), (["Scorch"], []))
    act(s, 0, "play Scorch")
    assert s.phase == CHOOSE and grave(s, 0) == [] and "Scorch" not in hand(s, 0)
    view = GAME.view(s, 0)
    assert view["players"][0]["graveyard"] == [] and view["taking_effect"] == ["Scorch"]
    act(s, 0, "target P1 slot 1")
    assert grave(s, 0) == ["Scorch"] and grave(s, 1) == ["Cinder Hurler"]
    said = [e.text for e in s.log or []]
    died = said.index("Cinder Hurler goes to P1's graveyard")
    assert said.index("Scorch has taken effect and enters P0's graveyard") > died
    assert GAME.view(s, 0)["taking_effect"] == []


def test_card_types_equipment_adds_power_taps_separately_and_follows_its_unit_to_the_graveyard():
    s = table((["Mountain Goat"], ["Cinder Hurler"]), (["Molten Ale", "Ember Forge"], ["Scorch", "Rally"]))
    act(s, 0, "play Molten Ale on slot 1")
    assert row(s, 0) == ["Mountain Goat"] and power(s, 0, 1) == 4  # behind its unit: 2 + 2
    act(s, 0, "end turn")
    act(s, 1, "play Rally")
    act(s, 1, "end turn")
    act(s, 0, "tap Molten Ale on slot 1")  # the equipment taps, its unit does not
    assert [s.tapped[e] for e in s.gear[0]] == [True] and not s.tapped[unit(s, 0, 1)]
    assert s.damage[unit(s, 1, 1)] == 1
    act(s, 0, "play Ember Forge at right end")
    act(s, 0, "end turn")
    act(s, 1, "play Scorch")  # 4 damage on the 4-power goat
    assert row(s, 0) == ["Ember Forge"] and grave(s, 0) == ["Molten Ale", "Mountain Goat"] and s.gear[0] == []


def test_card_types_equipment_needs_a_unit():
    s = table(([], []), (["Molten Ale", "Mountain Goat"], []))
    assert not [t for t in legal(s, 0) if t.startswith("play Molten Ale")]
    with pytest.raises(IllegalAction):
        act(s, 0, "play Molten Ale on slot 1")


def test_card_types_a_land_makes_mana_at_its_players_turn_start():
    s = table((["Ember Forge"], []), ([], ["Scorch"]), cur=1)
    act(s, 1, "play Scorch")  # nothing to aim at: an emplacement has no power to assault
    act(s, 1, "end turn")
    assert s.phase == CHOOSE and s.cur == 0
    assert {"set common die 2 to Fire", "set your die 1 to Fire"} <= set(legal(s, 0))
    assert "nothing to aim at" in texts(s)
    act(s, 0, "set your die 1 to Fire")
    assert s.dice[3] == 0  # allied die 1 of P0 shows Fire


def test_card_types_an_emplacement_scores_nothing():
    s = table((["Ember Forge", "Mountain Goat"], []), ([], []))
    assert GAME.view(s, 0)["players"][0]["score"] == 2


def test_clarifications_units_and_emplacements_enter_at_either_end_only():
    s = table((["Mountain Goat", "Anvil Sentinel"], []), (["Cinder Hurler", "Ember Forge"], []))
    plays = [t for t in legal(s, 0) if t.startswith("play")]
    assert plays == ["play Cinder Hurler at left end", "play Cinder Hurler at right end",
                     "play Ember Forge at left end", "play Ember Forge at right end"]
    act(s, 0, "play Cinder Hurler at left end")
    assert row(s, 0) == ["Cinder Hurler", "Mountain Goat", "Anvil Sentinel"]


def test_card_lifecycle_cards_in_hand_stay_in_hand_between_rounds():
    s = table((["Mountain Goat"], []), (["Scorch", "Rally"], ["Cinder Hurler"]))
    act(s, 0, "pass")
    act(s, 1, "play Cinder Hurler at left end")
    act(s, 1, "end turn")  # P1's hand is empty: P1 passes at once and the round ends
    assert s.round == 2 and {"Scorch", "Rally"} <= set(hand(s, 0))
    assert grave(s, 0) == ["Mountain Goat"] and grave(s, 1) == ["Cinder Hurler"]  # the rows are cleared
