"""The sight memo kept up to date by the map's log of changes: after any run of changes,
what it says blocks sight, which illusion walls stand and what every square sees must be
what working the map out whole says."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wizarena.games.wizwar import sight_memo
from wizarena.games.wizwar.board import edition_faces as edition
from wizarena.games.wizwar.board import faces, named_assembly
from wizarena.games.wizwar.mapstate import DOOR, FIREWALL, ILLUSION, KIND_MASK, WALL, MapState
from wizarena.games.wizwar.sight import blocking


def _change(m: MapState, rng: random.Random) -> None:
    """One change of the kinds play makes: a line built or broken, a door opened, held,
    passed, unlocked or jammed, a square filled or cleared, a sector turned."""
    asm = m.asm
    e = rng.randrange(asm.n_edges)
    q = rng.randrange(asm.n_squares)
    kind = rng.randrange(9)
    if kind == 0:
        m.create_edge(e, rng.choice([WALL, DOOR, FIREWALL, ILLUSION]))
    elif kind == 1:
        m.destroy_edge(e)
    elif kind == 2:
        m.remove_creation(e)
    elif kind == 3:
        doors = [d for d in range(asm.n_edges) if asm.is_edge(d) and m.edges[d] & KIND_MASK == DOOR]
        if doors:
            d = rng.choice(doors)
            rng.choice([m.open_door, m.hold_door, m.pass_door, m.release_door, m.remove_lock, m.jam_lock])(d)
    elif kind == 4:
        m.fill_stone(q, False)
    elif kind == 5:
        m.plant_thornbush(q, False, 3)
    elif kind == 6:
        m.damage_square(q, 2)
    elif kind == 7:
        m.clear_square(q)
    else:
        m.rotate_sector(rng.randrange(asm.players), rng.choice([1, 2, 3]), lambda: rng.randrange(4))


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(["2", "3", "4"]), seed=st.integers(0, 10**6))
def test_8_sight_brought_up_to_date_is_sight_worked_out_whole(name: str, seed: int) -> None:
    """"LOS is blocked by walls, doors (closed), and fixed objects": whatever changed on
    the lines and squares, the memo made from the last one by the map's log blocks where
    the whole map blocks, holds the same illusion walls, and is the very memo a whole
    working out finds (two states with one labyrinth share one)."""
    rng = random.Random(seed)
    asm = named_assembly(name)
    m = MapState(asm, faces(), list(edition("classic")[:asm.players]))
    sight = sight_memo.rows_for(m)
    for _ in range(60):
        for _ in range(rng.randrange(1, 4)):
            _change(m, rng)
        sight = sight_memo.rows_after(sight, m)
        assert not m.touched
        assert sight.blocked == blocking(m)
        whole = sight_memo.rows_for(m)
        assert whole is sight
        assert sight.illusions == sorted(e for e in range(asm.n_edges)
                                         if sight.blocked[e] and m.edges[e] & KIND_MASK == ILLUSION)


def test_8_a_change_that_leaves_sight_alone_keeps_the_memo() -> None:
    """Jamming a lock changes the door, not what it hides: the memo stays the same object."""
    asm = named_assembly("2")
    m = MapState(asm, faces(), list(edition("classic")[:asm.players]))
    sight = sight_memo.rows_for(m)
    door = next(d for d in range(asm.n_edges) if asm.is_edge(d) and m.edges[d] & KIND_MASK == DOOR)
    assert m.jam_lock(door) == ""
    assert sight_memo.rows_after(sight, m) is sight


def test_8_two_assemblies_alike_line_for_line_do_not_share_a_memo() -> None:
    """The crossed exits print the same lines and squares as the plain two-player board,
    but a sight line leaving through an exit comes back elsewhere: never one memo."""
    plain, crossed = named_assembly("2"), named_assembly("2-crossed")
    m = MapState(plain, faces(), list(edition("classic")[:2]))
    mx = MapState(crossed, faces(), list(edition("classic")[:2]))
    assert blocking(m) == blocking(mx)
    assert sight_memo.rows_for(m) is not sight_memo.rows_for(mx)
    assert sight_memo.rows_for(mx).assembly == "2-crossed"
