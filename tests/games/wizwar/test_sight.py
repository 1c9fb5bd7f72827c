"""Line of sight, 6e 8: the segment from centre to centre, exact integer arithmetic."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from wizarena.games.wizwar.board import E, N, S, W, assembly
from wizarena.games.wizwar.mapstate import DOOR, FIREWALL, ILLUSION, MapState
from wizarena.games.wizwar.sight import line_of_sight, sight_barriers, sight_to_edge, trace, visible_squares

from .helpers import OPEN_FACES, classic_map, open_map, side, sq


def test_8_a_square_sees_itself_and_its_open_neighbours() -> None:
    m = open_map()
    a = m.asm
    assert line_of_sight(m, sq(a, 0, 1, 1), sq(a, 0, 1, 1))
    assert line_of_sight(m, sq(a, 0, 1, 1), sq(a, 0, 1, 2))
    assert line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 4, 4))   # the long diagonal of an empty room


def test_8_a_wall_the_segment_crosses_blocks() -> None:
    m = open_map()
    a = m.asm
    m.create_wall(side(a, sq(a, 0, 0, 0), E))
    # (0,0) -> (1,2): from (1,1) to (5,3) doubled, crossing x=2 at y=1.5: that wall's line.
    assert not line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 1, 2))
    assert sight_barriers(m, sq(a, 0, 0, 0), sq(a, 0, 1, 2)) == 1
    assert line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 1, 0))


def test_8_a_corner_clip_blocks_and_counts_two_walls() -> None:
    """(0,0) to (1,1) passes exactly through the lattice point between them: a wall
    on any of the four lines meeting there is a nicked corner."""
    m = open_map()
    a = m.asm
    s00, s11 = sq(a, 0, 0, 0), sq(a, 0, 1, 1)
    assert line_of_sight(m, s00, s11)   # a corner with no wall at it does not block
    for square, d in ((s00, E), (s00, S), (s11, N), (s11, W)):
        t = m.copy()
        assert t.create_wall(side(a, square, d)) == ""
        assert not line_of_sight(t, s00, s11)
        assert sight_barriers(t, s00, s11) == 2


def test_8_a_corner_on_the_way_to_a_farther_square() -> None:
    m = open_map()
    a = m.asm
    # (0,0) -> (2,2) passes the lattice points (1,1) and (2,2); a wall meeting the second.
    m.create_wall(side(a, sq(a, 0, 2, 2), N))
    assert not line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 2, 2) + 1)  # (2,3): passes no corner ...
    assert line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 3, 2))         # ... (3,2) does not touch it


def test_8_an_opened_door_lets_sight_through_and_it_relocks_after_passage() -> None:
    m = open_map()
    a = m.asm
    door = side(a, sq(a, 0, 1, 1), E)
    assert m.create_edge(door, DOOR) == ""
    s1, s2 = sq(a, 0, 1, 0), sq(a, 0, 1, 3)
    assert not line_of_sight(m, s1, s2)
    assert m.open_door(door) == ""
    assert line_of_sight(m, s1, s2)
    assert m.pass_door(door) == ""
    assert not line_of_sight(m, s1, s2)


def test_8_firewalls_and_illusion_walls_block_sight() -> None:
    for kind in (FIREWALL, ILLUSION):
        m = open_map()
        a = m.asm
        m.create_edge(side(a, sq(a, 0, 1, 1), E), kind)
        assert not line_of_sight(m, sq(a, 0, 1, 0), sq(a, 0, 1, 4))


def test_8_solid_stone_and_thornbushes_block_but_not_at_the_ends() -> None:
    m = open_map()
    a = m.asm
    s1, mid, s2 = sq(a, 0, 3, 0), sq(a, 0, 3, 2), sq(a, 0, 3, 4)
    assert m.fill_stone(mid, occupied=False) == ""
    assert not line_of_sight(m, s1, s2)
    assert line_of_sight(m, s1, mid - 1)
    t = open_map()
    t.plant_thornbush(mid, occupied=False, hit_points=1)
    assert not line_of_sight(t, s1, s2)
    assert line_of_sight(t, s1, mid), "the bush itself can be seen (and attacked)"


def test_8_stone_touching_the_corner_the_segment_passes_blocks() -> None:
    m = open_map()
    a = m.asm
    m.fill_stone(sq(a, 0, 0, 1), occupied=False)
    assert not line_of_sight(m, sq(a, 0, 0, 0), sq(a, 0, 1, 1))


def test_4_sight_across_a_warp_counts_to_the_mouth_and_goes_on_from_the_far_end() -> None:
    """Three players: from slot 1 looking south out of its middle opening, the line comes
    out of slot 2's east opening heading west."""
    m = MapState(assembly(3), OPEN_FACES, [0, 1, 2])
    a = m.asm
    here, there = sq(a, 1, 3, 2), sq(a, 2, 2, 2)
    # The other warp would do as well (north out of slot 1, in at slot 2's west): close it.
    assert m.create_wall(side(a, sq(a, 1, 0, 2), N)) == ""
    assert line_of_sight(m, here, there)
    assert line_of_sight(m, there, here)
    assert m.create_wall(side(a, sq(a, 2, 2, 3), E)) == ""
    assert not line_of_sight(m, here, there)


