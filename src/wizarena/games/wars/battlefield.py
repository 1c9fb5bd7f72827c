"""The battlefield: each player's row of units and emplacements, equipment behind units,
and what happens to cards on it (Wars Clarifications, Wars Keywords).

A card's side is the row it sits on, which counts for that side's score; a card whose
side is not its owner's is upside down (played disloyally, or seized) and goes to the
opposite graveyard, the one of the side it sat on, when it leaves (Wars Clarifications).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .cards import (
    ABILITIES,
    ARMOR,
    BY_TRIGGER,
    DOOMED,
    IMMUNE,
    INNATE,
    INVISIBLE,
    LIQUOR,
    LOCKED,
    NAMES,
    ON_DESTROYED,
    ON_HARMONY,
    ON_IMBIBE,
    ON_OVERKILL,
    PLUNDER,
    POISON,
    POWER,
    PROTECTOR,
    RACES,
    STALWART,
    STATUSES,
    TALL,
    TYPE,
    UNIT,
    VETERAN,
)
from .state import R_CLAR, R_LIFE, R_TYPES, SPAWN_ANY, WarsState, kw

GRAVE: Final = 0
BANISH: Final = 1


def name(s: WarsState, i: int) -> str:
    return NAMES[s.card[i]]


def where(s: WarsState, i: int) -> str:
    """'Stone Golem (P1 slot 3)': a card on the battlefield as the table names it."""
    p = s.side[i]
    if p < 0:
        return name(s, i)
    h = s.host[i]
    if h >= 0:
        return f"{name(s, i)} (on P{p} slot {s.row[p].index(h) + 1})"
    return f"{name(s, i)} (P{p} slot {s.row[p].index(i) + 1})"


def locked(s: WarsState, i: int) -> bool:
    return s.status[i] & LOCKED != 0


def armor(s: WarsState, u: int) -> int:
    a = ARMOR[s.card[u]]
    p = s.side[u]
    if p >= 0:
        for e in s.gear[p]:
            if s.host[e] == u:
                a += ARMOR[s.card[e]]
    return a


def base_power(s: WarsState, u: int) -> int:
    """Power before damage: printed, plus boosts, equipment, Tall counters and Veteran."""
    c = s.card[u]
    v = POWER[c] + s.boost[u]
    if not s.status[u] & LOCKED:
        if TALL[c]:
            v += s.counters[u]
        if VETERAN[c]:
            v += VETERAN[c] * (s.round - 1)
    p = s.side[u]
    if p >= 0:
        for e in s.gear[p]:
            if s.host[e] == u:
                v += POWER[s.card[e]]
    return v if v > 0 else 0


def full_toughness(s: WarsState, u: int) -> int:
    """The damage a unit can take, undamaged: its power plus its armor, equipment included."""
    return base_power(s, u) + armor(s, u)


def toughness(s: WarsState, u: int) -> int:
    """Toughness: "a unit's power plus its armor" (Wars Keywords/Toughness X) as they are now:
    damage wears the armor away, then the power (ruling R2), so a damaged unit is less tough."""
    left = full_toughness(s, u) - s.damage[u]
    return left if left > 0 else 0


def power(s: WarsState, u: int) -> int:
    """The power a unit scores now: damage first wears its armor away, then its power (ruling R2)."""
    v = base_power(s, u)
    hurt = s.damage[u] - armor(s, u)
    if hurt > 0:
        v -= hurt
    return v if v > 0 else 0


def score(s: WarsState, p: int) -> int:
    """p's score now: the power of its units plus its points (ruling R25). Asked for every
    observation and every heuristic, so with no equipment on the battlefield (the usual
    case) it sums `power` in one pass, without the two scans for equipment per unit."""
    total = s.points[p]
    if s.gear[0] or s.gear[1]:
        for u in s.row[p]:
            if TYPE[s.card[u]] == UNIT:
                total += power(s, u)
        return total
    card, boost, status, counters, damage = s.card, s.boost, s.status, s.counters, s.damage
    rounds = s.round - 1
    for u in s.row[p]:
        c = card[u]
        if TYPE[c] != UNIT:
            continue
        v = POWER[c] + boost[u]  # base_power
        if not status[u] & LOCKED:
            if TALL[c]:
                v += counters[u]
            if VETERAN[c]:
                v += VETERAN[c] * rounds
        if v < 0:
            v = 0
        hurt = damage[u] - ARMOR[c]  # power: damage wears the armor away first
        if hurt > 0:
            v -= hurt
        if v > 0:
            total += v
    return total


def protected(s: WarsState, u: int) -> bool:
    """A unit next to a protector cannot be targeted by its opponent; a protector itself
    cannot be protected (Wars Keywords/Protector)."""
    if s.status[u] & PROTECTOR:
        return False
    row = s.row[s.side[u]]
    k = row.index(u)
    return (k > 0 and s.status[row[k - 1]] & PROTECTOR != 0) or (k + 1 < len(row)
                                                                 and s.status[row[k + 1]] & PROTECTOR != 0)


def enemy_targetable(s: WarsState, u: int, bypass: bool) -> bool:
    """May an opponent aim at u? Invisible and protected units cannot be targeted, except
    by what bypasses them (Assassinate; Purify for invisibility)."""
    if bypass:
        return True
    return not s.status[u] & INVISIBLE and not protected(s, u)


def reset(s: WarsState, i: int) -> None:
    s.side[i] = -1
    s.tapped[i] = False
    s.damage[i] = 0
    s.counters[i] = 0
    s.status[i] = 0
    s.bounty[i] = 0
    s.boost[i] = 0
    s.host[i] = -1


def new_instance(s: WarsState, card: int, owner: int) -> int:
    """A card introduced to the game (Wars Keywords/Create): a new instance everywhere."""
    i = len(s.card)
    s.card.append(card)
    s.owner.append(owner)
    s.side.append(-1)
    s.tapped.append(False)
    s.damage.append(0)
    s.counters.append(0)
    s.status.append(0)
    s.bounty.append(0)
    s.boost.append(0)
    s.host.append(-1)
    s.arrived.append(0)
    return i


def enter(s: WarsState, i: int, side: int, left: bool, by: int) -> None:
    """A unit or emplacement arrives at an end of `side`'s row (played or summoned by
    player `by`): its own statuses apply, and Harmony may trigger."""
    c = s.card[i]
    row = s.row[side]
    if left:
        row.insert(0, i)
    else:
        row.append(i)
    s.side[i] = side
    s.status[i] = INNATE[c]
    s.arrived[i] = s.turn_no
    if TYPE[c] == UNIT and side == by:
        races = RACES[c]
        for u in row:
            if u != i and TYPE[s.card[u]] == UNIT:
                races &= ~RACES[s.card[u]]
        if races:
            trigger_row(s, side, ON_HARMONY, i)


def attach(s: WarsState, e: int, u: int) -> None:
    """Equipment goes behind its unit; a Liquor makes the unit's Imbibe trigger."""
    p = s.side[u]
    s.gear[p].append(e)
    s.side[e] = p
    s.host[e] = u
    s.status[e] = INNATE[s.card[e]]
    s.arrived[e] = s.turn_no
    if s.log is not None:
        c = s.card[e]
        gives = ", ".join(f"{v:+d} {what}" for v, what in ((POWER[c], "power"), (ARMOR[c], "armor")) if v)
        say(s, "equip", R_TYPES, f"P{p} attaches {name(s, e)} to {where(s, u)}" + (f": {gives}" if gives else ""))
    if LIQUOR[s.card[e]] and not s.status[u] & LOCKED:
        for k in BY_TRIGGER[ON_IMBIBE][s.card[u]]:
            s.queue.append((u, p, s.card[u], k, 0))


