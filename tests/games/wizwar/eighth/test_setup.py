"""Setting up an 8th-edition game (design brief rules 1-3, rulings R8-2 and R8-13)."""

from __future__ import annotations

from collections import Counter

import pytest

from wizarena.games.wizwar.board import BoardDataError
from wizarena.games.wizwar.eighth import cards
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import MOVE_AND_CAST, R_FIRST
from wizarena.games.wizwar.mapstate import HOME, TREASURE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ww8_rules_1_to_3_each_wizard_home_with_15_life_5_cards_and_two_treasures(players: int) -> None:
    """Rule 1: "wizards start on their home base, treasures on their two marks"; rule 2:
    "opening hand 5"; rule 3: "Life starts at 15"; rule 5: base speed 3."""
    s = deal(7, players)
    for q in range(players):
        assert s.map.kinds[s.pos[q]] == HOME and s.map.sector_of(s.pos[q]) == q
        assert s.life[q] == 15 and s.speed[q] == 3 and s.controller[q] == q and len(s.hands[q]) == 5
        marks = [s.treasure_at[t] for t in (2 * q, 2 * q + 1)]
        assert all(s.map.kinds[m] == TREASURE and s.map.sector_of(m) == q for m in marks)
    assert s.points == [0] * players and s.carried == [-1] * players
    assert s.phase == MOVE_AND_CAST and s.turn == s.first and s.round == 1


def test_ww8_rule_2_the_deck_is_white_cantrip_and_three_schools_84_cards() -> None:
    """Rule 2: "Deck per game = White Cantrip (12) + 3 of the 6 schools (3 x 24) = 84 cards",
    the schools "chosen at random by default": every card dealt is in exactly one place,
    and over many games every school comes up."""
    seen: set[str] = set()
    for seed in range(30):
        s = deal(seed, 3)
        assert len(s.schools) == 3 and len(set(s.schools)) == 3
        seen |= set(s.schools)
        everywhere = Counter(s.decks[0] + s.discards[0] + [c for hand in s.hands for c in hand])
        assert everywhere == Counter(cards.deck(s.schools)) and sum(everywhere.values()) == 84
    assert seen == set(cards.SCHOOLS[1:])


def test_ww8_rule_2_the_schools_may_be_chosen_in_any_order() -> None:
    s = deal(1, 2, schools=["thaumaturgy", "alchemy", "mentalism"])
    assert s.schools == ("alchemy", "mentalism", "thaumaturgy")


@pytest.mark.parametrize("schools", [["alchemy"], ["alchemy", "alchemy", "mentalism"],
                                     ["cantrip", "alchemy", "mentalism"], ["alchemy", "mentalism", "cooking"]])
def test_ww8_a_bad_choice_of_schools_is_refused_in_one_line(schools: list[str]) -> None:
    with pytest.raises(ValueError, match="3 different schools"):
        deal(1, 2, schools=schools)


def test_ww8_r8_2_either_side_of_the_boards_and_no_other() -> None:
    """Rule 1: "all agree on side A (new) or B (classic)"; side A unless they choose."""
    assert deal(2, 2).map.sector_face == deal(2, 2, side="new").map.sector_face
    assert deal(2, 2, side="classic").map.sector_face != deal(2, 2, side="new").map.sector_face
    with pytest.raises(BoardDataError, match="board edition"):
        deal(2, 2, side="C")


def test_ww8_r8_13_the_first_player_by_the_d4_and_one_seed_one_game() -> None:
    """Ruling R8-13: "First player by the highest d4, ties re-rolled": every seat comes up
    first over many games, the roll is told to all, each hand only to its owner, and one
    seed always gives the same game."""
    firsts = {deal(seed, 4).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    s = deal(5, 4)
    assert any(e.rule == R_FIRST and e.to is None for e in s.log or [])
    dealt = [e for e in s.log or [] if e.text.startswith("you are dealt")]
    assert [e.to for e in dealt] == [1, 2, 4, 8]
    again = deal(5, 4)
    assert (again.hands, again.decks[0], again.pos, again.first, again.map.rot) == (s.hands, s.decks[0], s.pos, s.first,
                                                                                 s.map.rot)
