"""Why a step, a punch or a cast is refused in Move & Cast, in the player's terms
(`Game.why_not`): his movement points, the walls and doors he sees, his turn's one attack,
the first round, his stun, his own hand. It reads only what the seat may know. Never on a
hot path: asked only when a person's choice is refused."""

from __future__ import annotations

from wizarena.core import Action

from .. import doors
from ..board import DIR_NAMES
from . import cards, keys, moving, turn
from .actions import K_CAST, K_MOVE, K_PUNCH, K_USE
from .casting import SPELLS
from .state import MOVE_AND_CAST, PHASE_NAMES, R_ATTACK, R_FIRST_ROUND, R_MOVE, R_STUN, R_TURN, EighthState


def why_not(s: EighthState, seat: int, action: Action) -> tuple[str, str] | None:
    """The reason and the rule for a refused step, punch or cast, or None."""
    code, card, heading, _ = action.data
    if code == K_USE and card == keys.MASTER_KEY and card in s.items[seat] and not keys.locked_beside(s, seat):
        return doors.let_go_refusal(s, seat)
    if code not in (K_MOVE, K_PUNCH, K_CAST):
        return None
    if s.phase != MOVE_AND_CAST:
        return f"that is done in Move & Cast; now is {PHASE_NAMES[s.phase]}", R_TURN
    if code == K_MOVE:
        if s.moves <= 0:
            return "you have no movement point left (a card with energy boosts your speed once a turn)", R_MOVE
        if s.dazed and s.struck:
            return "you are stunned and have attacked: this turn you may not move as well", R_STUN
        if moving.step_to(s, seat, heading) < 0:
            return f"the way {DIR_NAMES[heading]} is shut: a wall, a locked door, stone or a figure in the way", R_MOVE
        return None
    if code == K_CAST and card not in s.hands[seat]:
        return f"you hold no {cards.NAME[card]}", R_ATTACK
    if code == K_PUNCH or (card in SPELLS and SPELLS[card].attack):
        if s.attacks <= 0:
            return "you have made this turn's attack already (one attack a turn)", R_ATTACK
        if s.round == 1 and turn.FIRST_ROUND_ATTACKS not in s.options:
            return "no one attacks in the first round", R_FIRST_ROUND
        if not turn.may_attack(s, seat):
            return "you are stunned and have moved: this turn you may not attack as well", R_STUN
        if code == K_PUNCH:
            return "no one stands in your square or next to it, with no wall between, to punch", R_ATTACK
    return None
