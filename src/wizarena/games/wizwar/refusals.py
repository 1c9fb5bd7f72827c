"""Why a walk, an attack, a treasure or a card is refused on a 6e turn, in the player's
terms (`Game.why_not`): his turn and its phase, the squares left to walk, the walls he
sees, the turn's one attack, the first round, his line of sight, his own hand. It reads
only what the seat may know. Never on a hot path: asked only when a person's choice is
refused (a square that does not exist is text.py's, which reads the typed words)."""

from __future__ import annotations

from wizarena.core import Action

from . import cards, doors, effects, neutrals, stones, treasures
from .actions import K_BOOST, K_CAST, K_DISCARD, K_DROP, K_MOVE, K_PICK_UP, K_PUNCH, K_USE_KEY, K_WIELD
from .board import DIR_NAMES
from .state import (
    ENDING,
    PHASE_NAMES,
    R_COMBAT,
    R_MAP,
    R_MOVE,
    R_NUMBER,
    R_TREASURE,
    R_TURN,
    TURN,
    WizWarState,
    is_out,
)

ON_ONE_S_TURN = (K_MOVE, K_BOOST, K_PUNCH, K_CAST, K_WIELD, K_PICK_UP, K_DROP)
ATTACKS = (K_PUNCH, K_CAST, K_WIELD)


def why_not(s: WizWarState, seat: int, action: Action) -> tuple[str, str] | None:
    """The reason and the rule for a refused walk, boost, attack, treasure or discard, or
    None when there is nothing more to say than that it is not on offer."""
    code, card, a, _ = action.data
    if code == K_USE_KEY:
        return _key(s, seat)
    if code not in ON_ONE_S_TURN and code != K_DISCARD:
        return None
    if code == K_DISCARD:
        if card not in s.hands[seat]:
            return f"you hold no {cards.NAME[card]}", R_TURN
        return None
    if s.phase == ENDING:
        return "your turn is ending: after picking up a treasure only ending the turn is left", R_TURN
    if s.phase != TURN:
        return f"that is done on your own turn; now is the {PHASE_NAMES[s.phase]}", R_TURN
    if effects.has(s, seat, effects.PETRIFIED):
        return "you are turned to stone (Medusa): a statue only ends his turn", R_TURN
    if code == K_MOVE:
        if s.moves <= 0:
            return "you have no squares left to walk this turn (a NUMBER card walks you farther, once)", R_MOVE
        if effects.step_to(s, seat, a) < 0:
            return f"the way {DIR_NAMES[a]} is shut: a wall, a closed door or stone stands there", R_MOVE
        return None
    if code == K_BOOST:
        if s.boosted:
            return "you have walked farther with a NUMBER card this turn already (once a turn)", R_NUMBER
        return None
    if code in ATTACKS:
        return _attack(s, seat, code, card, a)
    if code == K_PICK_UP:
        if s.carried[seat] >= 0:
            return "you carry a treasure already: one at a time", R_TREASURE
        if treasures.treasure_here(s, s.pos[seat]) < 0:
            return "there is no treasure in your square", R_TREASURE
        return None
    if s.carried[seat] < 0:  # K_DROP
        return "you carry no treasure", R_TREASURE
    return None


def _key(s: WizWarState, seat: int) -> tuple[str, str] | None:
    """The Master Key finds no door to open: one beside him was let go of this turn (R9)."""
    if neutrals.MASTER_KEY not in s.hands[seat] or neutrals.has_target(s, seat, neutrals.MASTER_KEY):
        return None
    return doors.let_go_refusal(s, seat)


def _attack(s: WizWarState, seat: int, code: int, card: int, target: int) -> tuple[str, str] | None:
    if s.attacked:
        return "you have made this turn's attack already (one attack a turn)", R_COMBAT
    if s.round <= 1:
        return "no one attacks in the first round of turns", R_TURN
    if code != K_PUNCH and card not in s.hands[seat]:
        return f"you hold no {cards.NAME[card]}", R_COMBAT
    if not 0 <= target < s.n or target == seat or is_out(s, target):
        return f"there is no wizard P{target} to attack", R_COMBAT
    if code == K_PUNCH and s.pos[target] != s.pos[seat]:
        return f"P{target} is not in your square: a punch reaches your own square only", R_COMBAT
    if code == K_CAST and not stones.spell_sight(s, seat, s.pos[seat], s.pos[target]):
        return f"P{target} is not in your line of sight", R_MAP
    return None
