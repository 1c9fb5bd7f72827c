"""The labyrinth as JSON for the browser renderer: squares with their coordinates and
what marks them, and every line segment that holds something (walls, doors, fire,
illusions), with its end points in square units (north-west corner at 0, 0)."""

from __future__ import annotations

from typing import Any

from .board import DIR_NAMES, KIND_NAMES
from .mapstate import BUSH, DOOR, EDGE_KIND_NAMES, KIND_MASK, OPEN, STONE, MapState


def describe(m: MapState) -> dict[str, Any]:
    asm = m.asm
    squares: list[dict[str, Any]] = []
    for sq in range(asm.n_squares):
        fill = "stone" if m.cells[sq] & STONE else "thornbush" if m.cells[sq] & BUSH else None
        squares.append({"id": sq, "x": asm.sq_x[sq], "y": asm.sq_y[sq], "sector": m.sector_of(sq),
                        "mark": KIND_NAMES[m.kinds[sq]], "fill": fill})
    lines: list[dict[str, Any]] = []
    for e in range(asm.n_edges):
        s = m.edges[e]
        if not asm.is_edge(e) or s & KIND_MASK == OPEN:
            continue
        x, y = asm.edge_midpoint(e)
        if y % 2 == 0:   # horizontal: from (x-1)/2 to (x+1)/2 on line y/2
            ends = [(x - 1) // 2, y // 2, (x + 1) // 2, y // 2]
        else:
            ends = [x // 2, (y - 1) // 2, x // 2, (y + 1) // 2]
        line: dict[str, Any] = {"id": e, "kind": EDGE_KIND_NAMES[s & KIND_MASK], "from": ends[:2], "to": ends[2:],
                                "hp": m.hp[e], "what": m.describe_edge(e)}
        if s & KIND_MASK == DOOR:
            line["open"] = m.door_open(e)
        lines.append(line)
    links = [{"a": [a, DIR_NAMES[da]], "b": [b, DIR_NAMES[db]], "kind": kind} for a, da, b, db, kind in asm.links]
    return {"width": asm.width, "height": asm.height, "assembly": asm.name,
            "sectors": [{"slot": slot, "seat": m.slot_sector[slot], "x": asm.slots[slot][0] * 5,
                         "y": asm.slots[slot][1] * 5, "face": m.faces[m.sector_face[m.slot_sector[slot]]].name,
                         "turn": m.rot[slot]} for slot in range(len(m.slot_sector))],
            "squares": squares, "lines": lines, "links": links}
