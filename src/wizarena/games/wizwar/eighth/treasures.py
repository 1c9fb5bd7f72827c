"""Treasures in the 8th edition (brief rules 18 and 19, ruling R8-1): picking one up costs
nothing but ends Move & Cast, a wizard carries one at most, and an enemy treasure brought
to one's own home base scores a victory point once: its marker stays on that base, out of
play, so it can never be scored again.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..places import square_name
from . import cards, harm, victory, weather
from .state import DISCARD_AND_DRAW, GRAB_TREASURE, R_PICK_UP, R_SCORED, EighthState

EACH: Final[int] = victory.EACH  # treasures per player: treasure t is seat t // EACH's
GLUE: Final[int] = cards.INDEX["glue"]
GLUE_SQUARE: Final = 10_000   # a Glue lies on a mark: its square times this, plus the thing


def glue_mark(square: int, thing: int) -> int:
    """What a Glue lies on (reaching.py): the square and the thing stuck there (state.py's
    GRAB_TREASURE + the treasure, GRAB_ITEM + the item's card)."""
    return square * GLUE_SQUARE + thing


def glued(s: EighthState, square: int, thing: int) -> bool:
    """Whether a Glue in play sticks `thing` to `square`: no one may pick it up."""
    mark = glue_mark(square, thing)
    return any(card == GLUE and on == mark for spells in s.maintained for card, _, on in spells)


def may_lift(s: EighthState, seat: int) -> bool:
    """Whether `seat`'s wizard may lift a treasure at all now: he carries none, no Gravity
    holds everything down, and no Mad Dash of his bars him until his next turn."""
    return s.carried[seat] < 0 and not weather.in_play(s, weather.GRAVITY) and not s.barred >> seat & 1


def loose_treasures(s: EighthState, square: int) -> list[int]:
    """The treasures lying in `square`, still in play, that no Glue holds."""
    return [t for t, at in enumerate(s.treasure_at)
            if at == square and t not in s.spent and not glued(s, square, GRAB_TREASURE + t)]


def takeable(s: EighthState, seat: int) -> list[int]:
    """The treasures `seat`'s wizard may pick up: those in his square that are still in
    play and not glued, while he may lift one (`may_lift`)."""
    return loose_treasures(s, s.pos[seat]) if may_lift(s, seat) else []


def pick_up(s: EighthState, seat: int, t: int) -> None:
    """He takes treasure `t` (legal: `takeable`); no movement point, and his Move & Cast
    ends there. A golem with a movement point left pays that point instead (Golem Form:
    "Picking up a treasure costs you 1 movement point rather than ending your phase")."""
    s.carried[seat] = t
    s.treasure_at[t] = -1
    golem = seat == s.turn and s.moves > 0 and harm.upon(s, seat, harm.GOLEM_FORM)
    if golem:
        s.moves -= 1
    else:
        s.phase = DISCARD_AND_DRAW
    if s.log is not None:
        say(s, "treasure", R_PICK_UP, f"P{seat} picks up P{t // EACH}'s treasure: "
            + (f"the golem pays a movement point ({s.moves} left)" if golem else "his move and cast end"))


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
