"""The effect registry: what each ability does, as small typed functions.

An ability names its effect (`do`) and parameters in the card data. `options` tells what
its controller must choose (targets as actions, or None when it needs no choice), and the
effect function then acts on the chosen target: an instance on the battlefield, a die
setting (die index * 6 + face), or -1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from wizarena.core import Action, others, say

from . import battlefield
from .actions import TARGET_A
from .cards import (
    BY_NAME,
    EMPLACEMENT,
    IMMUNE,
    NAMES,
    RACES,
    TYPE,
    UNIT,
    Ability,
)
from .mana import chaos, set_die, spawn_options
from .state import ROW_SLOTS, WarsState, kw

Effect = Callable[[WarsState, int, int, Ability, int], None]

# Each trigger (cards.TRIGGERS, by ON_*) as a card's text words it, for the log.
TRIGGER_WORDS: Final[tuple[str, ...]] = ("when played", "turn start", "when you pass", "tap", "when destroyed",
                                         "overkill", "imbibe", "harmony", "round end")


def draw(s: WarsState, p: int, n: int, rule: str, *, seen: bool = True) -> int:
    """Draw up to n cards from the top of p's deck; an empty deck gives nothing. Unless
    `seen`, only p is told (a draw inside a simultaneous decision, told when it ends)."""
    got = 0
    deck, hand = s.deck[p], s.hand[p]
    for _k in range(n):
        if not deck:
            break
        hand.append(deck.pop())
        got += 1
    if s.log is not None and got:
        say(s, "draw", rule, f"you draw {', '.join(NAMES[s.card[i]] for i in hand[len(hand) - got:])}", 1 << p)
        if seen:
            say(s, "draw", rule, f"P{p} draws {got} card{'s' if got != 1 else ''}", others(p))
    return got


def _units(s: WarsState, p: int) -> list[int]:
    return [u for u in s.row[p] if TYPE[s.card[u]] == UNIT]


def _slot(s: WarsState, u: int) -> Action:
    p = s.side[u]
    return TARGET_A[p][s.row[p].index(u)]


def options(s: WarsState, src: int, ctl: int, ab: Ability) -> list[Action] | None:
    """What the controller of an ability must choose, or None when it needs no choice."""
    do = ab.do
    if do == "spawn":
        return spawn_options(s, ctl, ab.face)
    if do == "assault" or do == "assassinate":
        bypass = do == "assassinate"
        return [_slot(s, u) for u in _units(s, 1 - ctl) if battlefield.enemy_targetable(s, u, bypass)]
    t = ab.target
    if t == "enemy_unit":
        if do == "seize" and len(s.row[ctl]) >= ROW_SLOTS:
            return []
        return [_slot(s, u) for u in _units(s, 1 - ctl) if battlefield.enemy_targetable(s, u, False)
                and (ab.max_toughness < 0 or battlefield.toughness(s, u) <= ab.max_toughness)]
    if t == "enemy_emplacement":
        return [_slot(s, i) for i in s.row[1 - ctl] if TYPE[s.card[i]] == EMPLACEMENT]
    if t == "own_unit" or t == "other_own_unit":
        return [_slot(s, u) for u in _units(s, ctl) if t == "own_unit" or u != src]
    if t == "any_unit":
        out = [_slot(s, u) for u in _units(s, ctl)]
        for u in _units(s, 1 - ctl):
            if not battlefield.protected(s, u) if do == "purify" else battlefield.enemy_targetable(s, u, False):
                out.append(_slot(s, u))
        return out
    return None


def _here(s: WarsState, i: int) -> bool:
    return i >= 0 and s.side[i] >= 0


def assault(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    rule = kw("Assassinate X") if ab.do == "assassinate" else kw("Assault X")
    if s.log is not None:
        say(s, "assault", rule, f"P{ctl}'s {NAMES[s.card[src]]} {ab.do}s {battlefield.where(s, target)} for {ab.n}")
    battlefield.overkill(s, src, ctl, s.card[src], battlefield.hit(s, target, ab.n, rule))


def destroy(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    battlefield.destroy(s, target, kw("Destroy"))


def banish(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    battlefield.leave(s, target, battlefield.BANISH, kw("Banish"))


def seize(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    """The unit moves to the seizer's row, right end, with its equipment (ruling R7)."""
    p = s.side[target]
    if s.log is not None:
        say(s, "seize", kw("Seize"), f"P{ctl} seizes {battlefield.where(s, target)}: it is upside down on P{ctl}'s row")
    s.row[p].remove(target)
    s.row[ctl].append(target)
    s.side[target] = ctl
    for e in [e for e in s.gear[p] if s.host[e] == target]:
        s.gear[p].remove(e)
        s.gear[ctl].append(e)
        s.side[e] = ctl


