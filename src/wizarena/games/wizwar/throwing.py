"""Throwing an object at a square (6e 8, 9): any object card, never a treasure, lands in
the square aimed at, or in the square just before the first barrier on its way; it deals
no damage unless its card says so.

A throw is two decisions, like a neutral aimed at the board: the object ("throw Bloodstone
at a square"), then `aim at c4` (or `put it back`); `s.throwing` marks the aim as a
throw. The attacks made with a thrown object (a Dagger or Large Rock at a wizard, or at a
thornbush) are combat.py's and structures.py's. Our rulings, with their reasons in
docs/games/wizwar.md ("Throwing"):

- **What may be thrown.** Every object card (cards.json `object`: the stones, the Dagger,
  the Large Rock, the Wizardblade, the Master Key), by the turn's wizard on his turn, as
  often as he likes. A throw at a square is not an attack: it may be made in the first
  round and does not spend the turn's attack.
- **Where.** A square other than his own, not solid stone, up to 10 squares away (the
  attacks' range): either one he sees (counted as ranges are, through wraps and warps),
  or one straight along his row or column (counted along it, following wraps and warps
  as a walker does), seen or not.
- **Where it lands.** At a square he sees, there: the sight line is clear of everything
  that stops an object. Otherwise it flies along the row or column (the shortest way to
  the square, the first of N, E, S, W on a tie) and lands in the square aimed at, or in
  the last square before the first barrier: a wall, firewall or closed door on the way,
  or a square of solid stone or a thornbush before the one aimed at (a thornbush aimed at
  is hit, and the object lies in it). An illusion wall stops nothing. If the barrier is
  on a side of his own square, the object falls at his feet.
- **Damage.** None, whoever stands where it lands: the Dagger and the Large Rock deal
  their damage only when thrown at a wizard as the turn's attack, which needs him in
  sight, so such a throw always reaches him (a line of sight passes no barrier).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, combat, effects, hands, stones
from .mapstate import BUSH, DOOR, EDGE_KIND_NAMES, KIND_MASK, STONE, MapState
from .places import line_name, square_name
from .state import R_MAP, TURN, WizWarState, is_out, mark_played

RANGE: Final = combat.THROW_RANGE


def along(m: MapState, here: int, d: int) -> list[int]:
    """The squares straight ahead of `here` heading `d`, up to the range, walls or not,
    turning as a walker turns across a warp; a line that comes back to a square it passed
    ends there."""
    asm = m.asm
    out: list[int] = []
    at = here
    for _ in range(RANGE):
        i = at * 4 + d
        t = asm.step[i]
        if t < 0 or t == here or t in out:
            break
        out.append(t)
        d = (d + asm.turn[i]) % 4
        at = t
    return out


def has_target(s: WizWarState, seat: int) -> bool:
    """Whether `seat` has a square to throw at (the square beside him in some direction,
    walls or not, unless it is solid stone)."""
    m = s.map
    here = s.pos[seat]
    for d in range(4):
        t = m.asm.step[here * 4 + d]
        if t >= 0 and t != here and not m.cells[t] & STONE:
            return True
    return False


def squares_for(s: WizWarState, seat: int) -> list[int]:
    """Every square `seat` may throw at now, in board order."""
    m = s.map
    here = s.pos[seat]
    dist = m.asm.grid_distances(here)
    cells = m.cells
    seen = effects.square_sight(s, seat)
    aims = [False] * m.asm.n_squares  # marked, then listed in board order (no set, no sort)
    for sq in range(m.asm.n_squares):
        if seen[sq] and 0 < dist[sq] <= RANGE and not cells[sq] & STONE:
            aims[sq] = True
    for d in range(4):
        for sq in along(m, here, d):
            if not cells[sq] & STONE:
                aims[sq] = True
    return [sq for sq in range(m.asm.n_squares) if aims[sq]]


def landing(s: WizWarState, seat: int, target: int) -> tuple[int, str]:
    """Where an object `seat` throws at `target` lands, and what stopped it ("" if it
    reached the square)."""
    m = s.map
    here = s.pos[seat]
    if 0 < m.asm.grid_distances(here)[target] <= RANGE and effects.sees_for(s, seat, here, target):
        return target, ""
    best, heading = RANGE + 1, -1
    for d in range(4):
        line = along(m, here, d)
        if target in line and line.index(target) + 1 < best:
            best, heading = line.index(target) + 1, d
    return _fly(m, here, heading, best)


def _fly(m: MapState, here: int, d: int, squares: int) -> tuple[int, str]:
    asm = m.asm
    at = here
    for k in range(squares):
        i = at * 4 + d
        t = asm.step[i]
        for e in (asm.side_edge[i], asm.far_edge[i]):
            if e >= 0 and m.barrier(e):
                kind = m.edges[e] & KIND_MASK
                return at, f"the {'closed door' if kind == DOOR else EDGE_KIND_NAMES[kind]} on {line_name(m.asm, e)}"
        if m.cells[t] & STONE:
            return at, f"the solid stone on {square_name(m.asm, t)}"
        if m.cells[t] & BUSH and k < squares - 1:
            return at, f"the thornbush on {square_name(m.asm, t)}"
        d = (d + asm.turn[i]) % 4
        at = t
    return at, ""


def throw(s: WizWarState, seat: int, card: int, target: int) -> None:
    """`seat` throws `card` at `target`: it leaves his hand and lies where it lands. A hand
    still over its limit (a Brainstone thrown) is cut down at once (6e 3)."""
    at, stopped = landing(s, seat, target)
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.floor.append((at, card))
    mark_played(s, seat, card)
    if s.log is not None:
        asm = s.map.asm
        where = f"it lands on {square_name(asm, at)}" + (f", stopped by {stopped}" if stopped else "")
        there = [p for p in range(s.n) if not is_out(s, p) and s.pos[p] == at and p != seat]
        hurt = f"; it hurts nobody ({', '.join(f'P{p}' for p in there)} there)" if there else ""
        say(s, "object", R_MAP, f"P{seat} throws {cards.NAME[card]} at {square_name(asm, target)}: {where}{hurt}")
    hands.limit(s, seat, TURN)