def trigger_row(s: WarsState, p: int, on: int, skip: int = -1) -> None:
    """Queue the `on` abilities of p's cards, left to right, each unit's equipment after it;
    locked cards do not act (Wars Keywords/Locked)."""
    table = BY_TRIGGER[on]
    for i in s.row[p]:
        if i == skip:
            continue
        c = s.card[i]
        if table[c] and not s.status[i] & LOCKED:
            for k in table[c]:
                s.queue.append((i, p, c, k, 0))
        for e in s.gear[p]:
            if s.host[e] == i:
                ce = s.card[e]
                if table[ce] and not s.status[e] & LOCKED:
                    for k in table[ce]:
                        s.queue.append((e, p, ce, k, 0))


def leave(s: WarsState, i: int, dest: int, rule: str) -> None:
    """Take a card off the battlefield to the graveyard or the banish pile. Doomed cards
    are banished; upside-down cards go to the opposite graveyard; a unit's equipment goes
    to the graveyard with it (Wars Card Types, Wars Clarifications, Wars Keywords/Doomed)."""
    p = s.side[i]
    if s.host[i] >= 0:
        s.gear[p].remove(i)
    else:
        s.row[p].remove(i)
        for e in [e for e in s.gear[p] if s.host[e] == i]:
            leave(s, e, GRAVE, R_TYPES)
    if s.status[i] & DOOMED:
        dest = BANISH
        rule = kw("Doomed")
    reset(s, i)
    if dest == BANISH:
        s.banished.append(i)
        if s.log is not None:
            say(s, "banish", rule, f"{name(s, i)} is banished")
        return
    if s.owner[i] != p:
        s.owner[i] = p
        if s.log is not None:
            say(s, "grave", R_CLAR, f"{name(s, i)} is upside down: it goes to the opposite graveyard, P{p}'s")
        rule = R_CLAR
    s.grave[p].append(i)
    if s.log is not None:
        say(s, "grave", rule, f"{name(s, i)} goes to P{p}'s graveyard")


