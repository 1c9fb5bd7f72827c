"""Map changes, 6e 4, 6, 8 and 10: creations and their limits, hit points, doors, sectors
turned and moved (the 50/50 rule at a junction), the d4."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizarena.games.wizwar.board import CELLS, E, N, S, W, assembly, edition_faces, faces
from wizarena.games.wizwar.mapstate import (
    CREATED,
    DESTROYED,
    DOOR,
    DOOR_HP,
    FIELDS,
    OPEN,
    WALL,
    WALL_HP,
    MapState,
    deal_sectors,
    fifty_fifty,
    new_map,
    random_direction,
)
from wizarena.games.wizwar.sight import line_of_sight

from .helpers import Roller, classic_map, no_roll, open_map, side, sq


def walls(m: MapState) -> int:
    return sum(1 for e in range(m.asm.n_edges) if m.kind(e) == WALL)


# -- creations ----------------------------------------------------------------------------

def test_8_nothing_is_created_on_a_home_base() -> None:
    m = classic_map(2)
    home = m.home_base(0)
    before = m.cells[:]
    assert m.fill_stone(home, occupied=False) == f"square {home} is a home base: nothing may be created there"
    assert m.plant_thornbush(home, occupied=False, hit_points=1).endswith("nothing may be created there")
    assert m.cells == before


def test_8_nothing_is_created_on_an_occupied_square() -> None:
    m = classic_map(2)
    assert m.fill_stone(0, occupied=True) == "square 0 is occupied: nothing may be created there"
    assert m.cells[0] == 0
    assert m.fill_stone(0, occupied=False) == ""
    assert m.fill_stone(0, occupied=False) == "square 0 is already filled"


def test_8_the_quick_answers_of_the_legal_lists_agree_with_the_checks() -> None:
    # may_fill and may_create_edge answer, without an explanation, what the checks explain.
    m = classic_map(4)
    m.fill_stone(3, occupied=False)
    m.create_wall(next(e for e in range(m.asm.n_edges) if m.may_create_edge(e)))
    for square in range(m.asm.n_squares):
        assert m.may_fill(square) == (m.check_create_in_square(square, occupied=False) == "")
    for e in range(m.asm.n_edges):
        if m.asm.is_edge(e):
            assert m.may_create_edge(e) == (m.check_create_edge(e) == "")


def test_8_a_wall_goes_on_an_empty_line_and_has_20_hit_points() -> None:
    m = open_map()
    a = m.asm
    line = side(a, sq(a, 0, 1, 1), E)
    assert m.create_wall(line) == ""
    assert m.kind(line) == WALL and m.hp[line] == WALL_HP == 20 and m.edges[line] & CREATED
    assert m.create_wall(line) == f"line {line} already holds a wall"
    # Walls stand between squares: a home base or an occupied square beside is no bar.
    assert m.create_wall(side(a, m.home_base(0), N)) == ""


def test_8_walls_are_only_on_lines_between_squares() -> None:
    m = open_map(3)
    assert m.create_wall(10_000).startswith("no line 10000 ")
    assert m.create_wall(True).startswith("no line True")
    assert m.create_wall("3").startswith("no line '3'")
    # A line of the bounding grid inside the missing corner of the L is no line at all.
    a = m.asm
    unused = a.h_edges - a.width + 7   # bottom edge of the grid, x = 7: under the missing slot
    assert not a.is_edge(unused)
    assert m.create_wall(unused).startswith(f"no line {unused}")


def test_6_a_door_has_15_hit_points_and_a_wall_20_and_both_can_be_destroyed() -> None:
    m = classic_map(2)
    doors = [e for e in range(m.asm.n_edges) if m.kind(e) == DOOR]
    assert doors and all(m.hp[e] == DOOR_HP == 15 for e in doors)
    d = doors[0]
    assert m.damage_edge(d, 14) == "" and m.kind(d) == DOOR and m.hp[d] == 1
    assert m.damage_edge(d, 5) == "" and m.kind(d) == OPEN and m.edges[d] & DESTROYED
    assert m.damage_edge(d, 1) == f"line {d} holds no wall or door to attack"
    w = next(e for e in range(m.asm.n_edges) if m.kind(e) == WALL)
    assert m.hp[w] == 20
    assert m.destroy_edge(w) == "" and m.kind(w) == OPEN


def test_8_destroying_a_wall_opens_sight_through_it() -> None:
    m = open_map()
    a = m.asm
    line = side(a, sq(a, 0, 1, 1), E)
    m.create_wall(line)
    assert not line_of_sight(m, sq(a, 0, 1, 1), sq(a, 0, 1, 2))
    m.damage_edge(line, WALL_HP)
    assert line_of_sight(m, sq(a, 0, 1, 1), sq(a, 0, 1, 2))
    assert m.edges[line] == OPEN, "a created wall destroyed leaves nothing behind"


def test_thornbush_hit_points_and_clearing() -> None:
    m = open_map()
    assert m.plant_thornbush(3, occupied=False, hit_points=2) == ""
    assert m.damage_square(3, 1) == "" and m.cells[3]
    assert m.damage_square(3, 1) == "" and not m.cells[3]
    assert m.damage_square(3, 1) == "square 3 holds no thornbush to attack"
    assert m.clear_square(3) == "square 3 holds no stone or thornbush"


# -- walking --------------------------------------------------------------------------------

def test_4_walking_stops_at_walls_closed_doors_and_stone() -> None:
    m = open_map()
    a = m.asm
    here = sq(a, 0, 1, 1)
    assert sorted(m.neighbours(here)) == sorted([here - 5, here + 1, here + 5, here - 1])
    m.create_wall(side(a, here, E))
    m.create_edge(side(a, here, S), DOOR)
    m.fill_stone(here - 1, occupied=False)
    assert m.neighbours(here) == [here - 5]
    m.open_door(side(a, here, S))
    assert sorted(m.neighbours(here)) == [here - 5, here + 5]


def test_4_a_walk_goes_through_wraps_and_warps() -> None:
    m = open_map(3)
    a = m.asm
    assert sq(a, 2, 2, 4) in m.neighbours(sq(a, 1, 4, 2))
    assert m.path_distance(sq(a, 1, 3, 2), sq(a, 2, 2, 3)) == 3


def test_entering_a_thornbush_ends_the_move() -> None:
    m = open_map()
    a = m.asm
    start, bush, beyond = sq(a, 0, 0, 0), sq(a, 0, 0, 1), sq(a, 0, 0, 2)
    m.plant_thornbush(bush, occupied=False, hit_points=1)
    dist = m.walk_distances(start, 4)
    assert dist[bush] == 1
    assert dist[beyond] == 4, "around the bush, not through it"
    assert m.reachable(start, 1) == [start, bush, sq(a, 0, 1, 0)]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_4_walking_never_crosses_a_wall(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([2, 3, 4]))
    m = classic_map(players)
    a = m.asm
    for e in data.draw(st.lists(st.integers(0, a.n_edges - 1), max_size=30)):
        m.create_wall(e)
    for e in data.draw(st.lists(st.integers(0, a.n_edges - 1), max_size=10)):
        m.destroy_edge(e)
    for s in range(a.n_squares):
        for t in m.neighbours(s):
            e = a.edge_between(s, t)
            d = [d for d in range(4) if a.step[s * 4 + d] == t][0]
            assert m.kind(a.side_edge[s * 4 + d]) != WALL and m.kind(a.far_edge[s * 4 + d]) != WALL
            assert not m.blocks_walk(a.side_edge[s * 4 + d]) and not m.blocks_walk(a.far_edge[s * 4 + d])


# -- doors -----------------------------------------------------------------------------------

def test_8_a_door_relocks_after_passage_unless_held() -> None:
    m = open_map()
    a = m.asm
    door = side(a, sq(a, 0, 1, 1), E)
    m.create_edge(door, DOOR)
    assert m.hold_door(door) == f"the door on line {door} is not open to be held"
    m.open_door(door)
    assert m.open_door(door) == f"the door on line {door} is already open"
    m.hold_door(door)
    m.pass_door(door)
    assert m.door_open(door), "held: the next wizard may follow"
    m.release_door(door)
    assert not m.door_open(door)


def test_8_jam_lock_beats_the_key_and_remove_lock_keeps_a_door_open() -> None:
    m = open_map()
    a = m.asm
    door = side(a, sq(a, 0, 1, 1), E)
    m.create_edge(door, DOOR)
    m.jam_lock(door)
    assert m.open_door(door) == f"the door on line {door} is jammed: no key opens it"
    m.remove_lock(door)
    assert m.door_open(door)
    m.pass_door(door)
    assert m.door_open(door)
    assert m.jam_lock(door) == f"the door on line {door} has no lock left to jam"
    assert m.open_door(side(a, sq(a, 0, 1, 1), N)).endswith("is not a door")


def test_doors_variant_opens_the_doors_of_ones_own_sector() -> None:
    m = MapState(assembly(2), faces(), list(edition_faces("classic")[:2]), own_doors=True)
    door = next(e for e in range(m.asm.n_edges) if m.kind(e) == DOOR)
    owner = m.sector_of(m.asm.edge_squares(door)[0])
    assert m.may_open_without_key(door, owner)
    assert not m.may_open_without_key(door, 1 - owner)
    plain = classic_map(2)
    assert not plain.may_open_without_key(door, owner)


# -- moving sectors -----------------------------------------------------------------------

@pytest.mark.parametrize("turns", [1, 2, 3, -1])
def test_8_rotation_keeps_the_walls_count(turns: int) -> None:
    m = classic_map(4)
    m.create_wall(side(m.asm, sq(m.asm, 1, 1, 1), E))   # an alteration inside the sector travels
    before = walls(m)
    homes = [m.home_base(s) for s in range(4)]
    dest = m.rotate_sector(1, turns, no_roll)
    assert walls(m) == before
    assert [m.home_base(s) for s in range(4)] == homes, "the home base is the centre, which stays"
    assert m.kind(side(m.asm, dest[sq(m.asm, 1, 1, 1)], (E + turns) % 4)) == WALL


def test_four_quarter_turns_give_the_same_map() -> None:
    m = classic_map(3)
    m.create_wall(side(m.asm, sq(m.asm, 2, 0, 0), E))
    m.fill_stone(sq(m.asm, 2, 0, 1), occupied=False)
    before = m.copy()
    for _ in range(4):
        m.rotate_sector(2, 1, no_roll)
    for name in FIELDS:
        assert getattr(m, name) == getattr(before, name), name


def test_rotation_carries_stone_and_treasure_marks() -> None:
    m = classic_map(2)
    a = m.asm
    marks = m.treasure_marks(0)
    m.fill_stone(sq(a, 0, 0, 0), occupied=False)
    dest = m.rotate_sector(0, 1, no_roll)
    assert m.cells[sq(a, 0, 0, 4)] and not m.cells[sq(a, 0, 0, 0)]
    assert sorted(m.treasure_marks(0)) == sorted(dest[s] for s in marks)


def junction_wall(m: MapState) -> int:
    """A printed wall on the line between slot 0 (west) and slot 1 (east), row 0."""
    a = m.asm
    e = side(a, sq(a, 0, 0, 4), E)
    assert a.junction(e) and m.kind(e) == WALL
    return e


def test_8_an_alteration_on_a_junction_rolls_50_50_low_the_turned_sector_keeps_it() -> None:
    m = classic_map(2)
    a = m.asm
    e = junction_wall(m)
    m.destroy_edge(e)
    roll = Roller(0)                        # a 1: low, the turned sector keeps the change
    m.rotate_sector(0, 2, roll)
    assert roll.calls == 1
    assert m.kind(e) == WALL, "the line shows the boards' printed wall again"
    carried = side(a, sq(a, 0, 4, 0), W)    # row 0 col 4's east side, turned half round
    assert m.kind(carried) == OPEN and m.edges[carried] & DESTROYED


def test_8_an_alteration_on_a_junction_rolls_50_50_high_the_other_sector_keeps_it() -> None:
    m = classic_map(2)
    a = m.asm
    e = junction_wall(m)
    m.destroy_edge(e)
    roll = Roller(3)                        # a 4: high, the sector that stays keeps it
    m.rotate_sector(0, 2, roll)
    assert roll.calls == 1
    assert m.kind(e) == OPEN
    assert m.kind(side(a, sq(a, 0, 4, 0), W)) == WALL


def test_relocating_sectors_exchanges_them_and_their_home_bases() -> None:
    m = classic_map(4)
    homes = [m.home_base(s) for s in range(4)]
    m.fill_stone(sq(m.asm, 0, 0, 0), occupied=False)
    dest = m.relocate_sector(0, 2, no_roll)
    assert m.home_base(0) == homes[2] and m.home_base(2) == homes[0]
    assert m.cells[dest[0]] and dest[0] == 2 * CELLS
    with pytest.raises(ValueError, match="no sector slot 7"):
        m.relocate_sector(0, 7, no_roll)


def test_rotating_a_bad_slot_is_refused_by_name() -> None:
    m = classic_map(2)
    with pytest.raises(ValueError, match="no sector slot 2 "):
        m.rotate_sector(2, 1, no_roll)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_8_rotation_without_junction_changes_keeps_every_count(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([2, 3, 4]))
    m = classic_map(players)
    a = m.asm
    slot = data.draw(st.integers(0, players - 1))
    for e in data.draw(st.lists(st.integers(0, a.n_edges - 1), max_size=15)):
        if not a.junction(e):
            m.create_wall(e)
    before = walls(m), sum(m.hp), sorted(m.cells)
    m.rotate_sector(slot, data.draw(st.sampled_from([-3, -2, -1, 1, 2, 3])), no_roll)
    assert (walls(m), sum(m.hp), sorted(m.cells)) == before


def test_copy_is_independent() -> None:
    m = classic_map(2)
    m.fill_stone(3, occupied=False)
    m.rotate_sector(0, 1, no_roll)
    c = m.copy()
    for name in FIELDS:
        assert getattr(c, name) == getattr(m, name), name
    c.destroy_edge(next(e for e in range(c.asm.n_edges) if c.kind(e) == WALL))
    c.fill_stone(0, occupied=False)
    c.rotate_sector(1, 1, no_roll)
    assert m.edges != c.edges and m.cells != c.cells and m.rot != c.rot


# -- the die (6e 10) --------------------------------------------------------------------------

def test_10_fifty_fifty_is_1_2_low_and_3_4_high() -> None:
    assert [fifty_fifty(Roller(f)) for f in range(4)] == [True, True, False, False]
    with pytest.raises(ValueError, match="a d4 roll is 0..3"):
        fifty_fifty(Roller(4))


def test_10_random_direction_numbers_clockwise_from_the_intended_one() -> None:
    assert [random_direction(E, Roller(f)) for f in range(4)] == [E, S, W, N]


def test_1_one_sector_each_chosen_at_random() -> None:
    picks = iter([3, 0, 1])
    assert deal_sectors(3, lambda n: next(picks)) == [3, 0, 2]   # 3 of 0123, then 0 of 012, then 1 of 12
    m = new_map(assembly(2), faces(), edition_faces("classic"), lambda n: n - 1)
    assert [faces()[f].name for f in m.sector_face] == ["green-back", "yellow-back"]
    with pytest.raises(ValueError, match="a random choice among 4 is 0..3, not 4"):
        deal_sectors(2, lambda n: n)



def test_a_rotation_by_no_turn_is_refused() -> None:
    m = classic_map(2)
    with pytest.raises(ValueError, match="a quarter, a half or three quarters, not 4"):
        m.rotate_sector(0, 4, no_roll)


def test_8_relocating_both_sectors_of_a_junction_rolls_once_for_its_change() -> None:
    m = classic_map(2)
    a = m.asm
    e = junction_wall(m)
    m.destroy_edge(e)
    roll = Roller(1)                        # a 2: low, the lower slot's sector (slot 0) keeps it
    m.relocate_sector(0, 1, roll)
    assert roll.calls == 1
    # Slot 0's sector now lies in slot 1; its east side of row 0 is the wrap edge there.
    assert m.kind(side(a, sq(a, 1, 0, 4), E)) == OPEN
    assert m.kind(e) == WALL


def test_4_a_wall_on_a_mouth_closes_the_wrap() -> None:
    m = open_map(2)
    a = m.asm
    west, east = sq(a, 0, 2, 0), sq(a, 1, 2, 4)
    assert east in m.neighbours(west)
    assert m.create_wall(side(a, east, E)) == ""   # on the far side of the wrap
    assert east not in m.neighbours(west) and west not in m.neighbours(east)
