"""Cracks (brief rule 14, the rulebook's section on damaging objects), from its sentence:
"1 crack per full 3 damage of one attack; stone wall 5 cracks, door 3 (stone block 8,
bushes 1); outer walls and treasures are indestructible"."""

from __future__ import annotations

from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import cards, cracks
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import PERMANENT, R_CRACKS, EighthState
from wizarena.games.wizwar.mapstate import DOOR, KIND_MASK, OPEN, WALL

from ..helpers import open_map, side, sq


def _open(players: int = 2) -> EighthState:
    s = deal(3, players)
    s.map = open_map(players)
    s.sight = vision.rows_for(s.map)
    return s


def test_ww8_rule_14_a_crack_for_every_full_3_damage_of_one_attack() -> None:
    assert [cracks.cracks_from(d) for d in (0, 2, 3, 5, 6, 7, 9)] == [0, 0, 1, 1, 2, 2, 3]
    assert cracks.cracks_from(7, every_point=True) == 7  # Shatter, the Wizardblade


def test_ww8_rule_14_a_stone_wall_falls_at_its_5th_crack_and_then_lets_sight_through() -> None:
    s = _open()
    asm = s.map.asm
    a = sq(asm, 0, 2, 2)
    wall = side(asm, a, 1)
    s.map.create_wall(wall)
    s.sight = vision.rows_for(s.map)
    assert s.sight.blocked[wall] == 1
    assert not cracks.crack_line(s, wall, 2)  # 2 damage: no crack
    assert s.cracks[wall] == 0
    assert not cracks.crack_line(s, wall, 12)  # 4 cracks
    assert s.cracks[wall] == 4 and s.map.edges[wall] & KIND_MASK == WALL
    assert cracks.crack_line(s, wall, 3)  # the 5th
    assert s.map.edges[wall] & KIND_MASK == OPEN and s.cracks[wall] == 0
    assert s.sight.blocked[wall] == 0 and vision.sees(s, a, asm.step[a * 4 + 1])  # sight follows
    assert s.log and s.log[-1].rule == R_CRACKS


def test_ww8_rule_14_a_door_at_3_a_stone_block_at_8_a_bush_at_1() -> None:
    s = _open()
    asm = s.map.asm
    door = side(asm, sq(asm, 0, 1, 1), 2)
    s.map.create_edge(door, DOOR)
    assert not cracks.crack_line(s, door, 6) and cracks.crack_line(s, door, 3)
    stone, bush = sq(asm, 0, 3, 3), sq(asm, 0, 3, 1)
    s.map.fill_stone(stone, False)
    s.map.plant_thornbush(bush, False, 5)
    assert not cracks.crack_square(s, stone, 21) and cracks.crack_square(s, stone, 3)
    assert s.map.cells[stone] == 0
    assert cracks.crack_square(s, bush, 3) and s.map.cells[bush] == 0


def test_ww8_rule_14_outer_walls_and_open_lines_take_no_crack() -> None:
    s = _open()
    asm = s.map.asm
    outer = side(asm, sq(asm, 0, 0, 0), 0)  # the north side of a corner square: the board's edge
    assert s.map.edges[outer] & KIND_MASK == WALL and cracks.line_limit(s, outer) == 0
    assert not cracks.crack_line(s, outer, 30) and s.cracks[outer] == 0
    open_line = side(asm, sq(asm, 0, 2, 2), 0)
    assert not cracks.crack_line(s, open_line, 30) and s.cracks[open_line] == 0


def test_ww8_rule_16_a_creation_broken_by_cracks_ends_the_spell_that_made_it() -> None:
    """Rule 16: a creation is a maintained spell; what it made falling (here a created wall
    at its 5th crack, a block of stone at its 8th) ends it: its card goes to the discard pile."""
    s = _open()
    asm = s.map.asm
    a = sq(asm, 0, 2, 2)
    wall = side(asm, a, 1)
    s.map.create_wall(wall)
    block = sq(asm, 0, 4, 4)
    s.map.fill_stone(block, False)
    create_wall, stone_block = cards.INDEX["create_wall"], cards.INDEX["stone_block"]
    s.maintained[0] = [(create_wall, PERMANENT, wall), (stone_block, PERMANENT, block)]
    assert cracks.crack_line(s, wall, 15)
    assert s.maintained[0] == [(stone_block, PERMANENT, block)] and create_wall in s.discards[0]
    assert cracks.crack_square(s, block, 24)
    assert s.maintained[0] == [] and stone_block in s.discards[0]
