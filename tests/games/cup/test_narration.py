"""The log says who and why (issue 27): every wizard in a battle is named with its player,
and every change to a Magic Power is an event naming the card that caused it and whose
card that is, citing the rule it applies. Cup's table is open, so these events are
everyone's to read."""

from __future__ import annotations

from wizarena.core import Event

from .helpers import GAME, act, battle


def events(s, rule: str) -> list[Event]:
    return [e for e in s.log if e.rule == rule]


def test_a_battle_by_magic_power_says_whose_wizard_is_whose_and_whose_wins():
    s = battle(["Tide Caller", "Night Sovereign"], ["Night Sovereign"])
    said = [e.text for e in events(s, "Cup 2 Battle/Magic Power")]
    assert said[-1] == ("P0's Night Sovereign (10) against P1's Night Sovereign (8): "
                        "P0's Night Sovereign wins with the higher Magic Power")


def test_a_support_modifier_names_its_card_and_its_owner_before_the_comparison():
    # Tide Caller loses to Night Sovereign and tops P0's pile: -2 to P1's wizard after.
    s = battle(["Tide Caller", "Night Sovereign"], ["Night Sovereign"])
    [support] = events(s, "Cup Abilities/Support")
    assert support.text == ("P0's Tide Caller tops P0's discard pile: P1's Night Sovereign has -2 Magic Power "
                            "in this battle")
    assert support.to is None  # the discard piles and the field are open to all
    texts = [e.text for e in s.log]
    assert texts.index(support.text) == texts.index(
        "P0's Night Sovereign (10) against P1's Night Sovereign (8): "
        "P0's Night Sovereign wins with the higher Magic Power") - 1


def test_a_support_that_raises_its_own_side_names_it_too():
    s = battle(["Bard", "Hermit"], ["Golem"])
    assert [e.text for e in events(s, "Cup Abilities/Support")] == [
        "P0's Bard tops P0's discard pile: P0's Hermit has +2 Magic Power in this battle"]


def test_a_support_counting_its_pile_says_by_how_much():
    s = battle(["Salamander", "Necromancer", "Priestess"], ["Golem"])
    act(GAME, s, 0, "decline ability")
    assert "P0's Necromancer tops P0's discard pile: P0's Priestess has +2 Magic Power in this battle" in [
        e.text for e in events(s, "Cup Abilities/Support")]


def test_no_support_event_when_the_battle_is_not_decided_by_magic_power():
    # Bard tops P0's pile for both of Pyromancer's battles; only Golem's is by Magic Power
    # (the Botanist's is Fire against Grass, which Attribute Compatibility decides).
    s = battle(["Bard", "Pyromancer"], ["Golem", "Botanist"])
    assert "Cup 2 Battle/Attribute Compatibility" in [e.rule for e in s.log]
    assert [e.text for e in events(s, "Cup Abilities/Support")] == [
        "P0's Bard tops P0's discard pile: P0's Pyromancer has +2 Magic Power in this battle"]


def test_a_quick_modifier_names_its_card_and_its_owner():
    s = battle(["Hermit"], ["Frost Witch"])
    assert "P1's Frost Witch: P0's Hermit has -3 Magic Power while it stays on the field" in [
        e.text for e in events(s, "Cup Abilities/Quick")]


def test_attribute_and_ability_battles_name_the_players():
    s = battle(["Salamander"], ["Botanist"])
    assert ("P0's Salamander (Fire) beats P1's Botanist (Grass): Fire is its weakness"
            in [e.text for e in events(s, "Cup 2 Battle/Attribute Compatibility")])
    s = battle(["Bard"], ["Dancer"])
    assert "P1's Dancer wins the battle by its ability" in [e.text for e in events(s, "Cup Abilities/Field")]


def test_the_chips_after_a_match_say_whose_are_whose():
    s = battle(["Golem"], ["Hermit"], chips=(0, 1))
    assert "match 1: P0 wins the match and takes a Victory Chip (Victory Chips: P0 1, P1 1)" in [
        e.text for e in events(s, "Cup 3 Settlement")]
