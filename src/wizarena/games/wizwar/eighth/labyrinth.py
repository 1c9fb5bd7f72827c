"""The 8th edition's labyrinth at the start of a game (8e rule 1, ruling R8-2 in
docs/games/wizwar-8e.md): the same assemblies as 6e, but every sector laid in a random
place and turned at random, all on the side of the boards the players agreed on.

6e lays seat k's sector in slot k facing north; here the order of the sectors around the
table and each one's turn are drawn with the game's chance. What lies where is public (the
boards are face up), so nothing here is hidden from any seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..board import CELLS, Assembly, E, Face, N, S, W, edition_faces
from ..mapstate import MapState, deal_sectors

# R8-2: the three-player L's two AUTO WARPs are portal pairs, each of its colour, by the
# slot side they open on (slot 1 north-east, slot 2 south-west).
PORTAL_PLAYERS: Final = 3
PORTAL_COLOURS: Final[dict[tuple[int, int], str]] = {(1, S): "purple", (2, E): "purple", (1, N): "cyan",
                                                      (2, W): "cyan"}


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


def portal_colour(asm: Assembly, line: int) -> str:
    """The colour of the portal whose mouth is the outer `line` ("" for a line that is no
    portal's: inside the board, or a wrap to the opposite side)."""
    if asm.players != PORTAL_PLAYERS or asm.edge_link[line] < 0:
        return ""
    a, b = asm.edge_squares(line)
    square = a if a >= 0 else b
    for heading in range(4):
        if asm.side_edge[square * 4 + heading] == line:
            for slot_a, side_a, slot_b, side_b, kind in asm.links:
                if kind == "warp" and (square // CELLS, heading) in ((slot_a, side_a), (slot_b, side_b)):
                    return PORTAL_COLOURS.get((square // CELLS, heading), "")
    return ""


def link_colour(asm: Assembly, slot: int, side: int) -> str:
    """The colour of the portal opening on `side` of `slot`, "" for none."""
    return PORTAL_COLOURS.get((slot, side), "") if asm.players == PORTAL_PLAYERS else ""
