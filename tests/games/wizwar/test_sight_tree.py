"""Line of sight (6e 8) answered a whole row at a time by a square's route tree: it must
say what the trace says, square by square and line by line, on every map it is asked on,
however far the tree had grown on the maps before."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizarena.games.wizwar.board import edition_faces as edition
from wizarena.games.wizwar.board import faces, named_assembly
from wizarena.games.wizwar.mapstate import FIREWALL, ILLUSION, MapState
from wizarena.games.wizwar.sight import blocking, line_of_sight, sight_to_edge
from wizarena.games.wizwar.sight_tree import RouteTree, tree
from wizarena.games.wizwar.symmetry import orbits, symmetries

from .helpers import open_map


def _strewn(name: str, rng: random.Random, walls: float, fills: float) -> MapState:
    """A printed map with walls, firewalls, illusion walls, stone and bushes strewn at random."""
    asm = named_assembly(name)
    m = MapState(asm, faces(), list(edition("classic")[:asm.players]))
    for e in range(asm.n_edges):
        if asm.is_edge(e) and not m.check_create_edge(e) and rng.random() < walls:
            m.create_edge(e, rng.choice([FIREWALL, ILLUSION, 1]))
    for q in range(asm.n_squares):
        if not m.check_create_in_square(q, False) and rng.random() < fills:
            m.fill_stone(q, False) if rng.random() < 0.5 else m.plant_thornbush(q, False, 5)
    return m


def _rows(tree: RouteTree, m: MapState) -> tuple[bytearray, bytearray]:
    squares = bytearray(m.asm.n_squares)
    edges = bytearray(m.asm.n_edges)
    tree.fill(blocking(m), squares, edges, symmetries(m.asm)[0])
    return squares, edges


@settings(max_examples=6, deadline=None)
@given(name=st.sampled_from(["2", "2-crossed", "3", "4"]), seed=st.integers(0, 10**6))
def test_8_one_tree_answers_as_the_trace_does_on_map_after_map(name: str, seed: int) -> None:
    """"LOS = straight segment from the center of the attacker's square to the center of
    the target's square (for Create Wall: center of the wall to be created)": one tree per
    viewer, asked on a closed map, then more open ones (its branches grown further as they
    come clear), then closed again, must give the trace's answer for every target."""
    rng = random.Random(seed)
    asm = named_assembly(name)
    viewers = rng.sample(range(asm.n_squares), 3)
    trees = {a: RouteTree(asm, a) for a in viewers}
    for walls, fills in ((0.3, 0.1), (0.1, 0.03), (0.0, 0.0), (0.05, 0.02), (0.3, 0.1)):
        m = _strewn(name, rng, walls, fills)
        for a in viewers:
            squares, edges = _rows(trees[a], m)
            for b in range(asm.n_squares):
                assert squares[b] == line_of_sight(m, a, b), (a, b)
            for e in range(asm.n_edges):
                assert edges[e] == (asm.is_edge(e) and sight_to_edge(m, a, e)), (a, e)


def test_8_a_tree_grows_only_where_sight_has_gone() -> None:
    """The tree walks a sight line on only as far as some map has let sight through: on the
    printed board, a square's tree stays a small part of every line it would hold in full,
    and the open board (no inner walls) grows it further."""
    m = _strewn("4", random.Random(1), 0.0, 0.0)
    tree = RouteTree(m.asm, 37)
    _rows(tree, m)
    grown = len(tree.kids)
    lines = len(tree._lines())
    assert grown * 20 < lines, (grown, lines)  # a few hundred nodes for some 8,000 lines
    _rows(tree, open_map(4))
    assert len(tree.kids) > grown


def test_the_symmetries_of_each_assembly() -> None:
    """The four-player labyrinth is a square on a torus: four turns and four mirrorings
    carry it onto itself. The two-player oblong has its half turn and two mirrorings, with
    its exits crossed as well; three players' L folds onto itself about its diagonal."""
    counts = {name: len(symmetries(named_assembly(name))) for name in ("2", "2-crossed", "3", "4")}
    assert counts == {"2": 4, "2-crossed": 4, "3": 2, "4": 8}
    assert len(set(orbits(named_assembly("4")).source)) == 15  # of 100 squares


@pytest.mark.parametrize("name", ["2", "2-crossed", "3", "4"])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_8_a_square_read_through_a_symmetry_sees_what_the_trace_says(name: str, seed: int) -> None:
    """"LOS = straight segment from the center of the attacker's square to the center of
    the target's square": every square of a family of symmetric squares, its row read from
    the family's one tree through the symmetry, sees exactly what its own trace sees."""
    rng = random.Random(seed)
    asm = named_assembly(name)
    for walls, fills in ((0.3, 0.1), (0.05, 0.02), (0.0, 0.0)):
        m = _strewn(name, rng, walls, fills)
        blocked = blocking(m)
        for a in rng.sample(range(asm.n_squares), 12):
            answers, seen_as = tree(asm, a)
            squares = bytearray(asm.n_squares)
            edges = bytearray(asm.n_edges)
            answers.fill(blocked, squares, edges, seen_as)
            for b in range(asm.n_squares):
                assert squares[b] == line_of_sight(m, a, b), (a, b)
            for e in range(asm.n_edges):
                assert edges[e] == (asm.is_edge(e) and sight_to_edge(m, a, e)), (a, e)
