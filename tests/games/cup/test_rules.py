"""One scenario per rulebook section with behaviour, named after the section.

Tables are built with `setup_battle` from named cards, so each test reads as the
situation the rule is about. Card facts used: see data/cards.json.
"""

from __future__ import annotations

import pytest

from wizarena.core import IllegalAction
from wizarena.games.cup.game import CARDS, NAMES
from wizarena.games.cup.state import CHOICE, ORDER, OVER, SELECT, SWAP

from .helpers import GAME, SWAP_GAME, act, battle, discarded, names, rules, select_and_order, texts


def test_preparation_both_players_hold_the_same_18_cards():
    s = GAME.new_state(3)
    assert len(CARDS) == 18
    assert sorted(a.data for a in s.legal[0]) == sorted(set(range(18)) - {s.pick[0]})
    assert sorted(a.data for a in s.legal[1]) == sorted(set(range(18)) - {s.pick[1]})


# -- 0. Selection -----------------------------------------------------------------------------
def test_selection_1_opponent_draws_one_card_at_random_and_it_is_revealed():
    picks = {tuple(GAME.new_state(seed).pick) for seed in range(60)}
    assert len(picks) > 20  # drawn by chance, from the seed
    s = GAME.new_state(7)
    assert s.six == [[s.pick[0]], [s.pick[1]]]
    pub = GAME.events(s, None)
    assert [e.rule for e in pub] == ["Cup 0 Selection"] * 2
    assert NAMES[s.pick[0]] in pub[0].text and NAMES[s.pick[1]] in pub[1].text
    for seat in (0, 1, None):
        assert GAME.view(s, seat)["players"][0]["drawn_at_random"] == NAMES[s.pick[0]]


def test_selection_2_five_secret_picks_made_at_the_same_time():
    s = GAME.new_state(7)
    assert GAME.to_act(s) == (0, 1)
    pick0 = NAMES[s.pick[0]]
    with pytest.raises(IllegalAction):
        act(GAME, s, 0, f"select {pick0}")  # the revealed card is already in the six
    free = [n for n in NAMES if n != pick0]
    act(GAME, s, 0, f"select {free[0]}")
    with pytest.raises(IllegalAction):
        act(GAME, s, 0, f"select {free[0]}")
    for n in free[1:5]:
        act(GAME, s, 0, f"select {n}")
    assert GAME.to_act(s) == (1,)
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        GAME.apply(s, 0, GAME.actions[free[6] and NAMES.index(free[6])])
    assert len(s.six[0]) == 6 and s.phase == SELECT
    free1 = [n for n in NAMES if n != NAMES[s.pick[1]]]
    for n in free1[:5]:
        act(GAME, s, 1, f"select {n}")
    assert s.phase == ORDER and GAME.to_act(s) == (0, 1)


# -- 1. Order of Match ---------------------------------------------------------------------
def test_order_of_match_five_in_order_and_the_sixth_is_the_sub_card():
    s = GAME.new_state(11)
    free0 = [n for n in NAMES if n != NAMES[s.pick[0]]][:5]
    free1 = [n for n in NAMES if n != NAMES[s.pick[1]]][:5]
    select_and_order(GAME, s, (free0, free1))
    six0 = names(s.six[0])
    order0 = six0[1:]  # leave the random pick out as the Sub Card
    for n in order0[:4]:
        act(GAME, s, 0, f"place {n}")
    assert s.deck[0] == [NAMES.index(n) for n in order0[:4]]
    act(GAME, s, 0, f"place {order0[4]}")
    assert s.sub[0] == s.pick[0]
    assert GAME.to_act(s) == (1,)
    six1 = names(s.six[1])
    for n in six1[:5]:
        act(GAME, s, 1, f"place {n}")
    # the battle opened with each deck's top card
    first = [e for e in s.log if e.rule == "Cup 2 Battle/Next Wizard" and "reveals" in e.text][:2]
    assert order0[0] in first[0].text and six1[0] in first[1].text