def test_4_sight_through_the_other_warp_when_one_is_walled() -> None:
    m = MapState(assembly(3), OPEN_FACES, [0, 1, 2])
    a = m.asm
    here, there = sq(a, 1, 3, 2), sq(a, 2, 2, 2)
    assert m.create_wall(side(a, sq(a, 2, 2, 3), E)) == ""
    assert line_of_sight(m, here, there), "north out of slot 1, in at slot 2's west opening"
    assert m.create_wall(side(a, sq(a, 1, 0, 2), N)) == ""
    assert not line_of_sight(m, here, there)


def test_4_sight_wraps_over_the_edge_of_the_world() -> None:
    m = open_map(2)
    a = m.asm
    west, east = sq(a, 0, 2, 1), sq(a, 1, 2, 3)
    m.create_wall(side(a, sq(a, 0, 2, 4), E))    # close the junction: only the wrap is left
    assert line_of_sight(m, west, east)
    m.create_wall(side(a, sq(a, 0, 2, 0), W))
    assert not line_of_sight(m, west, east)


def test_8_sight_to_the_centre_of_a_wall_to_be_created() -> None:
    m = open_map()
    a = m.asm
    here = sq(a, 0, 2, 0)
    line = side(a, sq(a, 0, 2, 3), E)
    m.create_wall(side(a, sq(a, 1, 2, 4), E))   # row 2 is otherwise a loop through the wrap
    assert sight_to_edge(m, here, line)
    assert sight_to_edge(m, here, side(a, here, N))
    m.create_wall(side(a, sq(a, 0, 2, 1), E))
    assert not sight_to_edge(m, here, line)
    assert sight_to_edge(m, here, side(a, sq(a, 0, 2, 1), E)), "a wall in sight ends the line on it"


def test_visible_squares_on_the_printed_boards_are_symmetric() -> None:
    for players in (2, 3, 4):
        m = classic_map(players)
        seen = [set(visible_squares(m, s)) for s in range(m.asm.n_squares)]
        for s in range(m.asm.n_squares):
            assert s in seen[s]
            for t in seen[s]:
                assert s in seen[t]


# -- an independent reference for straight lines inside one sector -----------------------

