"""The 8th edition's labyrinth at the start of a game (8e rule 1, ruling R8-2 in
docs/games/wizwar-8e.md): the same assemblies as 6e, but every sector laid in a random
place and turned at random, all on the side of the boards the players agreed on.

6e lays seat k's sector in slot k facing north; here the order of the sectors around the
table and each one's turn are drawn with the game's chance. What lies where is public (the
boards are face up), so nothing here is hidden from any seat.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import Assembly, Face, edition_faces
from ..mapstate import MapState, deal_sectors


def deal_labyrinth(asm: Assembly, faces: tuple[Face, ...], side: str, below: Callable[[int], int]) -> MapState:
    """A random colour for each seat, the sectors shuffled into the slots and each turned
    0 to 3 quarter turns, the boards on `side` ("new" is side A, "classic" side B;
    board.EDITION_SIDE)."""
    printed = edition_faces(side)  # an unknown side fails here, before any chance is drawn
    colours = deal_sectors(asm.players, below)
    free = list(range(asm.players))
    slot_sector: list[int] = []
    for _ in range(asm.players):
        slot_sector.append(free.pop(below(len(free))))
    turns = [below(4) for _ in range(asm.players)]
    return MapState(asm, faces, [printed[c] for c in colours], slot_sector, turns=turns)
