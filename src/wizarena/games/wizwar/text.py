"""The labyrinth as a text map for the terminal (interpreted, never on a hot path).

Each square is three characters between corner marks `+`. Lines: `---` / `|` a wall,
`=D=` / `D` a closed door, ` d ` / `d` an open one, `~~~` / `~` a firewall, `...` / `:`
an illusion wall. In a square: `H0` the home base of seat 0's sector, `t` a treasure
mark, `###` solid stone, `***` a thornbush; tokens the caller passes (wizards, objects,
treasures) are written over the square, three characters at most.
"""

from __future__ import annotations

from .board import HOME, TREASURE
from .mapstate import BUSH, DOOR, FIREWALL, ILLUSION, OPEN, STONE, WALL, MapState

_H = {OPEN: "   ", WALL: "---", FIREWALL: "~~~", ILLUSION: "..."}
_V = {OPEN: " ", WALL: "|", FIREWALL: "~", ILLUSION: ":"}


def _h(m: MapState, e: int) -> str:
    k = m.kind(e)
    if k == DOOR:
        return " d " if m.door_open(e) else "=D="
    return _H[k]


def _v(m: MapState, e: int) -> str:
    k = m.kind(e)
    if k == DOOR:
        return "d" if m.door_open(e) else "D"
    return _V[k]


def _square(m: MapState, sq: int, tokens: dict[int, str]) -> str:
    if sq in tokens:
        return tokens[sq][:3].center(3)
    if m.cells[sq] & STONE:
        return "###"
    if m.cells[sq] & BUSH:
        return "***"
    if m.kinds[sq] == HOME:
        return f"H{m.sector_of(sq)} "
    if m.kinds[sq] == TREASURE:
        return " t "
    return "   "


def _near(m: MapState, x: int, y: int) -> bool:
    asm = m.asm
    return 0 <= x < asm.width and 0 <= y < asm.height and asm.at[y * asm.width + x] >= 0


def text_map(m: MapState, tokens: dict[int, str] | None = None) -> str:
    """The whole labyrinth, north at the top, one text line per line of the grid."""
    asm = m.asm
    tokens = tokens or {}
    w, h = asm.width, asm.height
    out: list[str] = []
    for y in range(h + 1):
        row = []
        for x in range(w + 1):
            row.append("+" if _near(m, x - 1, y - 1) or _near(m, x, y - 1) or _near(m, x - 1, y) or _near(m, x, y)
                       else " ")
            if x < w:
                row.append(_h(m, y * w + x) if _near(m, x, y - 1) or _near(m, x, y) else "   ")
        out.append("".join(row).rstrip())
        if y == h:
            break
        row = []
        for x in range(w + 1):
            left = asm.at[y * w + x - 1] if x > 0 else -1
            here = asm.at[y * w + x] if x < w else -1
            e = asm.h_edges + y * (w + 1) + x
            row.append(_v(m, e) if left >= 0 or here >= 0 else " ")
            if x < w:
                row.append(_square(m, here, tokens) if here >= 0 else "   ")
        out.append("".join(row).rstrip())
    return "\n".join(out)


def sector_names(m: MapState) -> list[str]:
    """Which printed face lies in each slot, and how it is turned."""
    return [f"slot {slot}: seat {m.slot_sector[slot]}'s sector, {m.faces[m.sector_face[m.slot_sector[slot]]].name},"
            f" turned {90 * m.rot[slot]} degrees" for slot in range(len(m.slot_sector))]
