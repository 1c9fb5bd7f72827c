"""Timed conditions on wizards (6e 3, "durations"): blinded, turned to stone, invisible,
shrunk, mist, the Fear a wizard casts on himself, and the Slow Death curse; and the walls
of fire, whose timers run the same way.

A condition is a count per seat and kind, and the seat that cast it, because a duration
ends at the start of one of the caster's turns and is counted on the recipient's turns
(6e 3, docs ruling 17). The count is the recipient's turns still to be counted, plus one:
each end of a turn of the recipient (a lost turn too) takes one off down to 1, and a
count of 1 ends at the start of the caster's next turn. So a 1-turn Blind cast on P1 by
P0 lasts through P1's next turn and ends when P0's next turn starts; a 1-turn Invisible
cast on one's own turn counts that turn and ends when one's next turn starts; a caster's
extra turn (Speed) does not end it early, as the recipient has not had his turns yet.
Slow Death lasts for life (`LIFELONG`, never counted).

Every card that aims at a wizard asks `aimable` (and an attack `attackable`); every sight
a seat uses for aiming asks through `sees_for`, `sees_line` or `stones.spell_sight`,
which see nothing outside a blinded wizard's square.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, vision
from .mapstate import CREATED, FIREWALL, KIND_MASK, STONE, WALL
from .places import line_name
from .state import R_TURN, WizWarState, is_out, teammates

BLIND: Final = 0
PETRIFIED: Final = 1   # Medusa
INVISIBLE: Final = 2
SHRUNK: Final = 3
MIST: Final = 4        # Mist-Body
FEAR: Final = 5
CURSED: Final = 6      # Slow Death
KINDS: Final = 7
KIND_NAMES: Final = ("blinded", "turned to stone", "invisible", "shrunk", "mist", "fearsome", "cursed with Slow Death")
LIFELONG: Final = 1 << 20  # a count that is never counted down

BLIND_CARD: Final[int] = cards.INDEX["blind"]
MEDUSA: Final[int] = cards.INDEX["medusa"]
SLOW_DEATH: Final[int] = cards.INDEX["slow_death"]
INVISIBLE_CARD: Final[int] = cards.INDEX["invisible"]
SHRINK: Final[int] = cards.INDEX["shrink"]
MIST_BODY: Final[int] = cards.INDEX["mist_body"]
WALL_OF_FIRE: Final[int] = cards.INDEX["wall_of_fire"]
SWAP: Final[int] = cards.INDEX["swap"]
BLUNT: Final[int] = cards.INDEX["blunt"]
ABSORB_DAMAGE: Final[int] = cards.INDEX["absorb_damage"]

# The attack spells that lay a condition on their target when they hit, and which.
ATTACKS: Final[tuple[int, ...]] = (BLIND_CARD, MEDUSA, SLOW_DEATH)
ATTACK_KIND: Final[tuple[int, ...]] = (BLIND, PETRIFIED, CURSED)
# Counteractions cast on oneself: escapes in the attack window, neutrals on one's turn.
SELF_COUNTERS: Final[tuple[int, ...]] = (INVISIBLE_CARD, SHRINK)
SELF_KIND: Final[tuple[int, ...]] = (INVISIBLE, SHRUNK)
# Neutrals with a duration, cast through neutrals.py with an optional NUMBER card.
TIMED_NEUTRALS: Final[tuple[int, ...]] = (MIST_BODY, WALL_OF_FIRE)
# What answers a Slow Death tick (cards.json): the counteractions that reduce damage.
TICK_ANSWERS: Final[tuple[int, ...]] = (BLUNT, ABSORB_DAMAGE)
FIRE_DAMAGE: Final[int] = cards.VALUE[WALL_OF_FIRE]
THORN_DAMAGE: Final = 1  # entering a thornbush (docs/games/wizwar.md, decision 13)


def none_yet(n: int) -> list[list[int]]:
    """The status table of a new game: nobody is under anything."""
    return [[0] * KINDS for _ in range(n)]


def has(s: WizWarState, seat: int, kind: int) -> bool:
    return s.status[seat][kind] > 0


def aimable(s: WizWarState, caster: int, target: int) -> bool:
    """Whether `caster` may aim a card at the wizard `target` at all, sight aside: nobody
    aims at an invisible wizard, and nobody outside his square at a shrunk one."""
    if has(s, target, INVISIBLE):
        return False
    return not has(s, target, SHRUNK) or s.pos[caster] == s.pos[target]


def attackable(s: WizWarState, caster: int, target: int, card: int) -> bool:
    """Whether `caster` may make the attack `card` (-1 a punch) at `target`, sight aside:
    he must be aimable; a wizard turned to stone is out of reach of every attack but Swap
    (he takes no damage and nothing he carries can be taken); physical acts (a punch, a
    thrown object) cannot touch a wizard in mist; and in team play nobody attacks his
    teammate (6e 11)."""
    if not aimable(s, caster, target) or teammates(s, caster, target):  # 6e 11: no attacks on a teammate
        return False
    row = s.status[target]
    if row[PETRIFIED] > 0 and card != SWAP:
        return False
    return not (row[MIST] > 0 and (card < 0 or cards.PHYSICAL[card]))


def sees_for(s: WizWarState, seat: int, a: int, b: int) -> bool:
    """Line of sight from a to b as `seat` uses it to aim: a blinded wizard sees nothing
    outside his own square."""
    if s.status[seat][BLIND] > 0:
        return a == b
    return vision.sees(s, a, b)


def sees_line(s: WizWarState, seat: int, line: int) -> bool:
    """Sight from `seat`'s square to the middle of a line (Create Wall, Wall of Fire...):
    a blinded wizard sees only the lines around his own square."""
    here = s.pos[seat]
    if s.status[seat][BLIND] > 0:
        asm = s.map.asm
        return any(asm.side_edge[here * 4 + d] == line for d in range(4))
    return vision.sees_edge(s, here, line)


def line_sight(s: WizWarState, seat: int) -> bytes:
    """`sees_line` for every line: 1 per line `seat` sees the middle of."""
    here = s.pos[seat]
    if s.status[seat][BLIND] > 0:
        asm = s.map.asm
        sides = bytearray(asm.n_edges)
        for d in range(4):
            e = asm.side_edge[here * 4 + d]
            if e >= 0:
                sides[e] = 1
        return bytes(sides)
    return vision.edge_row(s, here)


def square_sight(s: WizWarState, seat: int) -> bytes:
    """`sees_for` from `seat`'s square for every square: 1 per square he sees."""
    here = s.pos[seat]
    if s.status[seat][BLIND] > 0:
        own = bytearray(s.map.asm.n_squares)
        own[here] = 1
        return bytes(own)
    return vision.row(s, here)


