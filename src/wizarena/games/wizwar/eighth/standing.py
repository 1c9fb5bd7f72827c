"""How well a wizard stands in an 8e game: the estimate computer players judge a position
by (a search cut short, the lookahead agent). Not a rule: nothing here changes the game.

It counts what the edition makes a wizard play for (brief rule 19: victory points, staying
alive) and the means to it: life, an enemy treasure in his hands and its way home, the
nearest enemy treasure still in play, and his cards. The cards are those he may keep: the
draw that ends his turn counts while it is still to come, and what lies over his hand
limit does not, so that ending a turn does not look better than going on only because
the estimate sees the new cards in one position and not yet in the other. A carried
treasure is worth more than the same one at his feet whatever the way home
(CARRYING - STEP * FAR > SEEKING), so he never drops one to look closer to another.
"""

from __future__ import annotations

from typing import Final

from . import treasures, turn
from .state import DISCARD_AND_DRAW, MOVE_AND_CAST, OVER, TIME_PASSES, EighthState

OUT: Final = -30.0       # a wizard who is out
POINT: Final = 12.0      # a victory point (two win)
LIFE: Final = 0.5        # a point of life
CARRYING: Final = 8.0    # an enemy treasure in his hands, less its way home
SEEKING: Final = 1.5     # the nearest enemy treasure lying about, less its distance
STEP: Final = 0.1        # one square of the way
FAR: Final = 40          # the distance counted for a square out of reach
CARD: Final = 0.3        # a card in hand or an item carried


def standing(s: EighthState, seat: int) -> float:
    """The estimate for `seat` (only differences between seats matter)."""
    if seat in s.out:
        return OUT
    cards = len(s.hands[seat]) + len(s.items[seat]) + to_draw(s, seat) - turn.over_limit(s, seat)
    score = POINT * s.points[seat] + LIFE * s.life[seat] + CARD * cards
    here = s.pos[seat]
    ways = s.map.walk_distances(here, FAR)
    t = s.carried[seat]
    if t >= 0 and t // treasures.EACH != seat:
        away = ways[s.map.home_base(seat)]
        return score + CARRYING - STEP * (away if away >= 0 else FAR)
    nearest = FAR
    for t, at in enumerate(s.treasure_at):
        if at >= 0 and t // treasures.EACH != seat and t not in s.spent and 0 <= ways[at] < nearest:
            nearest = ways[at]
    return score + SEEKING - STEP * nearest


def to_draw(s: EighthState, seat: int) -> int:
    """The cards `seat` will still draw this turn and may keep: none unless it is his turn
    and its Discard & Draw is not over, and no more than his hand has room for."""
    if s.turn != seat:
        return 0
    phase = s.phase
    if phase == OVER or (phase != TIME_PASSES and phase != MOVE_AND_CAST and phase != DISCARD_AND_DRAW
                         and s.resume == turn.NEXT):
        return 0
    return max(0, min(turn.draws_allowed(s, seat), turn.limit(s, seat) - turn.held(s, seat)))
