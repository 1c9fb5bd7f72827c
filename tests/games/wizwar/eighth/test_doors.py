"""Doors in Wiz-War 8e (the shared doors.py and eighth/keys.py), each from the rule's sentence (brief rule 9, the
8e chapter's "Doors") or the card's text: Pick Lock and the Master Key open a door for one
passage, it locks again behind the wizard unless he holds it, and a held door shuts when
he is no longer beside it."""

from __future__ import annotations

from wizarena.games.wizwar import doors, vision
from wizarena.games.wizwar.eighth import attacking, cards, keys, legal, moving, refusals, turn
from wizarena.games.wizwar.eighth.actions import HOLD_DOORS, LET_GO, USES_OF
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import ANSWERING, MOVE_AND_CAST, POWERING, EighthState
from wizarena.games.wizwar.mapstate import DOOR

from ..helpers import open_map, side, sq

PICK_LOCK = cards.INDEX["pick_lock"]
MASTER_KEY = cards.INDEX["master_key"]
E = 1


def _scene() -> tuple[EighthState, int, int, int]:
    """An open board past the first round; both wizards in the second player's sector (so
    the door is none of the first's own, R8-10), `me` west of a locked door, `friend` with
    him; hands emptied. Returns the state, the two seats and the door's line."""
    s = deal(1, 2)
    s.map = open_map(2)
    here = sq(s.map.asm, 1, 2, 2)
    line = side(s.map.asm, here, E)
    assert not s.map.create_edge(line, DOOR)
    s.sight = vision.rows_for(s.map)
    s.turn, s.round = 0, 2
    s.pos = [here, here]
    s.controller = [0, 0]  # the friend is moved by nobody else: only his door rights matter
    for q in range(2):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    moving.begin(s)
    return s, 0, 1, line


def _open_with(s: EighthState, me: int, card: int, line: int, item: bool = False) -> None:
    (s.items if item else s.hands)[me].append(card)
    attacking.begin(s, me, card, item=item)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    assert line in attacking.picks(s)
    attacking.aim(s, line)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert s.phase == MOVE_AND_CAST


def test_ww8_doors_every_door_is_locked() -> None:
    """Rule 9: "Doors are always locked; only a card opens one"."""
    s, me, _, _ = _scene()
    assert E not in moving.headings(s, me)


def test_pick_lock_opens_a_door_for_one_passage() -> None:
    """Pick Lock: "Open a door next to you for one passage; it locks again behind you unless
    you keep holding it." """
    s, me, friend, line = _scene()
    _open_with(s, me, PICK_LOCK, line)
    assert E in moving.headings(s, me)
    moving.walk(s, me, E)
    assert s.map.edges[line] & 7 == DOOR and s.map.blocks_walk(line)


def test_pick_lock_held_lets_others_follow_while_he_stays_beside_it() -> None:
    """Pick Lock: "unless you keep holding it, which you can do while you stay beside it";
    rule 9: "it shuts and locks the moment he is no longer beside it"."""
    s, me, friend, line = _scene()
    _open_with(s, me, PICK_LOCK, line)
    assert HOLD_DOORS[E] in legal.legal_list(s, me)
    doors.hold(s, me, E)
    moving.walk(s, me, E)           # through, still beside it on the far side
    assert not s.map.blocks_walk(line)
    s.pos[friend] = s.pos[me] - 1   # the friend, west of the door, may follow
    assert moving.step_to(s, friend, E) >= 0
    moving.walk(s, me, E)           # he walks on: no longer beside it
    assert s.map.blocks_walk(line) and s.holding[me] == -1


def test_let_go_of_a_held_door() -> None:
    """Rule 9: the holder may let go; the door locks again."""
    s, me, _, line = _scene()
    _open_with(s, me, PICK_LOCK, line)
    doors.hold(s, me, E)
    assert LET_GO in legal.legal_list(s, me)
    doors.let_go(s, me)
    assert s.map.blocks_walk(line)


def test_a_door_opened_and_not_passed_locks_when_the_turn_ends() -> None:
    """Rule 9: a door opened for one passage is the opener's; left neither passed nor held,
    it locks again as his turn ends."""
    s, me, _, line = _scene()
    _open_with(s, me, PICK_LOCK, line)
    turn.next_turn(s)
    assert s.map.blocks_walk(line)


def test_master_key() -> None:
    """Master Key: "While you carry it, you may open any door next to you; it locks again
    once you are through" (and the key stays with him)."""
    s, me, _, line = _scene()
    _open_with(s, me, MASTER_KEY, line, item=True)
    assert MASTER_KEY in s.items[me]
    moving.walk(s, me, E)
    assert s.map.blocks_walk(line)


def test_ruling_r8_33_a_door_let_go_of_stays_locked_until_the_turn_is_over() -> None:
    """Ruling R8-33 (docs/games/wizwar-8e.md): "A door its holder lets go of stays locked
    until the turn is over: no key, card or hand opens it again this turn." The Master Key
    stays carried, so without it opening, holding and letting go went round for ever (a
    search did so for 2,500 decisions of one turn)."""
    s, me, friend, line = _scene()
    _open_with(s, me, MASTER_KEY, line, item=True)
    doors.hold(s, me, E)
    assert LET_GO in legal.legal_list(s, me)
    doors.let_go(s, me)
    assert s.map.blocks_walk(line)
    assert any(ev.rule == "WW8 ruling R8-33" and "lets go" in ev.text for ev in s.log or [])
    assert line not in keys.locked_beside(s, me)
    assert USES_OF[MASTER_KEY] not in legal.legal_list(s, me)
    why = refusals.why_not(s, me, USES_OF[MASTER_KEY])
    assert why is not None and "stays locked until the turn is over" in why[0] and why[1] == "WW8 ruling R8-33"
    turn.next_turn(s)
    turn.next_turn(s)
    assert s.turn == me and line in keys.locked_beside(s, me), "a new turn: the key opens it again"
