"""Damage and death (6e 6, 2): damage after the target's stones; a wizard brought to 0 is
out at once; and, once the event that hurt him has dealt all its damage, the game is
decided and the dead wizards' cards go to the seats whose attacks killed them.

One event may hurt several wizards (a falling wall beside two; a reflected spell, whose
returning half hits its caster after the target's half): `hurt` deals each blow and
nothing more, `settle` then decides, once, what they did, so that a wizard killed by the
same event is never declared the last one standing ("a dead player cannot win, even
posthumously"). `damage` is both, for an event that hurts one wizard.
"""

from __future__ import annotations

from wizarena.core import say

from . import cards, effects, hands, stones, victory
from .state import DISCARD, OVER, R_COMBAT, R_WIN, WizWarState, is_out


def damage(s: WizWarState, seat: int, amount: int, attacker: int, physical: bool, credit: int = -1) -> int:
    """An event that hurts one wizard: `hurt`, then `settle`. Returns what was dealt."""
    dealt = hurt(s, seat, amount, attacker, physical, credit)
    settle(s)
    return dealt


def hurt(s: WizWarState, seat: int, amount: int, attacker: int, physical: bool, credit: int = -1) -> int:
    """Damage after the target's stones; returns what was dealt. `attacker` -1: damage
    that is nobody's attack as it lands (a Trap!, a falling wall, a Slow Death tick), which
    earns no cards unless `credit` names the seat whose attack it still is (Slow Death's
    caster, docs ruling R2). A wizard turned to stone takes none (Medusa). At 0 he is dead
    and out (6e 1) at once; what that decides waits for `settle`."""
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
    if s.life[seat] <= 0 and not is_out(s, seat):
        victory.eliminate(s, seat, "dies")
        s.deaths.append((seat, attacker if attacker >= 0 else credit))
    return amount


def settle(s: WizWarState) -> None:
    """6e 2, once the event's damage is all dealt: each dead wizard's cards go to the seat
    whose attack killed him if that seat still lives, else to the discard pile (ruling R2:
    damage that was nobody's attack earns nothing, and a dead wizard takes nothing); then the
    game is decided on who is left; then a killer over the hand limit discards down to it."""
    if not s.deaths:
        return
    deaths, s.deaths = s.deaths, []
    takers: list[int] = []
    for seat, killer in deaths:
        gained = s.hands[seat]
        s.hands[seat], s.shown[seat] = [], []
        if killer >= 0 and not is_out(s, killer):
            s.hands[killer] += gained
            takers.append(killer)
            if s.log is not None:
                say(s, "win", R_WIN, f"P{killer} made the kill and takes P{seat}'s {len(gained)} card(s)")
                say(s, "win", R_WIN, f"you take {cards.names(gained)}", 1 << killer)
        else:
            s.discard += gained
    if s.phase != OVER:
        victory.check_end(s)
    for killer in takers:
        if s.phase != OVER and s.phase != DISCARD:  # one event has one attacker: one killer at most
            hands.limit(s, killer, s.phase)
