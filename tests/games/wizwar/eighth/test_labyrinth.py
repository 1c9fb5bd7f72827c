"""The 8th edition's labyrinth: sectors in random places, turned at random, on either side
of the boards (8e rule 1, ruling R8-2), and sight on it agreeing with an independent
model (the issue's "line of sight still agreeing for 8e boards, both sides, rotated
sectors")."""

from __future__ import annotations

import random

import pytest

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import BoardDataError, E, N, S, W, faces, named_assembly
from wizarena.games.wizwar.eighth import moving
from wizarena.games.wizwar.eighth.labyrinth import deal_labyrinth, portal_colour
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.mapstate import MapState
from wizarena.games.wizwar.sight import blocking, line_of_sight, sight_to_edge, trace
from wizarena.games.wizwar.sight_tree import tree

from ..helpers import open_map, side, sq
from ..test_sight import reference_barriers


def _dealt(players: int, side: str, seed: int) -> MapState:
    rng = random.Random(seed)
    return deal_labyrinth(named_assembly(str(players)), faces(), side, rng.randrange)


def test_ww8_setup_sectors_shuffled_in_order_and_orientation() -> None:
    """"sectors are shuffled in order and orientation; wizards start on their home base":
    over many deals every slot holds every sector and every turn comes up, and each
    seat's home base lies in his own sector."""
    places: set[tuple[int, int]] = set()
    turns: set[int] = set()
    for seed in range(60):
        m = _dealt(4, "new", seed)
        assert sorted(m.slot_sector) == [0, 1, 2, 3]
        places |= {(slot, sector) for slot, sector in enumerate(m.slot_sector)}
        turns |= set(m.rot)
        for seat in range(4):
            assert m.sector_of(m.home_base(seat)) == seat
    assert len(places) == 16 and turns == {0, 1, 2, 3}


@pytest.mark.parametrize("side", ["new", "classic"])
def test_ww8_a_sector_dealt_turned_is_the_sector_turned_after(side: str) -> None:
    """A sector dealt already turned prints exactly what the same sector dealt facing north
    prints once it is turned in play (Rotate Sector): one geometry of turning."""
    for seed in range(8):
        m = _dealt(4, side, seed)
        north = MapState(m.asm, faces(), m.sector_face, m.slot_sector)
        for slot, q in enumerate(m.rot):
            if q:
                north.rotate_sector(slot, q, lambda: 0)
        assert north.printed == m.printed and north.kinds == m.kinds and north.edges == m.edges


def test_ww8_a_side_that_does_not_exist_is_refused() -> None:
    with pytest.raises(BoardDataError, match="board edition"):
        _dealt(2, "back", 1)
    with pytest.raises(ValueError, match="quarter-turn"):
        MapState(named_assembly("2"), faces(), [0, 2], None, turns=[0, 4])
    with pytest.raises(ValueError, match="each of the 2 sectors once"):
        MapState(named_assembly("2"), faces(), [0, 2], [1, 1])


@pytest.mark.parametrize(("players", "side"), [(2, "new"), (2, "classic"), (4, "new"), (4, "classic")])
def test_8c_sight_on_turned_sectors_agrees_with_a_fraction_reference(players: int, side: str) -> None:
    """"LOS = straight segment from the center of the attacker's square to the center of
    the target's square": on dealt 8e boards with walls and stone strewn, the engine counts
    the barriers of the straight segment between two squares as an exact model in
    fractions does, and a route tree's row is the trace's answer for every target
    (through wraps too)."""
    rng = random.Random(players * 10 + len(side))
    for seed in range(3):
        m = _dealt(players, side, seed)
        asm = m.asm
        for e in range(asm.n_edges):
            if asm.is_edge(e) and not m.check_create_edge(e) and rng.random() < 0.05:
                m.create_wall(e)
        for q in rng.sample(range(asm.n_squares), 3):
            m.fill_stone(q, False)
        for _ in range(300):
            a, b = rng.sample(range(asm.n_squares), 2)
            got = trace(m, a, 2 * asm.sq_x[b] + 1, 2 * asm.sq_y[b] + 1, b, -1, 10_000)
            assert got == reference_barriers(m, a, b), (seed, a, b)
        blocked = blocking(m)
        for a in rng.sample(range(asm.n_squares), 4):
            answers, seen_as = tree(asm, a)
            squares, edges = bytearray(asm.n_squares), bytearray(asm.n_edges)
            answers.fill(blocked, squares, edges, seen_as)
            for b in range(asm.n_squares):
                assert squares[b] == line_of_sight(m, a, b), (seed, a, b)
            for e in range(asm.n_edges):
                assert edges[e] == (asm.is_edge(e) and sight_to_edge(m, a, e)), (seed, a, e)


def test_r8_2_the_three_player_l_has_two_portal_pairs_by_colour() -> None:
    """R8-2: "its two AUTO WARPs become portal pairs: *purple* joins the south side of the
    north-east sector to the east side of the south-west one, *cyan* the north side of the
    north-east sector to the west side of the south-west one." A step through one says so."""
    s = deal(1, 3)
    asm = s.map.asm
    mouths = {colour: [e for e in range(asm.n_edges) if portal_colour(asm, e) == colour]
              for colour in ("purple", "cyan")}
    assert all(len(lines) == 10 for lines in mouths.values())           # a side of 5 lines at each end
    ne_south = side(asm, sq(asm, 1, 4, 2), S)
    sw_east = side(asm, sq(asm, 2, 2, 4), E)
    assert portal_colour(asm, ne_south) == portal_colour(asm, sw_east) == "purple"
    assert portal_colour(asm, side(asm, sq(asm, 1, 0, 2), N)) == "cyan"
    assert portal_colour(asm, side(asm, sq(asm, 0, 2, 0), W)) == ""     # a wrap is no portal
    assert all(portal_colour(deal(1, n).map.asm, e) == "" for n in (2, 4) for e in range(deal(1, n).map.asm.n_edges))
    s.map = open_map(3)
    s.sight = vision.rows_for(s.map)
    s.pos[s.turn] = sq(s.map.asm, 1, 4, 2)
    s.moves = 3
    moving.walk(s, s.turn, S)
    assert s.pos[s.turn] == sq(s.map.asm, 2, 2, 4)
    assert s.log is not None and "steps into the purple portal" in s.log[-1].text
    view = load_game("wizwar/8e", players=3).view(s, 0)
    assert {link.get("portal") for link in view["board"]["links"]} == {None, "purple", "cyan"}
