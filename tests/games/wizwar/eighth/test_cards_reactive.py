"""The reactive cards of Wiz-War 8e (eighth/reactions.py, ruling R8-9), each from its text
in data/cards-8e.json: Ward and Fool's Gold spring out of turn when a treasure is lifted,
through the Game so that the asking order is the table's."""

from __future__ import annotations

from wizarena import load_game
from wizarena.games.wizwar.eighth import cards, treasures
from wizarena.games.wizwar.eighth.actions import AIM_FIGURES, CASTS, LET_BE, PICK_UPS, POWER_NONE
from wizarena.games.wizwar.eighth.state import DISCARD_AND_DRAW, REACTING, EighthState

WARD = cards.INDEX["ward"]
FOOLS_GOLD = cards.INDEX["fools_gold"]
FULL_SHIELD = cards.INDEX["full_shield"]
GAME = load_game("wizwar/8e", players=3)


def _lifting(seed: int = 2) -> tuple[EighthState, int, int]:
    """A 3-player game with the turn's wizard standing on the next player's first treasure,
    every hand emptied. Returns the state, the picker and the treasure's owner."""
    s: EighthState = GAME.new_state(seed)
    picker = s.turn
    owner = (picker + 1) % 3
    t = owner * treasures.EACH
    s.pos[picker] = s.treasure_at[t]
    for q in range(3):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    s.legal_for = -1
    return s, picker, owner


def _do(s: EighthState, seat: int, action: object) -> None:
    assert GAME.to_act(s) == (seat,)
    GAME.apply(s, seat, action)


def _play_out(s: EighthState, picker: int, shield: bool = False) -> None:
    """The reactive cast's energy (none), its aim (the picker, its only target) and the
    answers (the picker's Full Shield if `shield`, else let be), until the reactions go on
    or the picker's Discard & Draw begins."""
    while s.phase not in (REACTING, DISCARD_AND_DRAW):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        shields = [a for a in legal if a.fields.get("card") == "full_shield"] if shield else []
        choice = POWER_NONE if POWER_NONE in legal else AIM_FIGURES[picker] if AIM_FIGURES[picker] in legal \
            else shields[0] if shields else LET_BE
        _do(s, seat, choice)


def test_ward() -> None:
    """Ward: "Springs when someone lifts a treasure of yours: the thief suffers 3 magical
    damage, then rolls a d4, and on 1 or 2 the treasure slips from him into his square." """
    s, picker, owner = _lifting()
    s.hands[owner] = [WARD]
    t = owner * treasures.EACH
    _do(s, picker, PICK_UPS[t])
    assert s.phase == REACTING and GAME.to_act(s) == (owner,)
    assert CASTS[WARD] in GAME.legal_actions(s, owner)
    _do(s, owner, CASTS[WARD])
    _play_out(s, picker)
    assert s.life[picker] == 12
    assert s.carried[picker] == t or s.treasure_at[t] == s.pos[picker]


def test_fools_gold() -> None:
    """Fool's Gold: "Keep it for the moment a rival wizard lifts a treasure anywhere in your
    home sector; reveal it then and the thief suffers 3 magical damage." """
    s, picker, owner = _lifting()
    home = s.map.sector_of(s.pos[picker])
    s.hands[home] = [FOOLS_GOLD]
    _do(s, picker, PICK_UPS[owner * treasures.EACH])
    while s.phase == REACTING and GAME.to_act(s) != (home,):
        (seat,) = GAME.to_act(s)
        _do(s, seat, LET_BE)
    assert CASTS[FOOLS_GOLD] in GAME.legal_actions(s, home)
    _do(s, home, CASTS[FOOLS_GOLD])
    _play_out(s, picker)
    assert s.life[picker] == 12


def test_every_other_player_is_asked_whatever_he_holds() -> None:
    """R8-9: a reactive card's window "asks every seat", so that being asked tells nothing:
    with empty hands both others are asked in turn order, then Discard & Draw begins."""
    s, picker, owner = _lifting()
    _do(s, picker, PICK_UPS[owner * treasures.EACH])
    asked = []
    while s.phase == REACTING:
        (seat,) = GAME.to_act(s)
        assert GAME.legal_actions(s, seat) == [LET_BE]
        asked.append(seat)
        _do(s, seat, LET_BE)
    assert asked == [(picker + 1) % 3, (picker + 2) % 3] and s.phase == DISCARD_AND_DRAW


def test_a_full_shield_stops_a_ward() -> None:
    """R8-9: "counters that cancel a spell aimed at the picker ... do" answer a reactive card."""
    s, picker, owner = _lifting()
    s.hands[owner] = [WARD]
    s.hands[picker] = [FULL_SHIELD]
    _do(s, picker, PICK_UPS[owner * treasures.EACH])
    _do(s, owner, CASTS[WARD])
    _play_out(s, picker, shield=True)
    assert s.life[picker] == 15
