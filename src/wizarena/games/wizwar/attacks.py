"""An attack from the blow to its hit (6e 3, 6, 7): the punch, the attack taken, the
secondary effects, reflection's returning halves, an escape, and a caster stunned by his
own reflected Lightning Blast. The answers themselves are combat.py's.
"""

from __future__ import annotations

from wizarena.core import say

from . import cards, combat, forced, hands, harm, spellcraft, stones, turn
from .places import square_name
from .state import ENDING, FORCED, OVER, R_COUNTER, TURN, WINDOW, WizWarState, is_out, mark_played, one_of


def punch(s: WizWarState, seat: int, target: int) -> None:
    s.attacked = True
    s.phase = WINDOW
    combat.attack(s, seat, target, combat.PUNCH, -1)


def take_it(s: WizWarState) -> None:
    if s.log is not None:
        say(s, "attack", R_COUNTER, f"P{s.window[1]} takes it: the attack hits")
    attacker, target, card, strength, cast = combat.hit(s)
    s.window, s.chain = (-1, -1, -1, -1, 0, 0), []
    s.phase = TURN if not s.ended else ENDING
    if one_of(card, forced.HITS):  # forced moves: their effect is the hit (Waterbolt's bumps hurt)
        bumps = forced.hit(s, attacker, card, target, strength)
        if bumps > 0:
            harm.hurt(s, target, bumps, attacker, True)
        if s.phase != FORCED:  # a forced walk first (Go Away): a returning half waits for it (game.apply)
            send_back(s)
            if card == forced.DROP_OBJECT and s.phase != OVER and not is_out(s, target):
                hands.limit(s, target, s.phase)  # 6e 3: a Brainstone knocked out takes its higher limit
        return
    # the hit is dealt; what it decides waits until its returning halves have landed (send_back)
    dealt = harm.hurt(s, target, strength, attacker, combat.physical(card)) if combat.damaging(card) else 0
    combat.secondary(s, attacker, card, target, dealt, strength, cast)
    send_back(s)
    if s.phase == OVER:
        return
    if card == combat.THOUGHT_STEAL:
        hands.limit(s, attacker, s.phase)
    if card == combat.LIGHTNING and dealt > 0 and target == s.turn and not is_out(s, target):
        stunned_now(s, target)


def stunned_now(s: WizWarState, seat: int) -> None:
    """A Lightning Blast reflected back at the turn's own wizard: he loses the rest of
    this turn, his draw included (rules reference 3, 12)."""
    if s.log is not None:
        say(s, "attack", "WW card Lightning Blast", f"P{seat} is stunned by his own spell: he loses the rest "
            "of this turn, his draw included")
    if s.phase in (TURN, ENDING) and not s.reflected:
        turn.end_turn(s, seat, 0)
    else:  # a half reflected again is still in the air: nothing more this turn but the draw
        s.ended, s.moves = True, 0


def send_back(s: WizWarState) -> None:
    """Reflection: when a window closes, the next returning half opens its own. When none
    is left the attack is over, and only then is what its damage did decided (harm.settle,
    6e 2): a target killed by his half does not make the caster the last wizard standing
    before the caster's own half has come back at him."""
    while s.reflected:
        if s.phase == OVER:
            s.reflected = []
            return
        if combat.send_back(s):
            s.phase = WINDOW
            return
    harm.settle(s)


def escape_to(s: WizWarState, seat: int, card: int, to: int) -> None:
    """Blink or Teleport to `to`: an escape from the attack in the air, or a neutral on
    one's own turn."""
    if s.phase == WINDOW:
        combat.escape(s, seat, card)
        s.window = (-1, -1, -1, -1, 0, 0)
        s.phase = TURN if not s.ended else ENDING
        send_back(s)
    else:
        s.hands[seat].remove(card)
        stones.forget(s, seat)
        s.discard.append(card)
        mark_played(s, seat, card)
        s.walked = True
        spellcraft.record(s, seat, card)
    s.pos[seat] = to
    if s.log is not None:
        verb = "blinks" if card == combat.BLINK else "teleports"
        say(s, "move", f"WW card {cards.NAME[card]}", f"P{seat} {verb} to {square_name(s.map.asm, to)}")
