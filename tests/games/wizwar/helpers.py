"""Shared helpers for the Wiz-War board tests: hand-made faces with known walls, so a
scenario says exactly which wall it is about."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from wizarena.games.wizwar.board import CELLS, CORRIDOR, HOME, MIDDLE, SIDE, TREASURE, Assembly, Face, assembly, faces
from wizarena.games.wizwar.board import edition_faces as edition
from wizarena.games.wizwar.mapstate import MapState


def open_face(index: int = 0) -> Face:
    """A face with no inner walls: only the outer sides are walled, but for the middle
    opening of each side. Home base in the centre, treasure marks at (1, 1) and (3, 3)."""
    kinds = [CORRIDOR] * CELLS
    kinds[2 * SIDE + 2] = HOME
    kinds[1 * SIDE + 1] = TREASURE
    kinds[3 * SIDE + 3] = TREASURE
    walls = [0] * CELLS
    for r in range(SIDE):
        for c in range(SIDE):
            bits = 0
            if r == 0 and c != MIDDLE:
                bits |= 1
            if c == SIDE - 1 and r != MIDDLE:
                bits |= 2
            if r == SIDE - 1 and c != MIDDLE:
                bits |= 4
            if c == 0 and r != MIDDLE:
                bits |= 8
            walls[r * SIDE + c] = bits
    return Face(index, "plain", "test", tuple(kinds), tuple(walls), (0,) * CELLS)


OPEN_FACES = tuple(open_face(i) for i in range(4))


def open_map(players: int = 4, crossed: bool = False) -> MapState:
    return MapState(assembly(players, crossed), OPEN_FACES, list(range(players)))


def classic_map(players: int = 4, crossed: bool = False) -> MapState:
    return MapState(assembly(players, crossed), faces(), list(edition("classic")[:players]))


def sq(asm: Assembly, slot: int, row: int, col: int) -> int:
    return asm.square(slot, row, col)


def side(asm: Assembly, square: int, d: int) -> int:
    """The edge on side d (0 N, 1 E, 2 S, 3 W) of a square."""
    return asm.side_edge[square * 4 + d]


class Roller:
    """A d4 that gives the faces it was loaded with and counts its rolls."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        return self.faces.pop(0)


def no_roll() -> int:
    raise AssertionError("no die should be rolled here")


def check_key_over_a_game(game: Any, seed: int, least_keys: int) -> None:
    """Every position of a random game of `game`: a determinization keeps each seat's
    information key, and one key never stands for two tensors of that seat, nor for two
    sets of legal actions of the seat to act (search keeps one node per key and expands it
    with the legal actions of whichever position reached it first)."""
    rng = random.Random(seed)
    s = game.new_state(seed, log=False)
    tensors: dict[int, bytes] = {}
    keys = set()
    legal: dict[int, list[int]] = {}
    while game.to_act(s):
        for seat in range(game.num_players):
            key = game.information_key(s, seat)
            assert game.information_key(game.determinize(s, seat, rng), seat) == key
            tensor = np.asarray(game.observation_tensor(s, seat)).tobytes()
            assert tensors.setdefault(key, tensor) == tensor
            keys.add(key)
        seat = game.to_act(s)[0]
        actions = game.legal_actions(s, seat)
        ids = sorted(a.id for a in actions)
        assert legal.setdefault(game.information_key(s, seat), ids) == ids
        game.apply(s, seat, rng.choice(actions))
    assert len(keys) > least_keys
