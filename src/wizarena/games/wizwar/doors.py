"""Doors on the table (6e 8, and the 8th edition's "Doors"): who may pass a door opened by
a card, and for how long it stays open. Both editions' states carry what these rules
read (labyrinth_state.py), and each edition's profile names the rule they cite. The 6e
doors variant is own_doors.py.

The map keeps each door's state (mapstate.py: locked, opened for one passage, held,
unlocked for good, jammed); this module keeps who holds which door (`s.holding`) and
when an opened door locks again. Our rulings, with their reasons in docs/games/wizwar.md
("Doors"):

- **One passage.** A door opened by a card (Pick Lock, the Master Key) or by its owner in
  the doors variant lets one wizard through and locks behind him (walking.py, forced.py).
- **Holding.** Before anyone has passed, the wizard who opened it may state that he holds
  it (`hold`): then it stays open for everyone, on his turn and on later ones, while he
  stands in one of the two squares beside it. It locks again when he lets go (`let_go`),
  or as soon as he is no longer beside it (he walked away, was pushed, teleported or
  swapped) or is out of the game (`settle`, after every decision). He holds one door at a
  time.
- **Let go (6e ruling R9, 8e ruling R8-33).** A door its holder lets go of stays locked
  until the turn is over: no key, card or hand opens it again this turn. Else the Master
  Key (which stays in hand) could open it, he hold it and let go, round and round, and the
  turn would never end.
- **Left open.** A door opened and neither passed nor held locks again when the opener's
  turn is over (`turn_over`, at the start of the next turn): only Remove Lock keeps a door
  open for good. So an opened door that nobody holds is always the turn's wizard's: no
  other wizard opens doors, and none stays open past a turn.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import vision
from .board import DIR_NAMES
from .labyrinth_state import LabyrinthState
from .mapstate import DOOR, HELD, KIND_MASK, LET_GO, OPENED, UNLOCKED, MapState
from .places import line_name

FLAGS: Final = OPENED | HELD | UNLOCKED


def towards(m: MapState, square: int, d: int) -> int:
    """The door on side `d` of `square` (on either line of a wrap or warp), -1 none."""
    return m.kind_beside(square * 4 + d, DOOR)


def beside(m: MapState, square: int, line: int) -> bool:
    """Whether `line` is on a side of `square`."""
    asm = m.asm
    for i in range(square * 4, square * 4 + 4):
        if asm.side_edge[i] == line or asm.far_edge[i] == line:
            return True
    return False


def holdable(s: LabyrinthState, seat: int) -> list[int]:
    """The directions in which `seat` may state he holds a door: one he opened this turn
    and nobody has passed yet (opened, neither held nor unlocked), on a side of his square.
    Only the turn's wizard has such doors (see the module's rulings)."""
    m = s.map
    if seat != s.turn or s.holding[seat] >= 0 or not m.doors_opened:  # none opened this turn
        return []
    here = s.pos[seat]
    out: list[int] = []
    for d in range(4):
        e = towards(m, here, d)
        if e >= 0 and m.edges[e] & FLAGS == OPENED:
            out.append(d)
    return out


def hold(s: LabyrinthState, seat: int, d: int) -> None:
    """The opener states he holds the door: whoever comes may pass while he stays beside it."""
    e = towards(s.map, s.pos[seat], d)
    s.map.hold_door(e)
    s.holding[seat] = e
    if s.log is not None:
        say(s, "door", s.rules.door_rule, f"P{seat} holds the door on {line_name(s.map.asm, e)} "
            f"({DIR_NAMES[d]} of him) open: others may pass while he stays beside it")


def let_go(s: LabyrinthState, seat: int) -> None:
    """The holder lets go: the door locks again, and stays locked until the turn is over
    (ruling R9 / R8-33: no card or hand opens it again this turn, so that opening, holding
    and letting go cannot go round for ever)."""
    e, s.holding[seat] = s.holding[seat], -1
    _shut(s, e, f"P{seat} lets go of the door on {line_name(s.map.asm, e)}: it locks again, and nothing opens it "
          "again until the turn is over", let_go=True)


def let_go_refusal(s: LabyrinthState, seat: int) -> tuple[str, str] | None:
    """Why a key finds nothing to open beside `seat`, when the reason is a door there that
    was let go of this turn (R9 / R8-33); None otherwise. Each edition's refusals ask it."""
    m = s.map
    for d in range(4):
        e = towards(m, s.pos[seat], d)
        if e >= 0 and m.edges[e] & KIND_MASK == DOOR and m.edges[e] & LET_GO:
            return (f"you let go of the door on {line_name(m.asm, e)} this turn: it stays locked until the turn "
                    "is over", s.rules.let_go_rule)
    return None


def settle(s: LabyrinthState) -> None:
    """A hold ends when its holder is no longer beside the door or is out of the game, and
    is forgotten when the door is no longer held (jammed, destroyed, moved away)."""
    holding = s.holding
    for p in range(len(holding)):
        e = holding[p]
        if e < 0:
            continue
        m = s.map
        if m.edges[e] & KIND_MASK != DOOR or not m.edges[e] & HELD:
            holding[p] = -1
        elif p in s.out or not beside(m, s.pos[p], e):
            holding[p] = -1
            gone = "is out of the game" if p in s.out else "is no longer beside it"
            _shut(s, e, f"P{p} {gone}: the door on {line_name(s.map.asm, e)} he held locks again")


def turn_over(s: LabyrinthState) -> None:
    """The turn is over: every door opened for a passage that nobody took, and not held,
    locks again (its passage is spent); a door let go of this turn may be opened again."""
    m = s.map
    if not m.doors_opened:  # no door was opened or let go of this turn (the common case)
        return
    m.doors_opened = False
    edges = m.edges
    for e in range(len(edges)):
        state = edges[e]
        if state & LET_GO:
            m.reopenable(e)
        if state & KIND_MASK == DOOR and state & FLAGS == OPENED:
            m.pass_door(e)  # the passage it was opened for is spent
            vision.changed(s)
            if s.log is not None:
                say(s, "door", s.rules.door_rule, f"the door on {line_name(s.map.asm, e)} was opened and not passed: "
                    "it locks again as "
                    f"P{s.turn}'s turn is over")


def _shut(s: LabyrinthState, e: int, text: str, let_go: bool = False) -> None:
    """A held door locks again; `let_go`: by its holder's word (the let-go ruling's event)."""
    s.map.release_door(e, let_go)
    vision.changed(s)
    if s.log is not None:
        say(s, "door", s.rules.let_go_rule if let_go else s.rules.door_rule, text)