def reference_barriers(m: MapState, a: int, b: int) -> int:
    """Walk every grid line crossing of the segment with Fractions: one square of the
    plane at a time, without the engine's integer stepping."""
    asm = m.asm
    x0, y0 = Fraction(2 * asm.sq_x[a] + 1), Fraction(2 * asm.sq_y[a] + 1)
    x1, y1 = Fraction(2 * asm.sq_x[b] + 1), Fraction(2 * asm.sq_y[b] + 1)
    ts: set[Fraction] = set()
    for v0, v1 in ((x0, x1), (y0, y1)):
        lo, hi = sorted((v0, v1))
        for line in range(int(lo) + 1, int(hi) + 1):
            if line % 2 == 0 and lo < line < hi:
                ts.add((line - v0) / (v1 - v0))
    count = 0
    px, py = asm.sq_x[a], asm.sq_y[a]

    def at(x: int, y: int) -> int:
        return asm.at[y * asm.width + x]

    def between(x: int, y: int, d: int) -> int:
        return asm.side_edge[at(x, y) * 4 + d]

    for t in sorted(ts):
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        if (px, py) != (asm.sq_x[a], asm.sq_y[a]) and m.cells[at(px, py)]:
            count += 1
        sx = 1 if x1 > x0 else -1
        sy = 1 if y1 > y0 else -1
        if x.denominator == 1 and x % 2 == 0 and y.denominator == 1 and y % 2 == 0:
            hx, hy = (E if sx > 0 else W), (S if sy > 0 else N)
            nx, ny = px + sx, py + sy
            edges = [between(px, py, hx), between(px, py, hy), between(nx, ny, (hx + 2) % 4),
                     between(nx, ny, (hy + 2) % 4)]
            if any(m.blocks_sight(e) for e in edges) or m.cells[at(px + sx, py)] or m.cells[at(px, py + sy)]:
                count += 2
            px, py = nx, ny
        elif x.denominator == 1 and x % 2 == 0:
            count += m.blocks_sight(between(px, py, E if sx > 0 else W))
            px += sx
        else:
            count += m.blocks_sight(between(px, py, S if sy > 0 else N))
            py += sy
    assert at(px, py) == b
    return count


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_8_integer_tracing_agrees_with_a_fraction_reference(data: st.DataObject) -> None:
    m = classic_map(4)
    a = m.asm
    slot = data.draw(st.integers(0, 3))
    for e in data.draw(st.lists(st.integers(0, a.n_edges - 1), max_size=12)):
        if a.edge_slots[e] == 1 << slot:
            m.create_wall(e)
    for s in data.draw(st.lists(st.integers(0, 24), max_size=3)):
        m.fill_stone(slot * 25 + s, occupied=False)
    s1 = slot * 25 + data.draw(st.integers(0, 24))
    s2 = slot * 25 + data.draw(st.integers(0, 24))
    if s1 == s2:
        return
    got = trace(m, s1, 2 * a.sq_x[s2] + 1, 2 * a.sq_y[s2] + 1, s2, -1, 10_000)
    assert got == reference_barriers(m, s1, s2)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_8_line_of_sight_is_symmetric(data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([2, 3, 4]))
    m = classic_map(players)
    a = m.asm
    for e in data.draw(st.lists(st.integers(0, a.n_edges - 1), max_size=20)):
        m.create_wall(e)
    for s in data.draw(st.lists(st.integers(0, a.n_squares - 1), max_size=4)):
        m.fill_stone(s, occupied=False)
    for e in range(a.n_edges):
        if m.kind(e) == DOOR and data.draw(st.booleans()):
            m.open_door(e)
    s1 = data.draw(st.integers(0, a.n_squares - 1))
    s2 = data.draw(st.integers(0, a.n_squares - 1))
    assert line_of_sight(m, s1, s2) == line_of_sight(m, s2, s1)
    assert sight_barriers(m, s1, s2) == sight_barriers(m, s2, s1)


