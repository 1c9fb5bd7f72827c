"""Illusion Wall: a wall section that is not there, believed or not by each wizard.

The card is cast face up like every neutral, so the whole table knows the line holds an
illusion wall (mapstate's ILLUSION kind). What is private is each wizard's *belief*: the
first time a wizard other than its caster sees it he rolls the d4 (6e 10): 1-2 he believes
it and treats it as a real wall (he cannot walk through it, and may destroy it as a wall),
3-4 he may walk through it. The table sees that he rolled; only he reads the result. The
table learns what he believed only from what he does: walking through it, or casting
Destroy Wall on it (after which it is gone for him alone). It always blocks line of sight,
for everyone (sight.py treats it as a wall).

When a wizard "sees it" (our ruling): when it is created, every other living wizard with the
line in his sight rolls at once; afterwards the wizard whose turn it is rolls, after each
thing done in the game (the start of his turn included), for every illusion wall he has not
rolled for whose line is in his sight or on a side of his square. A wizard moved out of his
turn rolls at the start of his next turn.

Each illusion wall has an id, kept in its line's hit points (an illusion has none), so it
keeps its id when Rotate or Relocate Sector carries the line away. A seat's beliefs are
`s.belief[seat]`, entries `id << 3 | state`.
"""

from __future__ import annotations

import random
from typing import Final

from wizarena.core import others, say

from . import cards, vision
from .board import Assembly
from .mapstate import ILLUSION, KIND_MASK
from .places import line_name
from .state import R_DIE, WizWarState, is_out, one_of

ILLUSION_WALL: Final[int] = cards.INDEX["illusion_wall"]
R_CARD: Final = "WW card Illusion Wall"

BELIEVES: Final = 1   # rolled 1-2: a real wall to him
DOUBTS: Final = 2     # rolled 3-4: he may walk through
KNOWS: Final = 3      # its caster
GONE: Final = 4       # he believed it and destroyed it: gone for him alone (public: he cast Destroy Wall)
WALKED: Final = 5     # he doubted it and walked through it, in everyone's sight
STATE_NAMES: Final = ("", "believed", "doubted", "known false", "destroyed for him", "walked through")
PRIVATE: Final[tuple[int, ...]] = (BELIEVES, DOUBTS)  # what only the roller knows


def state_of(s: WizWarState, seat: int, wall: int) -> int:
    for entry in s.belief[seat]:
        if entry >> 3 == wall:
            return entry & 7
    return 0


def _set(s: WizWarState, seat: int, wall: int, state: int) -> None:
    row = s.belief[seat]
    for k, entry in enumerate(row):
        if entry >> 3 == wall:
            row[k] = wall << 3 | state
            return
    row.append(wall << 3 | state)


def walls(s: WizWarState) -> list[int]:
    """The lines that hold an illusion wall now (the caller only reads the list)."""
    return s.sight.illusions


def create(s: WizWarState, seat: int, line: int) -> None:
    """The illusion rises: its caster knows it, the others in sight of it roll at once."""
    m = s.map
    m.create_edge(line, ILLUSION)
    vision.changed(s)
    wall = 1 + max((entry >> 3 for row in s.belief for entry in row), default=0)
    m.hp[line] = wall
    _set(s, seat, wall, KNOWS)
    if s.log is not None:
        say(s, "map", R_CARD, f"an illusion wall rises on line {line_name(s.map.asm, line)}")
    for k in range(1, s.n):
        p = (seat + k) % s.n
        if not is_out(s, p):
            notice(s, p)


def notice(s: WizWarState, seat: int) -> None:
    """`seat` rolls for each illusion wall he sees for the first time (see the module)."""
    if is_out(s, seat):
        return
    m = s.map
    here = s.pos[seat]
    for e in walls(s):
        wall = m.hp[e]
        if state_of(s, seat, wall):
            continue
        if not vision.sees_edge(s, here, e) and not _beside(m.asm, here, e):
            continue
        face = s.rng.below(4) + 1
        believes = face <= 2
        _set(s, seat, wall, BELIEVES if believes else DOUBTS)
        if s.log is not None:
            say(s, "die", R_DIE, f"P{seat} sees the illusion wall on line {line_name(s.map.asm, e)} and rolls the die",
                others(seat))
            say(s, "die", R_CARD, f"you see the illusion wall on line {line_name(s.map.asm, e)} and roll {face}: "
                + ("you believe it, a real wall to you" if believes else "you may walk through it"), 1 << seat)


def _beside(asm: Assembly, square: int, line: int) -> bool:
    """Whether `line` is on a side of `square` (either line of a wrap or warp)."""
    for i in range(square * 4, square * 4 + 4):
        if asm.side_edge[i] == line or asm.far_edge[i] == line:
            return True
    return False


def stops(s: WizWarState, seat: int, square: int, direction: int) -> bool:
    """Whether a wall `seat` believes in stands on the way out of `square` heading `d`."""
    m = s.map
    i = square * 4 + direction
    e = m.asm.side_edge[i]
    if e >= 0 and m.edges[e] & KIND_MASK == ILLUSION and state_of(s, seat, m.hp[e]) == BELIEVES:
        return True
    e = m.asm.far_edge[i]
    return e >= 0 and m.edges[e] & KIND_MASK == ILLUSION and state_of(s, seat, m.hp[e]) == BELIEVES


def crossing(s: WizWarState, seat: int, square: int, direction: int) -> None:
    """`seat` walks out of `square` heading `d`: through an illusion wall, all see it."""
    m = s.map
    i = square * 4 + direction
    for e in (m.asm.side_edge[i], m.asm.far_edge[i]):
        if e >= 0 and m.edges[e] & KIND_MASK == ILLUSION:
            wall = m.hp[e]
            if state_of(s, seat, wall) in (DOUBTS, 0):
                _set(s, seat, wall, WALKED)
            if s.log is not None:
                say(s, "move", R_CARD, f"P{seat} walks through the illusion wall on line {line_name(s.map.asm, e)}")


def destroyable(s: WizWarState, seat: int, line: int) -> bool:
    """A believer may attack it as a wall (Destroy Wall)."""
    m = s.map
    return m.edges[line] & KIND_MASK == ILLUSION and state_of(s, seat, m.hp[line]) == BELIEVES


def destroyed(s: WizWarState, seat: int, line: int) -> None:
    """Gone for the believer who destroyed it, standing for everyone else; nothing falls."""
    _set(s, seat, s.map.hp[line], GONE)
    if s.log is not None:
        say(s, "map", R_CARD, f"the illusion wall on line {line_name(s.map.asm, line)} is gone for P{seat} alone; "
            "it stands for the others, and nothing falls on anyone")


def seen_by(s: WizWarState, seat: int) -> list[dict[str, object]]:
    """What `seat` holds of each illusion wall standing (for its view)."""
    m = s.map
    return [{"line": e, "belief": STATE_NAMES[state_of(s, seat, m.hp[e])] or "not seen yet"} for e in walls(s)]


def redeal(s: WizWarState, player: int, rng: random.Random) -> None:
    """determinize: the other seats' unrevealed rolls are unknown to `player`: rolled again."""
    for seat in range(s.n):
        if seat == player:
            continue
        row = s.belief[seat]
        for k, entry in enumerate(row):
            if one_of(entry & 7, PRIVATE):
                row[k] = (entry >> 3) << 3 | (BELIEVES if rng.random() < 0.5 else DOUBTS)
