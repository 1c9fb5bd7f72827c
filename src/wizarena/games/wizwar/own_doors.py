"""The doors variant of the 6th edition (6e 11): a wizard opens a door of his own sector
(one that touches his sector, a door on a junction included) without a card, on his turn,
as often as he likes: it is opened as by a key, for one passage, and he may hold it
(doors.py). Jam Lock beats it as it beats every key. docs/games/wizwar.md, "Doors"."""

from __future__ import annotations

from wizarena.core import say

from . import vision
from .doors import towards
from .places import line_name
from .state import R_VARIANTS, WizWarState


def openable(s: WizWarState, seat: int) -> list[int]:
    """The doors variant: the directions in which `seat` may open a door of his own sector
    without a key (locked, not jammed)."""
    m = s.map
    if not m.own_doors:
        return []
    here = s.pos[seat]
    out: list[int] = []
    for d in range(4):
        e = towards(m, here, d)
        if e >= 0 and not m.check_open_door(e) and m.may_open_without_key(e, seat):
            out.append(d)
    return out


def open_own(s: WizWarState, seat: int, d: int) -> None:
    e = towards(s.map, s.pos[seat], d)
    s.map.open_door(e)
    vision.changed(s)
    if s.log is not None:
        say(s, "door", R_VARIANTS, f"P{seat} opens the door on {line_name(s.map.asm, e)} of his own sector without a "
            "key, for one "
            "passage (doors variant)")
