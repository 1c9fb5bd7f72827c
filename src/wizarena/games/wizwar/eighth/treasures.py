"""Treasures in the 8th edition (brief rules 18 and 19, ruling R8-1): picking one up costs
nothing but ends Move & Cast, a wizard carries one at most, and an enemy treasure brought
to one's own home base scores a victory point once: its marker stays on that base, out of
play, so it can never be scored again.
"""

from __future__ import annotations

from wizarena.core import say

from ..places import square_name
from . import victory, weather
from .state import DISCARD_AND_DRAW, R_PICK_UP, R_SCORED, EighthState

EACH = 2  # treasures per player: treasure t is seat t // EACH's


def takeable(s: EighthState, seat: int) -> list[int]:
    """The treasures `seat`'s wizard may pick up: those in his square that are still in
    play, while he carries none."""
    if s.carried[seat] >= 0 or weather.in_play(s, weather.GRAVITY):
        return []
    here = s.pos[seat]
    return [t for t, at in enumerate(s.treasure_at) if at == here and t not in s.spent]


def pick_up(s: EighthState, seat: int, t: int) -> None:
    """He takes treasure `t` (legal: `takeable`); no movement point, and his Move & Cast
    ends there."""
    s.carried[seat] = t
    s.treasure_at[t] = -1
    s.phase = DISCARD_AND_DRAW
    if s.log is not None:
        say(s, "treasure", R_PICK_UP, f"P{seat} picks up P{t // EACH}'s treasure: his move and cast end")


def drop(s: EighthState, seat: int) -> None:
    """He puts the treasure he carries down in his square."""
    t = s.carried[seat]
    s.carried[seat] = -1
    s.treasure_at[t] = s.pos[seat]
    if s.log is not None:
        say(s, "treasure", R_PICK_UP, f"P{seat} drops P{t // EACH}'s treasure on "
            f"{square_name(s.map.asm, s.pos[seat])}")


def arrive(s: EighthState, seat: int) -> None:
    """`seat`'s wizard has come to a square: standing on his own home base with an enemy's
    treasure, he scores it (R8-1)."""
    t = s.carried[seat]
    here = s.pos[seat]
    if t < 0 or t // EACH == seat or here != s.map.home_base(seat):
        return
    s.carried[seat] = -1
    s.treasure_at[t] = here
    s.spent.append(t)
    if s.log is not None:
        say(s, "treasure", R_SCORED, f"P{seat} brings P{t // EACH}'s treasure to his home base: it is spent")
    victory.score(s, seat, f"brings P{t // EACH}'s treasure home")