def step_to(s: WizWarState, seat: int, direction: int) -> int:
    """Where `seat` walks heading d, -1 if he cannot: a shrunk wizard also walks under a
    closed door (never through a wall or into solid stone)."""
    m = s.map
    here = s.pos[seat]
    to = m.step_to(here, direction)
    if to >= 0 or s.status[seat][SHRUNK] == 0:
        return to
    i = here * 4 + direction
    t = m.asm.step[i]
    if t < 0 or m.cells[t] & STONE:
        return -1
    return -1 if m.kind_beside(i, WALL) >= 0 else t


def fire_crossed(s: WizWarState, square: int, direction: int) -> bool:
    """Whether a step from `square` heading d crosses a wall of fire."""
    return s.map.kind_beside(square * 4 + direction, FIREWALL) >= 0


def may_pick_up(s: WizWarState, seat: int) -> bool:
    """Mist-Body: a wizard in mist cannot pick anything up; a statue does nothing."""
    row = s.status[seat]
    return row[MIST] == 0 and row[PETRIFIED] == 0


def ticks(s: WizWarState, seat: int) -> bool:
    """Whether a card drawn by `seat` costs him a Slow Death tick: cursed, and not stone."""
    row = s.status[seat]
    return row[CURSED] > 0 and row[PETRIFIED] == 0


def lay(s: WizWarState, seat: int, kind: int, turns: int, caster: int, rule: str) -> None:
    """`seat` comes under `kind` for `turns` of his turns, cast by `caster`. A new casting
    replaces what was there (its count and its caster)."""
    s.status[seat][kind] = LIFELONG if turns >= LIFELONG else turns + 1
    s.status_by[seat][kind] = caster
    if s.log is not None:
        how_long = "for life" if turns >= LIFELONG else f"for {turns} turn(s), until P{caster}'s turn begins"
        say(s, "condition", rule, f"P{seat} is {KIND_NAMES[kind]} {how_long}")