# -- 2. Battle -------------------------------------------------------------------------------
@pytest.mark.parametrize("weak, strong", [
    ("Pyromancer", "Tide Caller"),     # Fire: weakness Water
    ("Tide Caller", "Botanist"),       # Water: weakness Grass
    ("Botanist", "Salamander"),        # Grass: weakness Fire
    ("Paladin", "Salamander"),         # Light: weaknesses Fire / Water / Grass
    ("Paladin", "Tide Caller"),
    ("Paladin", "Botanist"),
    ("Night Sovereign", "Priestess"),  # Dark: weakness Light
])
def test_battle_attribute_compatibility_weakness_wins_regardless_of_power(weak, strong):
    s = battle([weak], [strong])
    assert "Cup 2 Battle/Attribute Compatibility" in rules(s)
    assert s.history == [(1,)] and s.chips == [0, 1]
    s = battle([strong], [weak])
    assert s.history == [(0,)]


def test_battle_attribute_compatibility_non_attribute_has_no_weakness():
    s = battle(["Hermit"], ["Salamander"])  # Non 7 against Fire 3: decided by power
    assert "Cup 2 Battle/Attribute Compatibility" not in rules(s)
    assert "Cup 2 Battle/Magic Power" in rules(s) and s.history == [(0,)]


def test_battle_magic_power_higher_wins():
    s = battle(["Golem"], ["Hermit"])
    assert s.history == [(0,)]
    assert "P0's Golem (8) against P1's Hermit (7): P0's Golem wins" in texts(s)


def test_battle_magic_power_equal_both_lose():
    s = battle(["Hermit", "Golem"], ["Pyromancer", "Salamander"])
    assert discarded(s, 0) == ["Hermit"]  # both lost; then Golem beat Salamander
    assert discarded(s, 1) == ["Pyromancer", "Salamander"]
    assert "equal Magic Power: both lose" in texts(s)


def test_battle_next_wizard_loser_discarded_on_top_winner_stays():
    s = battle(["Golem", "Hermit"], ["Salamander", "Pyromancer", "Paladin"])
    # Golem beats Salamander and Pyromancer, then Paladin (8) ties Golem (8): both lose;
    # Hermit then faces an empty deck: P0 wins the match.
    assert discarded(s, 1) == ["Salamander", "Pyromancer", "Paladin"]
    assert discarded(s, 0) == ["Golem"]
    assert s.history == [(0,)]


def test_battle_simultaneous_win_both_take_a_chip():
    s = battle(["Hermit"], ["Pyromancer"])
    assert s.history == [(0, 1)] and s.chips == [1, 1]
    assert "Cup 2 Battle/Simultaneous win" in rules(s)
    assert s.phase == ORDER and s.match == 2


def test_battle_simultaneous_win_second_chips_lower_total_power_wins():
    s = battle(["Hermit"], ["Pyromancer"], "Salamander", "Golem", chips=(1, 1))
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)  # 7+3 = 10 against 7+8 = 15
    assert "smaller total" in GAME.outcome(s).reason


def test_battle_simultaneous_win_second_chips_equal_total_is_a_tie():
    s = battle(["Hermit"], ["Pyromancer"], "Salamander", "Salamander", chips=(1, 1))
    out = GAME.outcome(s)
    assert out.winners == () and out.draw and out.reward(0) == 0


# -- 3. Settlement ------------------------------------------------------------------------------
def test_settlement_match_winner_takes_a_chip_and_a_new_order_begins():
    s = battle(["Golem"], ["Salamander"], "Hermit", "Pyromancer")
    assert s.chips == [1, 0] and s.phase == ORDER and s.match == 2
    assert GAME.to_act(s) == (0, 1)
    assert sorted(a.text for a in s.legal[0]) == ["place Golem", "place Hermit"]  # the same six


def test_settlement_second_chip_wins_the_game():
    s = battle(["Golem"], ["Salamander"], chips=(1, 1))
    assert GAME.outcome(s).winners == (0,) and GAME.to_act(s) == ()
    assert s.chips == [2, 1]
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(s, 0, GAME.actions[0])


