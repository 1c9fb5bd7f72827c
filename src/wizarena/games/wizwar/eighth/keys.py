"""What opens a door in the 8th edition (the 8e chapter's "Doors"; brief rule 9): every
door is locked, always; only a card opens one, Pick Lock or the Master Key, for one
passage at no cost in movement, and it locks again once the wizard is through (`passed`)
unless he holds it. Holding a door, letting go, and re-locking when the holder leaves or
the turn ends are the rules both editions share (../doors.py); one's own doors (R8-10) are
moving.step_to's, which asks `own_door`.

Create Door (neutrals.py) makes a door that is its caster's alone: "shut and locked to others, it opens
for you as your home doors do". It stays in play as a permanent creation lying on its
line (state.IN_WALL added when it was cut into a printed wall, so that the wall stands again
when the spell ends: upkeep.spell_ended).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..doors import FLAGS
from ..mapstate import DOOR, KIND_MASK, OPENED
from ..places import line_name
from . import cards
from .spells import LINE, Spell, one_pick
from .state import IN_WALL, R_DOORS, Cast, EighthState

PICK_LOCK: Final[int] = cards.INDEX["pick_lock"]
MASTER_KEY: Final[int] = cards.INDEX["master_key"]
CREATE_DOOR: Final[int] = cards.INDEX["create_door"]


def lines_beside(s: EighthState, square: int) -> list[int]:
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
    return [line for line in lines_beside(s, s.pos[seat])
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


def passed(s: EighthState, lines: tuple[int, ...]) -> None:
    """A figure went through the door on these lines: it locks behind him unless held."""
    m = s.map
    for line in lines:
        if line >= 0 and m.edges[line] & KIND_MASK == DOOR and m.edges[line] & FLAGS == OPENED:
            m.pass_door(line)
            vision.changed(s)
            if s.log is not None:
                say(s, "door", R_DOORS, f"the door on {line_name(m.asm, line)} locks again behind him")


def maker(s: EighthState, line: int) -> int:
    """The seat whose Create Door made the door on `line`, -1 none (a printed door)."""
    for seat in range(s.n):
        for card, _, on in s.maintained[seat]:
            if card == CREATE_DOOR and on % IN_WALL == line:
                return seat
    return -1


def own_door(s: EighthState, line: int, seat: int) -> bool:
    """Whether the door on `line` is `seat`'s own, which is no lock to him (R8-10): one he
    made, or a printed one of his sector's board; a made door is its maker's alone."""
    made = maker(s, line) if s.map.edges[line] & KIND_MASK == DOOR else -1
    return made == seat if made >= 0 else s.map.door_of(line, seat)


SPELLS: Final[dict[int, Spell]] = {
    PICK_LOCK: Spell(LINE, one_pick(locked_beside), _open, attack=False),
}
USES: Final[dict[int, Spell]] = {MASTER_KEY: Spell(LINE, one_pick(locked_beside), _open, attack=False, item=True)}
