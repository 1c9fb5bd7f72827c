"""The estimate computer players judge an 8e position by (standing.py): not a rule, but
what the look-ahead and the search lean on, so its blind spots are tested like rules."""

from __future__ import annotations

import wizarena
from wizarena.agents.lookahead import LookaheadAgent
from wizarena.core import Turn
from wizarena.games.wizwar.eighth import cards, turn
from wizarena.games.wizwar.eighth.actions import K_CAST, K_DRAW, K_END_MOVES, K_PUNCH
from wizarena.games.wizwar.eighth.standing import CARD, standing, to_draw
from wizarena.games.wizwar.eighth.state import MOVE_AND_CAST, EighthState

from ..helpers import sq
from .scenes import open_table

GAME = wizarena.load_game("wizwar/8e", players=2)


def _play(s: EighthState, seat: int, code: int, a: int | None = None) -> None:
    """`seat` takes the legal action of kind `code` (and detail `a`)."""
    for action in GAME.legal_actions(s, seat):
        if action.data[0] == code and (a is None or action.data[2] == a):
            GAME.apply(s, seat, action)
            return
    raise AssertionError(f"no legal action of kind {code}")


def _hand(s: EighthState, seat: int, count: int) -> None:
    s.hands[seat] = [s.discards[0].pop() for _ in range(count)]


def test_ending_a_turn_is_worth_no_more_than_going_on() -> None:
    """Brief rule 4: at the end of his turn "he discards any cards he likes, then draws up
    to two". The estimate counts that draw while it is to come, so ending the turn does not
    look like a gain of two cards over one more step."""
    s = open_table()
    _hand(s, 0, 3)
    assert to_draw(s, 0) == 2 and to_draw(s, 1) == 0
    before = standing(s, 0)
    _play(s, 0, K_END_MOVES)
    _play(s, 0, K_DRAW, 2)
    assert s.turn == 1 and len(s.hands[0]) == 5
    assert to_draw(s, 0) == 0
    assert standing(s, 0) == before


def test_cards_over_the_hand_limit_are_worth_nothing() -> None:
    """Brief rule 17: "Hand limit 7 ... over it, discard at once": a hand of 9 is worth a
    hand of 7, and a full hand has no draw to come."""
    s = open_table()
    _hand(s, 0, 7)
    full = standing(s, 0)
    assert to_draw(s, 0) == 0
    s.hands[0] += [s.discards[0].pop(), s.discards[0].pop()]
    assert turn.over_limit(s, 0) == 2
    assert standing(s, 0) == full
    s.hands[0] = s.hands[0][:5]
    assert standing(s, 0) == full  # five in hand and two to draw
    s.hands[0].pop()
    assert abs(standing(s, 0) - (full - CARD)) < 1e-9


def test_the_default_opponent_looks_ahead_and_attacks() -> None:
    """The 8e game's default opponent is the look-ahead, which plays a cast through its
    answers before judging it: with an enemy beside him and nothing better to do, it
    punches (rule 12) rather than end its turn."""
    assert GAME.default_agent == "lookahead"
    s = open_table()
    s.pos[1] = sq(s.map.asm, 0, 2, 3)
    legal = GAME.legal_actions(s, 0)
    assert s.phase == MOVE_AND_CAST and any(a.data[0] == K_PUNCH for a in legal)
    chosen = LookaheadAgent(seed=1).act(Turn(GAME, s, 0))
    assert chosen.data[0] == K_PUNCH


def test_the_look_ahead_casts_a_bolt_at_an_enemy_in_sight() -> None:
    """With a Fireball in hand ("it takes 5 magical fire damage") and an enemy in sight
    out of punching reach, the look-ahead casts it."""
    s = open_table()
    s.pos[1] = sq(s.map.asm, 0, 2, 0)
    s.pos[0] = sq(s.map.asm, 0, 2, 4)
    s.hands[0] = [cards.INDEX["fireball"]]
    chosen = LookaheadAgent(seed=1).act(Turn(GAME, s, 0))
    assert chosen.data[0] == K_CAST and chosen.data[1] == cards.INDEX["fireball"]