def test_4_sight_never_slips_through_the_point_of_a_fold() -> None:
    """Three players: the lattice point at the inside of the L is where the two mouths of
    the AUTO WARP meet. Round it one way a line arrives somewhere else than round the
    other, so a line exactly through it sees nothing, even with every wall there gone."""
    m = MapState(assembly(3), OPEN_FACES, [0, 1, 2])
    a = m.asm
    corner_a, corner_b, corner_c = sq(a, 0, 4, 4), sq(a, 1, 4, 0), sq(a, 2, 0, 4)
    for s, d in ((corner_a, E), (corner_a, S), (corner_b, W), (corner_b, S), (corner_c, N), (corner_c, E)):
        m.destroy_edge(side(a, s, d))
    x, y = 2 * a.sq_x[corner_a] + 1, 2 * a.sq_y[corner_a] + 1
    for target in range(a.n_squares):
        assert trace(m, corner_a, x + 2, y + 2, target, -1, 100) == -1
    assert line_of_sight(m, corner_a, corner_b) and line_of_sight(m, corner_a, corner_c)


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(["2", "2-crossed", "3", "4"]), seed=st.integers(0, 10**6))
def test_8_the_remembered_routes_answer_as_the_trace_does(name: str, seed: int) -> None:
    """vision.py answers sight by the routes' lists of what they pass; on maps with walls,
    doors, firewalls, illusions, stone and bushes strewn at random it must agree with
    `line_of_sight` and `sight_to_edge` for every pair."""
    import random

    from wizarena.games.wizwar import vision
    from wizarena.games.wizwar.board import edition_faces as edition
    from wizarena.games.wizwar.board import faces, named_assembly
    from wizarena.games.wizwar.state import WizWarState

    rng = random.Random(seed)
    asm = named_assembly(name)
    m = MapState(asm, faces(), list(edition("classic")[:asm.players]))
    for e in range(asm.n_edges):
        if asm.is_edge(e) and not m.check_create_edge(e) and rng.random() < 0.08:
            m.create_edge(e, rng.choice([FIREWALL, ILLUSION, 1]))
    for q in range(asm.n_squares):
        if not m.check_create_in_square(q, False) and rng.random() < 0.04:
            m.fill_stone(q, False) if rng.random() < 0.5 else m.plant_thornbush(q, False, 5)
    s = WizWarState()
    s.map = m
    s.sight = vision.rows_for(m)
    squares = rng.sample(range(asm.n_squares), 12)
    for a in squares:
        for b in range(asm.n_squares):
            assert vision.sees(s, a, b) == line_of_sight(m, a, b), (a, b)
        for e in rng.sample(range(asm.n_edges), 40):
            if asm.is_edge(e):
                assert vision.sees_edge(s, a, e) == sight_to_edge(m, a, e), (a, e)


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(["2", "3", "4"]), seed=st.integers(0, 10**6),
       change=st.sampled_from(["add", "remove", "both"]))
def test_8_answers_after_a_change_are_the_trace_s(name: str, seed: int, change: str) -> None:
    """Sight is remembered per labyrinth; a change of the labyrinth (barriers added,
    removed, or both) must never leave an answer of the old one behind: every answer after
    the change must be the trace's, for plain sight, a Visionstone's (one barrier at most)
    and sight to a line, and the route trees grown on the old map serve the new one."""
    import random

    from wizarena.games.wizwar import vision
    from wizarena.games.wizwar.board import edition_faces as edition
    from wizarena.games.wizwar.board import faces, named_assembly
    from wizarena.games.wizwar.state import WizWarState

    rng = random.Random(seed)
    asm = named_assembly(name)
    m = MapState(asm, faces(), list(edition("classic")[:asm.players]))
    for e in range(asm.n_edges):
        if asm.is_edge(e) and not m.check_create_edge(e) and rng.random() < 0.05:
            m.create_wall(e)
    s = WizWarState()
    s.map = m
    s.sight = vision.rows_for(m)
    squares = rng.sample(range(asm.n_squares), 6)
    s.n, s.pos, s.out = len(squares), squares, []
    edges = [e for e in range(asm.n_edges) if asm.is_edge(e)]
    for a in squares:  # every answer asked once on the old map
        vision.row(s, a)
        for b in range(asm.n_squares):
            vision.sees_through_one(s, a, b)
        for e in edges:
            vision.sees_edge(s, a, e)
    m = s.map = m.copy()
    made = [e for e in edges if not m.check_create_edge(e)]
    if change in ("add", "both"):
        for e in rng.sample(made, 6):
            m.create_wall(e)
    if change in ("remove", "both"):
        walls = [e for e in edges if not m.check_damage_edge(e)]
        for e in rng.sample(walls, 6):
            m.destroy_edge(e)
    vision.changed(s)
    for a in squares:
        for b in range(asm.n_squares):
            assert vision.sees(s, a, b) == line_of_sight(m, a, b), (a, b)
            assert vision.sees_through_one(s, a, b) == (sight_barriers(m, a, b, 1) >= 0), (a, b)
        for e in edges:
            assert vision.sees_edge(s, a, e) == sight_to_edge(m, a, e), (a, e)


