"""Attacks on walls, doors and thornbushes (6e 6): besides wizards, the only things an
attack may hit. A wall has 20 hit points, a door 15, a thornbush the 5 its card gives it;
an attack takes off what it deals, and the thing is gone when none are left (mapstate.py
keeps the points).

Such an attack is the turn's one attack, made in two decisions like a neutral aimed at
the board: the weapon, then the line or square. While it is aimed, `s.aim` holds the
weapon (`FIST` for a punch, which has no card) and `s.number_card` the NUMBER card played
with it. Nobody is asked to answer: a wall holds no cards.

Our rulings, with their reasons in docs/games/wizwar.md ("Attacks on walls, doors and
thornbushes"):

- The weapons are the attacks that deal damage of their own, counted as against a wizard:
  the punch 1, Fireball 5, Lightning Blast NUMBER, Powerthrust 2 + NUMBER, Sudden Death 10,
  the Wizardblade 4, Dagger and Large Rock 3. Power Drain and Stone-Dead count what a
  wizard has (his life, his stones), so they find nothing in a wall.
- Reach: a punch or the Wizardblade touches a wall or door on a side of its wizard's
  square, or a thornbush beside it with nothing between (the bush fills its square, and a
  target that fills its square is punched from beside it, 6e 6). An attack spell reaches a
  wall or door whose midpoint its caster sees, as Destroy Wall does, and a thornbush he
  sees as he would a wizard there. A Dagger or Large Rock is thrown at a square (6e 8), so
  at a thornbush in sight within 10 squares, where it then lies; never at a wall or door.
- An illusion wall its attacker believes in is a wall to him: his attack meets nothing and
  the illusion is gone for him alone, as after Destroy Wall (illusions.py).
- A wall or door broken by an attack falls on nobody: only Destroy Wall's card says so.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, combat, effects, illusions, neutrals, stones, vision
from .mapstate import BUSH, DOOR, ILLUSION, WALL
from .places import line_name, square_name
from .state import R_COMBAT, WizWarState, mark_played, one_of

FIST: Final[int] = len(cards.ID)  # the aim of a punch, one past the cards
SPELLS: Final[tuple[int, ...]] = (combat.FIREBALL, combat.LIGHTNING, combat.POWERTHRUST, combat.SUDDEN_DEATH)
OBJECTS: Final[tuple[int, ...]] = (combat.DAGGER, combat.LARGE_ROCK, combat.WIZARDBLADE)
WEAPONS: Final[tuple[int, ...]] = (FIST,) + SPELLS + OBJECTS
TEXT: Final = "a wall, door or thornbush"


def aim_name(weapon: int) -> str:
    return "punch" if weapon == FIST else cards.NAME[weapon]


def _touches(weapon: int) -> bool:
    return weapon == FIST or weapon == combat.WIZARDBLADE


def lines_for(s: WizWarState, seat: int, weapon: int, enough: int = 1 << 30) -> list[int]:
    """The walls and doors `weapon` may hit for `seat` now (the first `enough` of them)."""
    if one_of(weapon, combat.THROWN):
        return []
    if not _touches(weapon):
        return neutrals.lines_for(s, seat, neutrals.DESTROY_WALL, enough)
    m = s.map
    here = s.pos[seat]
    out: list[int] = []
    for d in range(4):
        e = m.asm.side_edge[here * 4 + d]
        if e >= 0 and e not in out and (m.may_attack_edge(e) or illusions.destroyable(s, seat, e)):
            out.append(e)
            if len(out) >= enough:
                break
    return out


def squares_for(s: WizWarState, seat: int, weapon: int, enough: int = 1 << 30) -> list[int]:
    """The thornbushes `weapon` may hit for `seat` now (the first `enough` of them)."""
    m = s.map
    here = s.pos[seat]
    out: list[int] = []
    if _touches(weapon):
        for d in range(4):
            there = m.asm.step[here * 4 + d]
            if there >= 0 and m.cells[there] & BUSH and there not in out and m.open_between(here, there):
                out.append(there)
                if len(out) >= enough:
                    break
        return out
    thrown = one_of(weapon, combat.THROWN)
    reach = m.asm.grid_distances(here) if thrown else []
    for sq in range(m.asm.n_squares):
        if not m.cells[sq] & BUSH:
            continue
        if thrown:
            hits = reach[sq] <= combat.THROW_RANGE and effects.sees_for(s, seat, here, sq)
        else:
            hits = stones.spell_sight(s, seat, here, sq)
        if hits:
            out.append(sq)
            if len(out) >= enough:
                break
    return out


def has_target(s: WizWarState, seat: int, weapon: int) -> bool:
    return bool(lines_for(s, seat, weapon, 1) or squares_for(s, seat, weapon, 1))


def attack(s: WizWarState, seat: int, weapon: int, number_card: int, line: int, square: int) -> None:
    """`seat` hits the wall or door on `line`, or the thornbush on `square` (the other -1),
    with `weapon` and its NUMBER card (-1 none): the turn's attack."""
    number = stones.number_value(s, seat, number_card) if number_card >= 0 else 0
    damage = combat.damage_of(combat.PUNCH if weapon == FIST else weapon, number)
    hand = s.hands[seat]
    if one_of(weapon, combat.THROWN):  # it lies where it struck (6e 8)
        hand.remove(weapon)
        s.floor.append((square, weapon))
    elif one_of(weapon, SPELLS):
        hand.remove(weapon)
        s.discard.append(weapon)
        if s.bend == seat:
            s.bend = -1  # Around the Corner served this spell (spellcraft.py)
    if number_card >= 0:
        hand.remove(number_card)
        s.discard.append(number_card)
        mark_played(s, seat, number_card)
    if weapon != FIST:  # every card, the Wizardblade too: it struck, though it stays in hand
        mark_played(s, seat, weapon)
    stones.forget(s, seat)
    s.attacked = True
    m = s.map
    if line >= 0 and m.kind(line) == ILLUSION:
        if s.log is not None:
            wall = f"the illusion wall on line {line_name(s.map.asm, line)}"
            say(s, "attack", R_COMBAT, f"P{seat} {_how(weapon, number, wall)}: the blow meets nothing")
        illusions.destroyed(s, seat, line)
        return
    if line >= 0:
        what = f"the {'door' if m.kind(line) == DOOR else 'wall'} on line {line_name(s.map.asm, line)}"
        m.damage_edge(line, damage)
        left = m.hp[line] if m.kind(line) in (WALL, DOOR) else 0
    else:
        what = f"the thornbush on {square_name(s.map.asm, square)}"
        m.damage_square(square, damage)
        left = m.cell_hp[square] if m.cells[square] & BUSH else 0
    if not left:
        vision.changed(s)
    if s.log is not None:
        thrown = one_of(weapon, combat.THROWN)
        lies = f"; the {cards.NAME[weapon]} lies on {square_name(m.asm, square)}" if thrown else ""
        say(s, "attack", R_COMBAT, f"P{seat} {_how(weapon, number, what)} for {damage} damage: "
            + (f"{left} point{'s' if left > 1 else ''} left" if left else "it is destroyed") + lies)


def _how(weapon: int, number: int, what: str) -> str:
    if weapon == FIST:
        return f"punches {what}"
    if weapon == combat.WIZARDBLADE:
        return f"strikes {what} with the Wizardblade"
    if one_of(weapon, combat.THROWN):
        return f"throws {cards.NAME[weapon]} at {what}"
    return f"casts {cards.NAME[weapon]}" + (f" with a {number}" if number else "") + f" at {what}"