def struck(s: WizWarState, attacker: int, target: int, card: int, strength: int) -> None:
    """An attack that lays a condition hit (nothing stopped it): Blind and Medusa for their
    duration (`strength`: the NUMBER card's value, 1 without one), Slow Death for life."""
    kind = ATTACK_KIND[ATTACKS.index(card)]
    lay(s, target, kind, LIFELONG if card == SLOW_DEATH else max(1, strength), attacker, f"WW card {cards.NAME[card]}")


def self_cast(s: WizWarState, seat: int, card: int, turns: int) -> None:
    """Invisible, Shrink (counteractions) or Mist-Body on oneself for `turns` turns (the
    cards are the caller's)."""
    kind = MIST if card == MIST_BODY else SELF_KIND[SELF_COUNTERS.index(card)]
    lay(s, seat, kind, turns, seat, f"WW card {cards.NAME[card]}")


def light(s: WizWarState, caster: int, line: int, turns: int) -> None:
    """A wall of fire rises on an empty line, for `turns` of its caster's turns."""
    s.map.create_edge(line, FIREWALL)
    s.fires = [f for f in s.fires if f[0] != line] + [(line, caster, turns + 1)]  # a stale timer there is gone
    vision.changed(s)
    if s.log is not None:
        say(s, "map", "WW card Wall of Fire",
            f"a wall of fire rises on line {line_name(s.map.asm, line)} for {turns} turn(s)")


# -- the countdown (6e 3) ------------------------------------------------------------------
def turn_starts(s: WizWarState, seat: int) -> None:
    """`seat`'s turn (or lost turn) begins: what he cast and has been counted out ends, and
    so does what was cast by a wizard now out of the game. A wall of fire whose caster is
    out goes out at once."""
    for r in range(s.n):
        row, by = s.status[r], s.status_by[r]
        for k in range(KINDS):
            if row[k] == 0:  # (most conditions, most of the time)
                continue
            if row[k] == 1 and (by[k] == seat or is_out(s, by[k])) or row[k] > 0 and is_out(s, r):
                row[k], by[k] = 0, -1
                if s.log is not None and not is_out(s, r):
                    say(s, "condition", R_TURN, f"P{r} is no longer {KIND_NAMES[k]}")
    if not s.fires:
        return
    kept: list[tuple[int, int, int]] = []
    changed = False
    for line, caster, left in s.fires:
        if left == 1 and caster == seat or is_out(s, caster):
            m = s.map
            if m.edges[line] & KIND_MASK == FIREWALL and m.edges[line] & CREATED:
                m.remove_creation(line)
                changed = True
                if s.log is not None:
                    say(s, "map", R_TURN, f"the wall of fire on line {line_name(m.asm, line)} goes out")
        else:
            kept.append((line, caster, left))
    s.fires = kept
    if changed:
        vision.changed(s)


def turn_ends(s: WizWarState, seat: int) -> None:
    """`seat`'s turn (or lost turn) ends: one of his turns is counted on each condition he
    is under, and on each wall of fire he cast."""
    row = s.status[seat]
    for k in range(KINDS):
        if 1 < row[k] < LIFELONG:
            row[k] -= 1
    if s.fires:
        s.fires = [(line, caster, left - 1 if caster == seat and left > 1 else left) for line, caster, left in s.fires]


# -- what everyone sees --------------------------------------------------------------------
def describe(s: WizWarState, seat: int) -> list[str]:
    """`seat`'s conditions, public: what, cast by whom, and how long it still runs."""
    out: list[str] = []
    row, by = s.status[seat], s.status_by[seat]
    for k in range(KINDS):
        if row[k] == 0:
            continue
        if row[k] >= LIFELONG:
            out.append(f"{KIND_NAMES[k]} (by P{by[k]}, for life)")
        elif row[k] == 1:
            out.append(f"{KIND_NAMES[k]} (until P{by[k]}'s turn begins)")
        else:
            out.append(f"{KIND_NAMES[k]} (by P{by[k]}, {row[k] - 1} more of P{seat}'s turns)")
    return out


def describe_fires(s: WizWarState) -> list[dict[str, int]]:
    """The walls of fire and how many of their casters' turns they still last (0: until
    the caster's next turn begins)."""
    return [{"line": line, "caster": caster, "turns": left - 1} for line, caster, left in s.fires]