def test_8_sight_through_a_wrap_only_is_remembered_too() -> None:
    """On the printed two-player board some squares see each other only across a wrap;
    the remembered answers must find those (the route through the link, walked whole only
    once its prefix is clear) as the trace does."""
    from wizarena.games.wizwar import vision
    from wizarena.games.wizwar.state import WizWarState

    m = classic_map(2)
    s = WizWarState()
    s.map = m
    s.sight = vision.rows_for(m)
    asm = m.asm
    through_links = 0
    for a in range(asm.n_squares):
        for b in range(asm.n_squares):
            seen = line_of_sight(m, a, b)
            assert vision.sees(s, a, b) == seen, (a, b)
            on_the_board = trace(m, a, 2 * asm.sq_x[b] + 1, 2 * asm.sq_y[b] + 1, b, -1, 0) == 0
            through_links += seen and not on_the_board
    assert through_links > 0


# -- sight to a line (Create Wall's "centre of the wall to be created") ---------------------

def test_6e_8_solid_stone_hides_the_lines_behind_it_not_the_one_before_it() -> None:
    """"fixed objects (walls, firewalls, illusion walls, thornbushes, doors, solid stone)
    do [block LOS]", and for Create Wall the segment runs to "the centre of the wall to be
    created". Stone fills its square: a line on its far side, or on a side the segment
    must cross the stone to reach, is out of sight; the line in front of it is not."""
    from wizarena.games.wizwar import vision
    from wizarena.games.wizwar.state import WizWarState

    m = open_map()
    a = m.asm
    here, stone, beyond = sq(a, 0, 1, 0), sq(a, 0, 1, 1), sq(a, 0, 1, 2)
    far, top, near = side(a, stone, E), side(a, stone, N), side(a, stone, W)
    assert sight_to_edge(m, here, far) and sight_to_edge(m, here, top)
    assert m.fill_stone(stone, occupied=False) == ""
    assert not sight_to_edge(m, here, far), "the line between (1,1) and (1,2) is behind the stone"
    top_x, top_y = a.edge_midpoint(top)  # (the open board sees that line round a wrap: the board as drawn)
    assert trace(m, here, top_x, top_y, -1, top, 0) < 0, "reaching its north side goes through the stone"
    assert sight_to_edge(m, here, near), "the line between the viewer and the stone is before it"
    # from farther off, the line in front of the stone is still seen, the one behind it not
    t = open_map()
    assert t.fill_stone(beyond, occupied=False) == ""
    assert sight_to_edge(t, here, side(a, beyond, W)) and not sight_to_edge(t, here, side(a, beyond, E))
    # the remembered answers say the same
    s = WizWarState()
    s.map = m
    s.sight = vision.rows_for(m)
    assert not vision.sees_edge(s, here, far)
    assert vision.sees_edge(s, here, near)


def test_6e_8_a_thornbush_hides_the_line_behind_it_but_not_from_inside_it() -> None:
    """"fixed objects (walls, firewalls, illusion walls, thornbushes, doors, solid stone)
    do [block LOS]": a line on the far side of a thornbush is out of sight. A wizard
    standing in the bush sees out of it, as he sees squares out of it."""
    m = open_map()
    a = m.asm
    here, bush = sq(a, 0, 1, 0), sq(a, 0, 1, 1)
    m.plant_thornbush(bush, occupied=False, hit_points=1)
    assert not sight_to_edge(m, here, side(a, bush, E))
    assert not sight_to_edge(m, here, side(a, bush, S))
    assert sight_to_edge(m, here, side(a, bush, W))
    assert sight_to_edge(m, bush, side(a, bush, E)) and sight_to_edge(m, bush, side(a, sq(a, 0, 1, 3), E))


