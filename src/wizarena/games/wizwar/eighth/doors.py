"""Doors in the 8th edition (the 8e chapter's "Doors"; brief rule 9; ruling R8-10): every
door is locked, always; only a card opens one (Pick Lock, the Master Key). Opening and
passing cost no movement. It locks again once the wizard is through, and while it stands
open he may cast through it without passing. Nobody follows him unless he holds it open,
and it shuts and locks the moment he is no longer beside it. One's own doors (R8-10) are
moving.step_to's.

The map keeps each door's state (mapstate.py: opened for one passage, held); this module
keeps who holds which door (`s.holding`), and when an opened door locks again:

- after a passage through it (`passed`), unless it is held;
- when its holder is no longer beside it or is out (`settle`, after every move and event);
- when the turn that opened it is over, if nobody passed or held it (`turn_over`).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..board import DIR_NAMES
from ..mapstate import DOOR, HELD, KIND_MASK, OPENED, UNLOCKED
from ..places import line_name
from . import cards
from .spells import LINE, Spell, one_pick
from .state import R_DOORS, Cast, EighthState

PICK_LOCK: Final[int] = cards.INDEX["pick_lock"]
MASTER_KEY: Final[int] = cards.INDEX["master_key"]
FLAGS: Final = OPENED | HELD | UNLOCKED


def beside(s: EighthState, square: int) -> list[int]:
    """The lines on the sides of `square` (both lines of a wrap or portal), by heading."""
    asm = s.map.asm
    out: list[int] = []
    for i in range(square * 4, square * 4 + 4):
        for line in (asm.side_edge[i], asm.far_edge[i]):
            if line >= 0 and line not in out:
                out.append(line)
    return out


def locked_beside(s: EighthState, seat: int) -> list[int]:
    """The doors next to `seat`'s wizard that a card may open: shut and not sealed."""
    m = s.map
    return [line for line in beside(s, s.pos[seat])
            if m.edges[line] & KIND_MASK == DOOR and not m.check_open_door(line)]


def _open(s: EighthState, cast: Cast) -> None:
    """The door opens for one passage (Pick Lock, the Master Key, which stays carried)."""
    line = cast.aims[0]
    s.map.open_door(line)
    vision.changed(s)
    if cast.item:
        s.items[cast.seat].append(cast.card)
    if s.log is not None:
        say(s, "door", R_DOORS, f"P{cast.seat} opens the door on {line_name(s.map.asm, line)} with "
            f"{cards.NAME[cast.card]}: one passage, and he may hold it")


def holdable(s: EighthState, seat: int) -> list[int]:
    """The headings of doors `seat` may hold open now: opened, not yet held or passed, on a
    side of his square, while he holds none."""
    if s.holding[seat] >= 0:
        return []
    m = s.map
    asm = m.asm
    here = s.pos[seat]
    out: list[int] = []
    for heading in range(4):
        i = here * 4 + heading
        for line in (asm.side_edge[i], asm.far_edge[i]):
            if line >= 0 and m.edges[line] & KIND_MASK == DOOR and m.edges[line] & FLAGS == OPENED:
                out.append(heading)
                break
    return out


def hold(s: EighthState, seat: int, heading: int) -> None:
    """He holds the door on that side open: whoever comes may pass while he stays beside it."""
    asm = s.map.asm
    i = s.pos[seat] * 4 + heading
    line = next(e for e in (asm.side_edge[i], asm.far_edge[i]) if e >= 0 and s.map.edges[e] & KIND_MASK == DOOR)
    s.map.hold_door(line)
    s.holding[seat] = line
    if s.log is not None:
        say(s, "door", R_DOORS, f"P{seat} holds the door {DIR_NAMES[heading]} of him open")


def let_go(s: EighthState, seat: int) -> None:
    """He lets go of the door he holds: it shuts and locks."""
    line, s.holding[seat] = s.holding[seat], -1
    _shut(s, line, f"P{seat} lets go of the door on {line_name(s.map.asm, line)}: it locks again")


def passed(s: EighthState, lines: tuple[int, ...]) -> None:
    """A figure went through the door on these lines: it locks behind him unless held."""
    m = s.map
    for line in lines:
        if line >= 0 and m.edges[line] & KIND_MASK == DOOR and m.edges[line] & FLAGS == OPENED:
            m.pass_door(line)
            vision.changed(s)
            if s.log is not None:
                say(s, "door", R_DOORS, f"the door on {line_name(m.asm, line)} locks again behind him")


def settle(s: EighthState) -> None:
    """A hold ends when its holder is no longer beside the door or is out."""
    for seat in range(s.n):
        line = s.holding[seat]
        if line < 0:
            continue
        if s.map.edges[line] & KIND_MASK != DOOR or not s.map.edges[line] & HELD:
            s.holding[seat] = -1
        elif seat in s.out or line not in beside(s, s.pos[seat]):
            s.holding[seat] = -1
            _shut(s, line, f"P{seat} is no longer beside the door on {line_name(s.map.asm, line)}: it locks again")


def turn_over(s: EighthState) -> None:
    """The turn is over: a door opened and neither passed nor held locks again."""
    m = s.map
    if not m.doors_opened:
        return
    m.doors_opened = False
    for line in range(len(m.edges)):
        if m.edges[line] & KIND_MASK == DOOR and m.edges[line] & FLAGS == OPENED:
            m.pass_door(line)
            vision.changed(s)
            if s.log is not None:
                say(s, "door", R_DOORS, f"the door on {line_name(m.asm, line)} was opened and not passed: it locks "
                    "again as the turn ends")


def _shut(s: EighthState, line: int, text: str) -> None:
    s.map.release_door(line)
    vision.changed(s)
    if s.log is not None:
        say(s, "door", R_DOORS, text)


SPELLS: Final[dict[int, Spell]] = {PICK_LOCK: Spell(LINE, one_pick(locked_beside), _open, attack=False)}
USES: Final[dict[int, Spell]] = {MASTER_KEY: Spell(LINE, one_pick(locked_beside), _open, attack=False, item=True)}
