"""Damage and death (6e 6, 2): damage after the target's stones, and a dead wizard's
cards going to the seat whose attack killed him.
"""

from __future__ import annotations

from wizarena.core import say

from . import cards, effects, hands, stones, victory
from .state import OVER, R_COMBAT, R_WIN, WizWarState


def damage(s: WizWarState, seat: int, amount: int, attacker: int, physical: bool, credit: int = -1) -> int:
    """Damage after the target's stones; returns what was dealt. `attacker` -1: damage
    that is nobody's attack as it lands (a Trap!, a Slow Death tick), which earns no cards
    unless `credit` names the seat whose attack it still is (Slow Death's caster, docs
    ruling R2). A wizard turned to stone takes none (Medusa)."""
    if effects.has(s, seat, effects.PETRIFIED):
        if s.log is not None:
            say(s, "damage", "WW card Medusa", f"P{seat} is stone: no damage gets through")
        return 0
    amount = stones.suffered(s, seat, amount, attacker >= 0, physical)
    if amount <= 0:
        if s.log is not None:
            say(s, "damage", R_COMBAT, f"no damage gets through to P{seat}")
        return 0
    s.life[seat] -= amount
    if s.log is not None:
        kind = "physical" if physical else "magical"
        say(s, "damage", R_COMBAT, f"P{seat} takes {amount} {kind} damage ({s.life[seat]} life left)")
    stones.after_dealing(s, attacker, amount, physical)
    if s.life[seat] <= 0:
        kill(s, seat, attacker if attacker >= 0 else credit)
    return amount


def kill(s: WizWarState, seat: int, killer: int) -> None:
    """6e 2: the dead wizard leaves the game; the seat whose attack killed him takes
    his cards, then discards down to the limit (ruling R2: damage that was nobody's
    attack earns nothing, like the FAQ's second-hand kills)."""
    victory.eliminate(s, seat, "dies")
    if killer >= 0 and killer not in s.out:
        gained = s.hands[seat]
        s.hands[seat], s.shown[seat] = [], []
        s.hands[killer] += gained
        if s.log is not None:
            say(s, "win", R_WIN, f"P{killer} made the kill and takes P{seat}'s {len(gained)} card(s)")
            say(s, "win", R_WIN, f"you take {cards.names(gained)}", 1 << killer)
    else:
        s.discard += s.hands[seat]
        s.hands[seat], s.shown[seat] = [], []
    victory.check_end(s)
    if s.phase != OVER and killer >= 0 and killer not in s.out:
        hands.limit(s, killer, s.phase)
