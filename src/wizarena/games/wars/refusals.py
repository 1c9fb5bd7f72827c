"""Why a play is refused, in the player's terms (`Game.why_not`): his hand, his dice and
the rows on the table, all his to see. Never on a hot path: asked only when a person's
choice is refused."""

from __future__ import annotations

from wizarena.core import Action

from .actions import K_DISCARD, K_EQUIP, K_LEFT, K_MULL, K_PLAY, K_RIGHT
from .cards import COST, DISLOYAL, EQUIPMENT, FACES, NAMES, TYPE, UNIT
from .mana import can_expend
from .state import MAIN, MULLIGAN, PHASE_NAMES, R_MANA, R_PLAY, R_START, ROW_SLOTS, WarsState

PLAYS = (K_LEFT, K_RIGHT, K_PLAY, K_EQUIP)
R_ROW = "Wars Ruling R9"  # a row holds at most 16 cards


def why_not(s: WarsState, seat: int, action: Action) -> tuple[str, str] | None:
    """The reason and the rule for a refused play, mulligan or discard, or None."""
    kind, card = action.data[0], action.data[1]
    if kind == K_MULL and s.phase != MULLIGAN:
        return "mulligans are taken before the round's first turn", R_START
    if kind not in PLAYS and kind != K_DISCARD:
        return None
    if s.phase != MAIN:
        return f"cards are played in a turn; this is the {PHASE_NAMES[s.phase]} step", R_PLAY
    if not any(s.card[i] == card for i in s.hand[seat]):
        return f"you hold no {NAMES[card]}", R_PLAY
    if s.did:
        return "you have played or discarded a card this turn already: end the turn", R_PLAY
    if kind == K_DISCARD:
        return "a card is discarded by hand only by a player who can play none", R_PLAY
    cost = COST[card]
    if cost >= 0 and not can_expend(s, seat, cost):
        return f"{NAMES[card]} costs a {FACES[cost]} mana die, and none of yours or the common ones shows it", R_MANA
    if TYPE[card] == EQUIPMENT and not any(TYPE[s.card[u]] == UNIT for u in s.row[seat]):
        return f"{NAMES[card]} is equipment: it needs a unit of yours to go on", R_PLAY
    side = 1 - seat if DISLOYAL[card] else seat
    if TYPE[card] != EQUIPMENT and len(s.row[side]) >= ROW_SLOTS:
        whose = "your opponent's row" if side != seat else "your row"
        return f"{whose} is full ({ROW_SLOTS} cards)", R_ROW
    return None
