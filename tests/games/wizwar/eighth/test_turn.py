"""An 8th-edition turn and its ending (brief rules 4, 16, 17 and 19; rulings R8-13 and
R8-14), each from the rule's sentence."""

from __future__ import annotations

import pytest

from wizarena.games.wizwar.eighth import piles, turn, victory
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import (
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    OVER,
    PERMANENT,
    R_CAP,
    R_HAND,
    R_RESHUFFLE,
)


def test_ww8_rule_4_time_passes_each_temporary_spell_loses_a_token() -> None:
    """Rule 4: "Time Passes (your temporary spells each lose one energy token and end at
    0)": a spell at 2 tokens is at 1 after its caster's next Time Passes and gone after the
    one after; a permanent spell stays; another player's spells are not touched."""
    s = deal(2, 2)
    a, b, c = 0, 1, 2
    me, other = s.turn, 1 - s.turn
    s.maintained[me] = [(a, 2, -1), (b, PERMANENT, -1)]
    s.maintained[other] = [(c, 1, -1)]
    turn.start(s, me)
    assert s.maintained[me] == [(a, 1, -1), (b, PERMANENT, -1)] and s.maintained[other] == [(c, 1, -1)]
    assert s.phase == MOVE_AND_CAST and s.moves == 3
    turn.start(s, me)
    assert s.maintained[me] == [(b, PERMANENT, -1)] and s.discards[0][-1] == a


def test_ww8_rule_4_discard_any_then_draw_up_to_two() -> None:
    """Rule 4: "Discard & Draw (discard any, then draw up to 2)"."""
    s = deal(4, 2)
    me = s.turn
    turn.discard_and_draw(s)
    assert s.phase == DISCARD_AND_DRAW
    for card in s.hands[me][:3]:
        turn.discard(s, me, card)
    assert len(s.hands[me]) == 2
    turn.draw(s, me, 2)
    assert len(s.hands[me]) == 4
    with pytest.raises(ValueError, match="0 to 2"):
        turn.draw(s, me, 3)


def test_ww8_rule_17_the_hand_limit_counts_maintained_spells_and_items() -> None:
    """Rule 17: "Hand limit 7 counts hand + maintained spells + carried items (not
    treasures); over it, discard at once"."""
    s = deal(5, 2)
    me = s.turn
    assert turn.over_limit(s, me) == 0  # 5 cards
    s.maintained[me] = [(0, 1, -1), (1, PERMANENT, -1)]
    s.items[me] = [2]
    s.carried[me] = 0  # a treasure does not count
    assert turn.held(s, me) == 8 and turn.over_limit(s, me) == 1
    turn.discard(s, me, s.hands[me][0])
    assert turn.over_limit(s, me) == 0 and s.log and s.log[-1].rule == R_HAND


def test_ww8_r8_13_an_empty_draw_pile_is_the_discard_pile_shuffled() -> None:
    s = deal(6, 2)
    s.discards[0], s.decks[0] = s.decks[0], []
    assert piles.draw_card(s, 0) >= 0 and not s.discards[0]
    assert s.log and any(e.rule == R_RESHUFFLE for e in s.log)
    s.decks[0] = []
    assert piles.draw_card(s, 0) == -1


def test_ww8_the_next_living_player_and_a_new_round() -> None:
    """Play goes round from the first player; a player who is out is passed over."""
    s = deal(8, 3)
    start = s.first
    turn.next_turn(s)
    assert s.turn == (start + 1) % 3 and s.round == 1
    s.out.append((start + 2) % 3)
    turn.next_turn(s)
    assert s.turn == start and s.round == 2


def test_ww8_rule_19_two_victory_points_win() -> None:
    """Rule 19: "Victory: 2 victory points ... +1 for killing an enemy wizard by your own
    attack, +1 for each enemy treasure brought to your home base"."""
    s = deal(9, 3)
    victory.score(s, 1, "kills P2")
    assert s.result is None and s.points[1] == 1
    victory.score(s, 1, "brings P0's treasure home")
    assert s.phase == OVER and s.result is not None and s.result.winners == (1,)
    assert s.result.scores == (0.0, 2.0, 0.0)


def test_ww8_rule_19_the_last_wizard_alive_wins() -> None:
    s = deal(10, 3)
    victory.eliminate(s, 0)
    assert s.result is None
    victory.eliminate(s, 2)
    assert s.result is not None and s.result.winners == (1,) and s.result.eliminated == (0, 2)


def test_ww8_r8_14_after_the_last_round_points_then_life_decide() -> None:
    """Ruling R8-14: "After the 60th round the living player with the most victory points
    wins; among equals, the most life; players still equal share a draw"."""
    s = deal(11, 3)
    s.points = [1, 1, 0]
    s.life = [9, 12, 15]
    s.round = s.rules.max_rounds
    s.turn = (s.first - 1) % 3  # the round's last turn
    turn.next_turn(s)
    assert s.result is not None and s.result.winners == (1,)
    assert s.log and s.log[-1].rule == R_CAP
    tied = deal(11, 3)
    tied.points, tied.life = [1, 1, 0], [12, 12, 15]
    victory.cap(tied)
    assert tied.result is not None and tied.result.winners == (0, 1)