# -- Abilities -----------------------------------------------------------------------------------
def test_abilities_quick_fires_once_when_placed():
    s = battle(["Frost Witch"], ["Hermit", "Golem"])
    # Hermit 7 - 3 = 4 loses to Frost Witch 5; Golem arrives later and is not chilled.
    assert "P0's Frost Witch (5) against P1's Hermit (4)" in texts(s)
    assert discarded(s, 1) == ["Hermit"]
    assert "P0's Frost Witch (5) against P1's Golem (8)" in texts(s)
    assert s.history == [(1,)]


def test_abilities_support_works_only_on_top_of_the_discard_pile():
    s = battle(["Bard", "Hermit"], ["Golem", "Salamander"])
    assert "P0's Hermit (9) against P1's Golem (8)" in texts(s)  # Bard tops P0's pile: +2
    s = battle(["Bard", "Salamander", "Hermit"], ["Golem", "Pyromancer"])
    assert "P0's Hermit (7) against P1's Golem (8)" in texts(s)  # Salamander now covers Bard


def test_abilities_support_can_weaken_the_opponent():
    s = battle(["Tide Caller", "Hermit"], ["Golem"])
    assert "P0's Hermit (7) against P1's Golem (6)" in texts(s)


def test_abilities_support_counts_the_pile():
    s = battle(["Salamander", "Necromancer", "Priestess"], ["Golem"])
    # Priestess may put Necromancer back; decline so Necromancer tops a pile of two: +2.
    assert s.phase == CHOICE
    act(GAME, s, 0, "decline ability")
    assert "P0's Priestess (4) against P1's Golem (8)" in texts(s)


def test_abilities_field_ability_wins_the_battle():
    s = battle(["Dancer"], ["Frost Witch"])
    assert "Dancer wins the battle by its ability" in texts(s)  # chilled to 0, still wins
    s = battle(["Blacksmith"], ["Golem"])
    assert s.history == [(0,)] and "Cup Abilities/Field" in rules(s)


def test_abilities_field_lower_magic_power_wins_with_mirror_mage():
    s = battle(["Mirror Mage"], ["Golem"])
    assert s.history == [(0,)] and "with the lower Magic Power" in texts(s)
    s = battle(["Mirror Mage"], ["Salamander"])
    assert s.history == [(1,)]


def test_abilities_field_no_weakness():
    s = battle(["Druid"], ["Salamander"])
    assert s.history == [(0,)] and "Cup 2 Battle/Attribute Compatibility" not in rules(s)


def test_abilities_quick_order_lower_printed_power_first():
    s = battle(["Detective"], ["Botanist"], "Golem", "Hermit")
    assert s.phase == CHOICE and s.pending == (1, NAMES.index("Botanist"))
    assert "Cup Abilities/Quick order" in rules(s)
    act(GAME, s, 1, "use ability")  # P0's Sub Card is gone, so Detective has nothing to do
    assert discarded(s, 0)[0] == "Golem"
    assert "Detective: its Quick ability has nothing to act on" in texts(s)


def test_abilities_quick_order_ignores_support_changes():
    s = battle(["Bard", "Priestess"], ["Golem", "Botanist"], "Hermit", "Salamander")
    # Bard tops P0's pile (+2 would make Priestess 4 > Botanist 3), but order uses printed power.
    assert s.pending is not None and NAMES[s.pending[1]] == "Priestess"


def test_abilities_quick_order_same_name_both_lose_quick():
    s = battle(["Frost Witch"], ["Frost Witch"])
    assert "both lose their Quick abilities" in texts(s)
    assert "P0's Frost Witch (5) and P1's Frost Witch (5) have equal Magic Power" in texts(s)


# -- Miscellaneous -------------------------------------------------------------------------------
def test_misc_may_abilities_are_a_choice():
    s = battle(["Detective"], ["Hermit"], "Golem", None)
    assert s.phase == CHOICE and GAME.to_act(s) == (0,)
    assert [a.text for a in GAME.legal_actions(s, 0)] == ["use ability", "decline ability"]
    with pytest.raises(IllegalAction):
        act(GAME, s, 1, "use ability")
    act(GAME, s, 0, "decline ability")
    assert discarded(s, 0) == ["Detective"] and "Golem" not in discarded(s, 0)


