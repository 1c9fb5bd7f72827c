"""The rules profile: 6e's numbers come from its profile on the state, and the rules read
them there (the parity digests of test_parity.py show 6e plays as before)."""

from __future__ import annotations

from wizarena.games.wizwar.actions import END_TURN
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.profile import SIXTH, Profile
from wizarena.games.wizwar.state import DISCARD, TURN, copy_state

G2 = WizWarGame(players=2)


def _profile(**changed: int) -> Profile:
    numbers = {"life": SIXTH.life, "opening_hand": SIXTH.opening_hand, "hand_limit": SIXTH.hand_limit,
               "draws": SIXTH.draws, "base_moves": SIXTH.base_moves, "max_rounds": SIXTH.max_rounds}
    numbers.update(changed)
    return Profile("test", board_side=SIXTH.board_side, door_rule=SIXTH.door_rule, let_go_rule=SIXTH.let_go_rule,
                   **numbers)


def test_6e_1_3_4_the_sixth_edition_s_numbers() -> None:
    """"Each wizard begins with 15 life ... 7 cards" (6e 1), "hand limit 7 ... draw up to
    2" (6e 3), "3 squares" (6e 4); ruling R1's cap of 60 rounds; the classic faces."""
    assert (SIXTH.life, SIXTH.opening_hand, SIXTH.hand_limit, SIXTH.draws, SIXTH.base_moves,
            SIXTH.max_rounds, SIXTH.board_side) == (15, 7, 7, 2, 3, 60, "classic")
    s = G2.new_state(3)
    assert s.rules is SIXTH and s.life == [15, 15] and all(len(hand) == 7 for hand in s.hands)
    assert copy_state(s).rules is SIXTH  # every copy shares the one record


def test_the_hand_limit_and_movement_are_read_from_the_profile() -> None:
    """A state given a profile with a hand limit of 6 and 2 squares a turn discards down to
    6 and walks 2: the rules read the profile, not a constant."""
    s = G2.new_state(7)
    s.rules = _profile(hand_limit=6, base_moves=2)
    q = s.turn
    G2.apply(s, q, END_TURN[0])  # 7 + 2 cards: three over the limit of 6
    assert s.phase == DISCARD
    while s.phase == DISCARD:
        G2.apply(s, q, next(a for a in G2.legal_actions(s, q) if a.kind == "discard"))
    assert len(s.hands[q]) == 6 and s.phase == TURN
    assert s.moves == 2  # the next wizard's turn began with the profile's movement