def devour(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    gain = battlefield.power(s, target)
    battlefield.destroy(s, target, kw("Devour"))
    if _here(s, src):
        s.counters[src] += gain
        if s.log is not None:
            say(s, "counters", kw("Devour"), f"{battlefield.where(s, src)} devours and gains {gain} counters")


def spawn(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    set_die(s, ctl, target // 6, target % 6, kw("Spawn"))


def draw_fx(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    draw(s, ctl, ab.n, battlefield.R_LIFE)


def points(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    s.points[ctl] += ab.n
    if s.log is not None:
        say(s, "points", "Wars The Game", f"P{ctl} gains {ab.n} points by {NAMES[s.card[src]]}")


def counters(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    if _here(s, src):
        s.counters[src] += ab.n
        if s.log is not None:
            say(s, "counters", kw("Tall"), f"{battlefield.where(s, src)} gains {ab.n} "
                f"counter{'s' if ab.n != 1 else ''} from its own ability ({TRIGGER_WORDS[ab.on]})")


def _affected(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> list[int]:
    t = ab.target
    if t == "self":
        return [src] if _here(s, src) and TYPE[s.card[src]] == UNIT else []
    if t == "host":
        return [s.host[src]] if _here(s, src) and s.host[src] >= 0 else []
    if t == "neighbours":
        if not _here(s, src):
            return []
        row = s.row[s.side[src]]
        k = row.index(src)
        return [row[j] for j in (k - 1, k + 1) if 0 <= j < len(row) and TYPE[s.card[row[j]]] == UNIT]
    if t == "allies":
        return _units(s, ctl)
    return [target] if target >= 0 else []


def boost(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    for u in _affected(s, src, ctl, ab, target):
        s.boost[u] += ab.n
        if s.log is not None:
            say(s, "boost", "Wars Card Types", f"{battlefield.where(s, u)} gets {ab.n:+d} power "
                + (f"from its own ability ({TRIGGER_WORDS[ab.on]})" if u == src
                   else f"from P{ctl}'s {NAMES[s.card[src]]}"))


def status(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    for u in _affected(s, src, ctl, ab, target):
        battlefield.inflict(s, u, ab.status)


def bounty(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    if s.status[target] & IMMUNE:
        if s.log is not None:
            say(s, "status", kw("Immune"), f"{battlefield.where(s, target)} is immune: no bounty")
        return
    s.bounty[target] += ab.n
    if s.log is not None:
        say(s, "status", kw("Bounty X"), f"{battlefield.where(s, target)} carries bounty {s.bounty[target]}")


def purify(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    for u in _affected(s, src, ctl, ab, target):
        battlefield.purify(s, u, kw("Purify"))


def create(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    c = BY_NAME[ab.card.lower()]
    for _k in range(ab.n):
        if len(s.row[ctl]) >= ROW_SLOTS:
            if s.log is not None:
                say(s, "create", "Wars Ruling R9", f"P{ctl}'s row is full: no {NAMES[c]} is created")
            return
        i = battlefield.new_instance(s, c, ctl)
        if s.log is not None:
            say(s, "create", kw("Create"), f"P{ctl} creates {NAMES[c]} at the right end of the row")
        battlefield.enter(s, i, ctl, False, ctl)


def summon(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    pile = s.deck[ctl] if ab.source == "deck" else (s.grave[ctl] if ab.source == "graveyard" else s.sideboard[ctl])
    if ab.card == "unit":
        pool = [i for i in pile if TYPE[s.card[i]] == UNIT]
        pick = pool[s.rng.below(len(pool))] if pool else -1
    else:
        want = BY_NAME[ab.card.lower()]
        pick = next((i for i in pile if s.card[i] == want), -1)
    if pick < 0 or len(s.row[ctl]) >= ROW_SLOTS or TYPE[s.card[pick]] not in (UNIT, EMPLACEMENT):
        if s.log is not None:
            say(s, "summon", kw("Summon"), f"nothing to summon from P{ctl}'s {ab.source}")
        return
    pile.remove(pick)
    if s.log is not None:
        say(s, "summon", kw("Summon"), f"P{ctl} summons {NAMES[s.card[pick]]} from the {ab.source} "
            "to the right end of the row (no 'when played')")
    battlefield.enter(s, pick, ctl, False, ctl)


def discard(s: WarsState, src: int, ctl: int, ab: Ability, target: int) -> None:
    p = 1 - ctl if ab.who == "enemy" else ctl
    for _k in range(max(ab.n, 1)):
        if ab.source == "hand":
            hand = s.hand[p]
            if not hand:
                return
            i = hand.pop(s.rng.below(len(hand)))
            if i in s.known[p]:
                s.known[p].remove(i)
        else:
            if not s.deck[p]:
                return
            i = s.deck[p].pop()
        s.grave[p].append(i)
        if s.log is not None:
            say(s, "discard", kw("Discard"), f"P{p} discards {NAMES[s.card[i]]} from the {ab.source}")


EFFECT: Final[dict[str, Effect]] = {
    "assault": assault, "assassinate": assault, "destroy": destroy, "banish": banish, "seize": seize,
    "devour": devour, "spawn": spawn, "draw": draw_fx, "points": points, "counters": counters, "boost": boost,
    "status": status, "bounty": bounty, "purify": purify, "create": create, "summon": summon, "discard": discard,
}


def condition(s: WarsState, src: int, ctl: int, ab: Ability) -> bool:
    """Chaos X, Paired, Devotion and Diversity X: whether the ability may act now."""
    cond = ab.cond
    if cond == 0:
        return True
    if cond == 1:
        return chaos(s, ctl) >= ab.x
    if cond == 2:
        c = s.card[src]
        return any(i != src and s.card[i] == c for i in s.row[ctl])
    if cond == 3:
        return s.devoted[ctl]
    races = 0
    for u in s.row[ctl]:
        races |= RACES[s.card[u]]
    return bin(races).count("1") >= ab.x


COND_RULE: Final = ("", kw("Chaos X"), kw("Paired"), kw("Devotion"), kw("Diversity X"))