def test_misc_both_win_by_ability_both_discarded():
    s = battle(["Dancer"], ["Dancer"])
    assert "Cup Misc/Both win by ability" in rules(s)
    assert s.history == [(0, 1)]
    s = battle(["Blacksmith", "Golem"], ["Blacksmith", "Hermit"])
    assert discarded(s, 0)[0] == "Blacksmith" and discarded(s, 1)[0] == "Blacksmith"


def test_misc_detective_sub_card_quick_fires():
    s = battle(["Detective"], ["Hermit"], "Frost Witch", None)
    act(GAME, s, 0, "use ability")
    assert "Cup Misc/Detective" in rules(s)
    assert "P0's Frost Witch (5) against P1's Hermit (4)" in texts(s)
    assert s.history == [(0,)]


def test_misc_detective_same_name_as_the_opponents_new_wizard_neither_quick_fires():
    s = battle(["Detective"], ["Frost Witch"], "Frost Witch", None)
    assert s.pending[0] == 0  # Detective (4) before Frost Witch (5)
    act(GAME, s, 0, "use ability")
    assert "neither Quick ability is used" in texts(s)
    assert "-3 Magic Power" not in texts(s)
    assert "P0's Frost Witch (5) and P1's Frost Witch (5) have equal Magic Power" in texts(s)


def test_misc_revolutionary_discards_top_of_deck_after_the_loser():
    s = battle(["Revolutionary"], ["Salamander", "Hermit", "Golem"])
    assert discarded(s, 1)[:2] == ["Salamander", "Hermit"]
    assert "Cup Misc/Revolutionary" in rules(s)


def test_misc_botanist_discarded_sub_support_works_this_battle():
    s = battle(["Botanist"], ["Necromancer"], None, "Bard")
    act(GAME, s, 0, "use ability")
    assert "Cup Misc/Botanist" in rules(s)
    assert "P0's Botanist (3) against P1's Necromancer (5)" in texts(s)  # Bard's +2 already counts
    s = battle(["Botanist"], ["Necromancer"], None, "Bard")
    act(GAME, s, 0, "decline ability")
    assert "equal Magic Power" in texts(s)


def test_abilities_quick_priestess_returns_a_wizard_to_the_bottom_of_the_deck():
    s = battle(["Salamander", "Priestess"], ["Golem"])
    act(GAME, s, 0, "use ability")
    assert discarded(s, 0) == ["Salamander", "Priestess", "Salamander"]  # it fought twice


# -- Variant: swap -------------------------------------------------------------------------------
def test_variant_swap_between_matches_secret_and_simultaneous():
    s = SWAP_GAME.setup_battle((["Golem"], ["Salamander"]), ("Hermit", "Pyromancer"), swap=True)
    assert s.phase == SWAP and SWAP_GAME.to_act(s) == (0, 1)
    act(SWAP_GAME, s, 0, "swap out Hermit")
    assert all(a.text.startswith("swap in") for a in SWAP_GAME.legal_actions(s, 0))
    before = SWAP_GAME.view(s, 1)["players"], SWAP_GAME.events(s, 1)
    act(SWAP_GAME, s, 0, "swap in Paladin")
    # P1 still choosing learns nothing but that P0 is done (as at a real table)
    assert (SWAP_GAME.view(s, 1)["players"], SWAP_GAME.events(s, 1)) == before
    act(SWAP_GAME, s, 1, "keep my six")
    assert s.phase == ORDER and names(sorted(s.six[0])) == ["Golem", "Paladin"]
    v1 = SWAP_GAME.view(s, 1)["players"][0]
    assert v1["swaps"] == 1 and "Paladin" not in str(v1) and "Hermit" not in str(v1)
    assert "P0 swaps one card face down" in texts(s)


def test_variant_standard_has_no_swap():
    s = battle(["Golem"], ["Salamander"], "Hermit", "Pyromancer")
    assert s.phase == ORDER
