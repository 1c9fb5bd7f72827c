"""The names people use for the labyrinth's squares and lines: one naming for the log, the
menus, what a person types, the terminal map, the browser board and the rulings page.

The engine numbers squares and lines for its own speed (board.py); those numbers depend on
how the sectors are laid in their slots and mean nothing to a player. A person reads the
table the way the terminal map and the browser board label it, like a chess board:

- a square by its column letter (a, b, ... from the west) and its row number (1, 2, ...
  from the north): "c4";
- a line between two squares by those two, the northern or western one first: "c3/c4",
  "c4/d4";
- a line on the labyrinth's outer edge (where a wrap or an AUTO WARP leaves) by its
  square and the side it lies on: "c1/N";
- a sector's place (a slot) by its north-west and south-east squares: "the sector a1-e5".

The names follow from the assembly's fixed geometry alone, which every seat sees, so
naming a place tells nobody anything new. Sectors turned or exchanged during play carry
their contents to other places; the places keep their names.
"""

from __future__ import annotations

from typing import Final

from .board import CELLS, DIR_NAMES, Assembly

COLUMNS: Final = "abcdefghijklmnopqrstuvwxyz"
DIGITS: Final = "0123456789"  # ASCII only: "²".isdigit() holds


def square_name(asm: Assembly, square: int) -> str:
    """ "c4": column letter and row number (row 1 at the north)."""
    return f"{COLUMNS[asm.sq_x[square]]}{asm.sq_y[square] + 1}"


def line_name(asm: Assembly, edge: int) -> str:
    """ "c3/c4" for a line between two squares (north or west first), "c1/N" for a line on
    the outer edge (its square, then the side)."""
    a, b = asm.edge_squares(edge)
    if a >= 0 and b >= 0:
        return f"{square_name(asm, a)}/{square_name(asm, b)}"
    inner = a if a >= 0 else b
    for d in range(4):
        if asm.side_edge[inner * 4 + d] == edge:
            return f"{square_name(asm, inner)}/{DIR_NAMES[d]}"
    return f"line {edge}"  # not a line of this board (never asked for one)


def slot_name(asm: Assembly, slot: int) -> str:
    """ "a1-e5": the corner squares of a sector's place, north-west first."""
    return f"{square_name(asm, slot * CELLS)}-{square_name(asm, slot * CELLS + CELLS - 1)}"


def square_named(asm: Assembly, text: str) -> int:
    """The square a name like "c4" (any case, spaces around) stands for; -1 if none."""
    name = text.strip().lower()
    if not 2 <= len(name) <= 3 or name[0] not in COLUMNS or name[1] == "0" or any(c not in DIGITS for c in name[1:]):
        return -1
    x, y = COLUMNS.index(name[0]), int(name[1:]) - 1
    if not (0 <= x < asm.width and 0 <= y < asm.height):
        return -1
    return asm.at[y * asm.width + x]


def line_named(asm: Assembly, text: str) -> int:
    """The line a name stands for, -1 if none: two neighbouring squares in either order,
    joined by "/" or "-" ("c3/c4", "c4-c3"), or a square and a side ("c1/n", "c3/s": the
    same line as "c3/c4")."""
    name = text.strip().lower().replace("-", "/")
    one, slash, two = name.partition("/")
    if not slash:
        return -1
    a = square_named(asm, one)
    if a < 0:
        return -1
    side = two.strip().upper()
    if side in DIR_NAMES:
        return asm.side_edge[a * 4 + DIR_NAMES.index(side)]
    b = square_named(asm, two)
    if b < 0:
        return -1
    for d in range(4):
        e = asm.side_edge[a * 4 + d]
        if asm.edge_squares(e) in ((a, b), (b, a)):
            return e
    return -1
