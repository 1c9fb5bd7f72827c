"""The labyrinth as JSON, for every edition's view: the squares with their marks and fills,
the lines with their walls and doors, the links, the homes and treasure marks, in the
drawing frame the assembly places its sectors in (docs/games/wizwar.md, "Views")."""

from __future__ import annotations

from typing import Any

from .board import DIR_NAMES, KIND_NAMES
from .mapstate import (
    BUSH,
    CREATED,
    DESTROYED,
    DOOR,
    DUST,
    EDGE_KIND_NAMES,
    HELD,
    JAMMED,
    KIND_MASK,
    OPENED,
    STONE,
    UNLOCKED,
    MapState,
    full_hp,
)
from .places import line_name, square_name


def door_state(m: MapState, e: int) -> str:
    """locked (closed), opened (by a card, until someone passes), held, unlocked (Remove
    Lock: open for good) or jammed (Jam Lock: closed, no key opens it)."""
    s = m.edges[e]
    if s & JAMMED:
        return "jammed"
    if s & UNLOCKED:
        return "unlocked"
    if s & HELD:
        return "held"
    if s & OPENED:
        return "opened"
    return "locked"


def line_json(m: MapState, e: int) -> dict[str, Any]:
    """One line between squares (or at the outer edge): where it lies and what stands on it."""
    asm = m.asm
    x, y = asm.edge_midpoint(e)
    if y % 2 == 0:   # a horizontal line on grid line y/2, from x-1/2 to x+1/2
        ends = [(x - 1) // 2, y // 2, (x + 1) // 2, y // 2]
    else:
        ends = [x // 2, (y - 1) // 2, x // 2, (y + 1) // 2]
    s = m.edges[e]
    kind = s & KIND_MASK
    a, b = asm.edge_squares(e)
    line: dict[str, Any] = {"id": e, "name": line_name(asm, e), "from": ends[:2], "to": ends[2:], "squares": [a, b],
                            "kind": EDGE_KIND_NAMES[kind], "created": bool(s & CREATED),
                            "destroyed": bool(s & DESTROYED)}
    if kind == DOOR:
        line["door"] = door_state(m, e)
        line["open"] = m.door_open(e)
    full = full_hp(s)
    if full and m.hp[e] < full:
        line["hp"] = m.hp[e]
    if asm.edge_link[e] >= 0:
        line["link"] = asm.edge_link[e]
    return line


def board_json(m: MapState) -> dict[str, Any]:
    """The labyrinth in the drawing frame the assembly places its sectors in: a square
    (x, y) has its north-west corner at (x, y), a line runs from `from` to `to`."""
    asm = m.asm
    squares: list[dict[str, Any]] = []
    for sq in range(asm.n_squares):
        sq_json: dict[str, Any] = {"id": sq, "name": square_name(asm, sq), "x": asm.sq_x[sq], "y": asm.sq_y[sq],
                                   "sector": m.sector_of(sq),
                                   "mark": KIND_NAMES[m.kinds[sq]],
                                   "fill": "stone" if m.cells[sq] & STONE else "thornbush" if m.cells[sq] & BUSH
                                   else "dust" if m.cells[sq] & DUST else None}
        if m.cells[sq] & BUSH:
            sq_json["hp"] = m.cell_hp[sq]
        squares.append(sq_json)
    players = len(m.slot_sector)
    return {
        "assembly": asm.name, "width": asm.width, "height": asm.height,
        "sectors": [{"slot": slot, "owner": m.slot_sector[slot], "x": asm.slots[slot][0] * 5,
                     "y": asm.slots[slot][1] * 5, "face": m.faces[m.sector_face[m.slot_sector[slot]]].name,
                     "turn": m.rot[slot]} for slot in range(players)],
        "squares": squares,
        "lines": [line_json(m, e) for e in range(asm.n_edges) if asm.is_edge(e)],
        "links": [{"a": [a, DIR_NAMES[da]], "b": [b, DIR_NAMES[db]], "kind": kind}
                  for a, da, b, db, kind in asm.links],
        "homes": [m.home_base(q) for q in range(players)],
        "treasure_marks": [m.treasure_marks(q) for q in range(players)],
    }
