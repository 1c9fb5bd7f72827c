"""Moving in the 8th edition: the 8e chapter's sections "Moving", "Speed Boost",
"Changing Base Speed", "Leaving the Board and Moving Through Portals" and "Doors", and
ruling R8-10 (one's own doors), each tested from the chapter's sentences."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, S, W
from wizarena.games.wizwar.eighth import cards, moving
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import R_BOOST, R_OWN_DOOR, R_PORTAL, EighthState
from wizarena.games.wizwar.mapstate import DOOR

from ..helpers import open_map, side, sq


def _open_board(players: int = 2) -> EighthState:
    """A dealt game moved onto boards with no inner walls, P0 to act at slot 0's centre
    with his base speed's points."""
    s = deal(3, players)
    s.map = open_map(players)
    s.sight = vision.rows_for(s.map)
    s.pos = [sq(s.map.asm, q, 2, 2) for q in range(players)]
    s.turn = 0
    moving.begin(s)
    return s


def _hand(s: EighthState, seat: int, names: list[str]) -> None:
    s.hands[seat] = [cards.INDEX[name] for name in names]


def test_ww8_moving_points_equal_to_base_speed_one_a_square() -> None:
    """"his wizard receives movement points equal to the wizard's base speed (normally 3)
    ... By spending 1 movement point, a wizard can move to an adjacent square."""
    s = _open_board()
    assert s.moves == 3
    for heading in (E, E, S):
        moving.walk(s, 0, heading)
    assert s.pos[0] == sq(s.map.asm, 0, 3, 4)
    assert s.moves == 0 and moving.headings(s, 0) == []


def test_ww8_moving_not_through_walls_locked_doors_or_stone_but_through_wizards() -> None:
    """"Wizards cannot move diagonally, nor can they pass through walls, locked doors ...
    or other objects that block movement, such as stone blocks. Wizards may move through
    and even end their movement in the same square as another wizard."""
    s = _open_board()
    asm, m = s.map.asm, s.map
    here = s.pos[0]
    assert sorted(moving.headings(s, 0)) == [N, E, S, W]
    m.create_wall(side(asm, here, N))
    m.create_edge(side(asm, here, E), DOOR)  # a door on P0's own board: see R8-10 below
    m.fill_stone(asm.step[here * 4 + S], occupied=False)
    s.pos[1] = asm.step[here * 4 + W]
    assert moving.headings(s, 0) == [E, W]
    moving.walk(s, 0, W)
    assert s.pos[0] == s.pos[1]
    s.controller[0] = 1  # the same door seen by someone whose colour it is not
    s.pos[0] = here
    assert moving.headings(s, 0) == [W]


def test_ww8_r8_10_one_s_own_door_is_not_locked_for_him() -> None:
    """Ruling R8-10: "A door's colour is its owner's: your own doors are not locked for
    you"; passing it costs a point like any step and leaves it as it was."""
    s = _open_board()
    asm, m = s.map.asm, s.map
    here = s.pos[0]
    door = side(asm, here, E)
    m.create_edge(door, DOOR)
    moving.walk(s, 0, E)
    assert s.pos[0] == asm.step[here * 4 + E] and s.moves == 2 and m.blocks_walk(door)
    assert s.log and s.log[-1].rule == R_OWN_DOOR


def test_ww8_leaving_the_board_wraps_for_one_point() -> None:
    """"If a wizard walks off an open side of the map, he immediately re-enters the map on
    the opposite side ... This "wrap-around" move costs 1 movement point"."""
    s = _open_board()
    asm = s.map.asm
    s.pos[0] = sq(asm, 0, 0, 2)  # the middle of slot 0's north side, an opening
    moving.walk(s, 0, N)
    assert s.pos[0] == sq(asm, 0, 4, 2) and s.moves == 2
    assert s.log and s.log[-1].rule == R_PORTAL


def test_ww8_portals_on_the_three_player_board_cost_one_point() -> None:
    """"If a wizard walks through a portal ... he immediately re-enters the map through the
    matching portal elsewhere ... It costs 1 movement point": the three-player L's far
    sides lead elsewhere, not to the opposite side."""
    s = _open_board(3)
    asm = s.map.asm
    start = sq(asm, 1, 2, 4)  # the middle of slot 1's east side
    s.pos[0] = start
    moving.walk(s, 0, E)
    assert s.pos[0] == asm.step[start * 4 + E] and s.pos[0] // 25 != 1 and s.moves == 2


def test_ww8_speed_boost_once_a_turn_at_any_time() -> None:
    """"discarding one energy card or a Magic card that has an energy value to gain
    additional movement points equal to the energy value ... only once per turn, but may
    do so at any time during his turn"."""
    s = _open_board()
    energy = next(c for c in range(len(cards.ID)) if cards.TYPE[c] == "energy")
    plain = next(c for c in range(len(cards.ID)) if cards.ENERGY_VALUE[c] == 0)
    s.hands[0] = [plain, energy, energy]
    for _ in range(3):
        moving.walk(s, 0, moving.headings(s, 0)[0])
    assert s.moves == 0 and moving.boosters(s, 0) == [energy]
    moving.boost(s, 0, energy)
    assert s.moves == cards.ENERGY_VALUE[energy] and s.discards[0][-1] == energy and s.hands[0] == [plain, energy]
    assert moving.boosters(s, 0) == [] and moving.headings(s, 0)
    assert s.log and s.log[-1].rule == R_BOOST
    moving.begin(s)  # the next turn: the boost is back
    assert moving.boosters(s, 0) == [energy]


def test_ww8_changing_base_speed_moves_the_points_left_even_below_zero() -> None:
    """"if a wizard has 1 movement point left and casts "Golem Form", transforming himself
    into a golem and reducing his base speed from 3 to 2, his movement points drop by 1 ...
    Movement points may drop below 0 ... Only raising the wizard's movement points above 0
    again (such as by boosting speed with an energy card) will let that wizard move"."""
    s = _open_board()
    moving.walk(s, 0, N)
    moving.walk(s, 0, S)
    moving.change_speed(s, 0, 2)
    assert s.moves == 0 and moving.headings(s, 0) == []
    moving.change_speed(s, 0, 0)
    assert s.moves == -2 and s.speed[0] == 0
    energy = next(c for c in range(len(cards.ID)) if cards.ENERGY_VALUE[c] == 4)
    s.hands[0] = [energy]
    moving.boost(s, 0, energy)
    assert s.moves == 2 and moving.headings(s, 0)
    moving.change_speed(s, 1, 5)  # another figure's change leaves the turn's points alone
    assert s.moves == 2 and s.speed[1] == 5


def test_ww8_random_movement_reads_the_d4_against_the_overlay() -> None:
    """"roll the die, match the result to the direction indicated on the overlay, and move
    the wizard in that direction"; R8-11: "1 north, 2 east, 3 south, 4 west ... A figure
    pushed against a wall ... stays where it is"."""
    s = _open_board()
    asm = s.map.asm
    seen: set[int] = set()
    for _ in range(40):
        here = s.pos[0] = sq(asm, 0, 2, 2)
        heading = moving.wander(s, 0)
        seen.add(heading)
        assert s.pos[0] == asm.step[here * 4 + heading] and s.moves == 3
    assert seen == {N, E, S, W}
    for heading in range(4):
        s.map.create_wall(side(asm, sq(asm, 0, 2, 2), heading))
    s.pos[0] = sq(asm, 0, 2, 2)
    moving.wander(s, 0)
    assert s.pos[0] == sq(asm, 0, 2, 2) and s.log and "stays" in s.log[-1].text