def destroy(s: WarsState, i: int, rule: str) -> None:
    """Destroy: to the graveyard, with its 'when destroyed' abilities, Plunder and Bounty."""
    p = s.side[i]
    if p < 0:
        return
    c = s.card[i]
    if s.log is not None:
        say(s, "destroy", rule, f"{where(s, i)} is destroyed")
    if not s.status[i] & LOCKED:
        for k in BY_TRIGGER[ON_DESTROYED][c]:
            s.queue.append((i, p, c, k, 0))
        if PLUNDER[c]:
            s.points[p] += PLUNDER[c]
            if s.log is not None:
                say(s, "points", kw("Plunder X"), f"P{p} gains {PLUNDER[c]} points by {NAMES[c]}'s plunder")
    if s.bounty[i]:
        o = 1 - p
        if s.log is not None:
            say(s, "bounty", kw("Bounty X"), f"P{o} collects the bounty: {s.bounty[i]} mana of any colour")
        for _ in range(s.bounty[i]):
            s.queue.append((i, o, c, SPAWN_ANY, 0))
    leave(s, i, GRAVE, rule)


def hit(s: WarsState, u: int, n: int, rule: str) -> int:
    """Deal n damage to a unit. When its damage reaches its toughness it is destroyed and the
    excess is returned (for Overkill); otherwise -1 and it stays damaged (Wars Keywords/Assault X)."""
    tough = full_toughness(s, u)
    s.damage[u] += n
    if s.damage[u] >= tough:
        excess = s.damage[u] - tough
        if s.log is not None:
            say(s, "damage", rule, f"{where(s, u)} takes {n} damage, reaching its toughness {tough}")
        destroy(s, u, rule)
        return excess
    if s.log is not None:
        say(s, "damage", rule, f"{where(s, u)} takes {n} damage ({s.damage[u]} of toughness {tough}); "
            "it stays damaged until its side's next turn")
    return -1


def overkill(s: WarsState, src: int, ctl: int, c: int, excess: int) -> None:
    if excess < 0 or src < 0 or (s.side[src] >= 0 and s.status[src] & LOCKED):
        return
    for k in BY_TRIGGER[ON_OVERKILL][c]:
        if excess >= ABILITIES[c][k].x:
            if s.log is not None:
                say(s, "trigger", kw("Overkill X"), f"{NAMES[c]}: {excess} excess damage sets off its overkill")
            s.queue.append((src, ctl, c, k, 0))


def inflict(s: WarsState, u: int, bit: int) -> None:
    """Give a status. Immune refuses further statuses; a second Poison destroys."""
    st = s.status[u]
    if st & IMMUNE:
        if s.log is not None:
            say(s, "status", kw("Immune"), f"{where(s, u)} is immune: no further status")
        return
    word = STATUSES[bit.bit_length() - 1]
    if bit == POISON and st & POISON:
        if s.log is not None:
            say(s, "status", kw("Poison"), f"{where(s, u)} is poisoned a second time")
        destroy(s, u, kw("Poison"))
        return
    s.status[u] = st | bit
    if s.log is not None:
        say(s, "status", kw(word.capitalize()), f"{where(s, u)} becomes {word}")


def purify(s: WarsState, u: int, rule: str, keep: int = 0) -> None:
    s.status[u] &= keep
    s.bounty[u] = 0
    if s.log is not None:
        say(s, "status", rule, f"{where(s, u)} is purified: its statuses are removed")


def clear_row(s: WarsState, p: int) -> None:
    """Round end for one side: stalwart cards stay, purified, their equipment destroyed;
    doomed cards are banished; the rest go to the graveyard (Wars Round Transition)."""
    for i in s.row[p][:]:
        if s.status[i] & STALWART:
            for e in [e for e in s.gear[p] if s.host[e] == i]:
                leave(s, e, GRAVE, kw("Stalwart"))
            purify(s, i, kw("Stalwart"), STALWART)
            s.damage[i] = 0
            s.tapped[i] = False
        else:
            leave(s, i, GRAVE, R_LIFE)