def reference_line_barriers(m: MapState, a: int, e: int) -> int | None:
    """The barriers between the centre of a and the midpoint of line e, walked as
    `reference_barriers` walks to a square: every grid line crossed with Fractions, and
    every square the segment passes through counted if filled, the viewer's own aside,
    the last one (before the line) included. None if the segment does not end on a side
    of the square it reached, or leaves the sector of a."""
    asm = m.asm
    mx, my = asm.edge_midpoint(e)
    x0, y0 = Fraction(2 * asm.sq_x[a] + 1), Fraction(2 * asm.sq_y[a] + 1)
    x1, y1 = Fraction(mx), Fraction(my)
    ts: set[Fraction] = set()
    for v0, v1 in ((x0, x1), (y0, y1)):
        lo, hi = sorted((v0, v1))
        for line in range(int(lo) + 1, int(hi) + 1):
            if line % 2 == 0 and lo < line < hi:
                ts.add((line - v0) / (v1 - v0))
    px, py = asm.sq_x[a], asm.sq_y[a]

    def at(x: int, y: int) -> int:
        return asm.at[y * asm.width + x] if 0 <= x < asm.width and 0 <= y < asm.height else -1

    def between(x: int, y: int, d: int) -> int:
        return asm.side_edge[at(x, y) * 4 + d]

    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    count = 0
    for t in sorted(ts):
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        if (px, py) != (asm.sq_x[a], asm.sq_y[a]) and m.cells[at(px, py)]:
            count += 1
        if x.denominator == 1 and x % 2 == 0 and y.denominator == 1 and y % 2 == 0:
            hx, hy = (E if sx > 0 else W), (S if sy > 0 else N)
            nx, ny = px + sx, py + sy
            if min(at(nx, ny), at(px + sx, py), at(px, py + sy)) < 0:
                return None
            edges = [between(px, py, hx), between(px, py, hy), between(nx, ny, (hx + 2) % 4),
                     between(nx, ny, (hy + 2) % 4)]
            if any(m.blocks_sight(e) for e in edges) or m.cells[at(px + sx, py)] or m.cells[at(px, py + sy)]:
                count += 2
            px, py = nx, ny
        elif x.denominator == 1 and x % 2 == 0:
            count += m.blocks_sight(between(px, py, E if sx > 0 else W))
            px += sx
        else:
            count += m.blocks_sight(between(px, py, S if sy > 0 else N))
            py += sy
        if at(px, py) < 0 or at(px, py) // 25 != a // 25:
            return None
    if (px, py) != (asm.sq_x[a], asm.sq_y[a]) and m.cells[at(px, py)]:
        count += 1  # the square before the line: the segment runs through it to the line
    facing = (E if sx > 0 else W) if mx % 2 == 0 else (S if sy > 0 else N)
    return count if between(px, py, facing) == e else None


def test_6e_8_sight_to_a_line_agrees_with_a_fraction_reference_on_several_boards() -> None:
    """"fixed objects (walls, firewalls, illusion walls, thornbushes, doors, solid stone)
    do [block LOS]", to a line as to a square. On every assembly, both printed editions,
    with walls, firewalls, illusion walls, doors, stone and bushes strewn at random, the
    barriers the engine counts from a square to every line of its sector (the board as
    drawn) are the reference's."""
    import random

    from wizarena.games.wizwar.board import edition_faces as edition
    from wizarena.games.wizwar.board import faces, named_assembly

    rng = random.Random(8)
    compared = hidden_by_a_square = 0
    for name in ("2", "2-crossed", "3", "4"):
        for printed in ("classic", "new"):
            asm = named_assembly(name)
            m = MapState(asm, faces(), list(edition(printed)[:asm.players]))
            for e in range(asm.n_edges):
                if asm.is_edge(e) and not m.check_create_edge(e) and rng.random() < 0.06:
                    m.create_edge(e, rng.choice([FIREWALL, ILLUSION, 1]))
            for q in range(asm.n_squares):
                if not m.check_create_in_square(q, False) and rng.random() < 0.12:
                    m.fill_stone(q, False) if rng.random() < 0.5 else m.plant_thornbush(q, False, 5)
            for e in range(asm.n_edges):
                if m.kind(e) == DOOR and rng.random() < 0.3:
                    m.open_door(e)
            for a_sq in rng.sample(range(asm.n_squares), 10):
                for e in range(asm.n_edges):
                    if not asm.is_edge(e) or not asm.edge_slots[e] & 1 << a_sq // 25:
                        continue
                    want = reference_line_barriers(m, a_sq, e)
                    if want is None:
                        continue
                    mx, my = asm.edge_midpoint(e)
                    got = trace(m, a_sq, mx, my, -1, e, 10_000)
                    assert got == want, (name, printed, a_sq, e)
                    compared += 1
                    last = m.copy()
                    last.cells[:] = bytes(len(last.cells))
                    hidden_by_a_square += want > 0 and trace(last, a_sq, mx, my, -1, e, 0) == 0
    assert compared > 2000 and hidden_by_a_square > 0
