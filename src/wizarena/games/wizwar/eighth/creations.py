"""The creation cards (their texts in data/cards-8e.json, in our words): Thornbush, Rosebush,
Dust Cloud, Booby Trap, Homunculus and Wall of Fire's curtain of flame, cast from the hand;
and the Handful of Tacks, an item whose use scatters it. (Stone Block is in neutrals.py.)

Each is a `Spell` entry (spells.py) that is not an attack. A creation stays in play as a
maintained spell (rule 16) lying on what it made: its square, its line, the Homunculus's
figure, the Booby Trap's first square; however the spell ends, what it made goes with it
(footing.spell_ended, from upkeep.spell_ended). What a made thing does to a figure that
comes into its square or across its line is footing.entered.

Readings:

- "an empty square in your line of sight": no figure, treasure, item, fill or Booby Trap
  token in it (reach.empty_squares_in_sight, less the tokens); a bush or dust, as a stone
  block, never on a home base (mapstate.may_fill), where the shared labyrinth creates
  nothing; the Homunculus is a figure, not a fill, and may stand on one;
- Booby Trap: four picks of different squares, then which one is the trap is drawn at
  random from the game's chance and told to the caster alone. The caster's own choice
  would be a decision every seat sees (the order of the picks is public, in the cast and
  the record), which would give the trap away;
- the Homunculus is the figure after the last one (state.py): 5 life, speed 1, its
  caster's; the spell lies on that figure.

A Dust Cloud's hold on whoever leaves it ("a random direction on each try") is moving.walk's.
The Homunculus walks on its controller's turns (R8-7: legal.py offers its steps, moving.py
walks it) and his spells see from its square too (reach.sight_row). The Tacks are gathered
up by a whole Move & Cast (`gatherable_tacks`, `gather_tacks`), and the Flood sweeps them
away (weather.flood). Wall of Fire played against a Water spell is a counter
(counters.ANSWERS).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..mapstate import FIREWALL
from ..places import line_name, square_name
from . import cards, reach
from .footing import (
    BLANK,
    BOOBY_TRAP,
    DUST_CLOUD,
    HANDFUL_OF_TACKS,
    HOMUNCULUS,
    ROSEBUSH,
    THORNBUSH,
    TRAP,
    WALL_OF_FIRE,
)
from .spells import LINE, SQUARE, Spell, one_pick
from .state import MOVE_AND_CAST, R_CARD, Cast, EighthState

BOOBY_TOKENS: Final = 4
HOMUNCULUS_LIFE: Final = 5
HOMUNCULUS_SPEED: Final = 1


def _note(s: EighthState, kind: str, text: str, seen_by: int | None = None) -> None:
    if s.log is not None:
        if seen_by is None:
            say(s, kind, R_CARD, text)
        else:
            say(s, kind, R_CARD, text, seen_by)


def _where(s: EighthState, square: int) -> str:
    return square_name(s.map.asm, square)


def _empty(s: EighthState, seat: int) -> list[int]:
    """The empty squares in his sight: no figure, treasure, item, fill or token."""
    tokens = {at for at, _, _ in s.traps}
    return [q for q in reach.empty_squares_in_sight(s, seat) if q not in tokens]


def _fillable(s: EighthState, seat: int) -> list[int]:
    """Where a bush or dust may be created: empty, and not a home base (mapstate.may_fill)."""
    m = s.map
    return [q for q in _empty(s, seat) if m.may_fill(q)]


# -- Thornbush, Rosebush, Dust Cloud -----------------------------------------------------


def _bush(s: EighthState, cast: Cast) -> None:
    """Thornbush, Rosebush: "Grow a thornbush (rosebush) on an empty square in your line of
    sight; it blocks sight and a single crack or any fire damage destroys it" (cracks.py's
    bush, striking.strike_thing's fire). What it does to whoever steps in: footing.entered."""
    square = cast.aims[0]
    s.map.plant_thornbush(square, False, 1)
    s.cracks[s.map.asm.n_edges + square] = 0
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} grows a {cards.NAME[cast.card].lower()} on {_where(s, square)}")


def _dust(s: EighthState, cast: Cast) -> None:
    """Dust Cloud: "Fill an empty square in your line of sight with dust that blocks sight."
    Leaving it is moving.walk's."""
    square = cast.aims[0]
    s.map.fill_dust(square, False)
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} fills {_where(s, square)} with a cloud of dust")


# -- Booby Trap --------------------------------------------------------------------------


def _trap_picks(s: EighthState, cast: Cast) -> list[int]:
    """Booby Trap: four different empty squares in his sight, one pick each (fewer if his
    sight holds fewer)."""
    if len(cast.aims) >= BOOBY_TOKENS:
        return []
    return [q for q in _empty(s, cast.seat) if q not in cast.aims]


def _booby_trap(s: EighthState, cast: Cast) -> None:
    """Booby Trap: "Secretly lay 4 face-down tokens, one trap and three blanks, on empty
    squares in your line of sight." Which is the trap is drawn at random and shown to the
    caster alone (module docstring)."""
    trap = s.rng.below(len(cast.aims))
    for k, square in enumerate(cast.aims):
        s.traps.append((square, cast.seat, TRAP if k == trap else BLANK))
    _note(s, "trap", f"P{cast.seat} lays {len(cast.aims)} face-down Booby Trap tokens on "
          + ", ".join(_where(s, q) for q in cast.aims))
    _note(s, "trap", f"your trap is the token on {_where(s, cast.aims[trap])}", 1 << cast.seat)


# -- Homunculus --------------------------------------------------------------------------


def _homunculus_squares(s: EighthState, seat: int) -> list[int]:
    return _empty(s, seat)


def _homunculus(s: EighthState, cast: Cast) -> None:
    """Homunculus (ruling R8-7): "Summon a Homunculus (5 life, speed 1, no attack) that you
    control onto an empty square in your line of sight. No one may target it" (reach leaves
    it out of every target list). A new figure after the last; the spell lies on it."""
    square = cast.aims[0]
    figure = len(s.pos)
    s.pos.append(square)
    s.life.append(HOMUNCULUS_LIFE)
    s.speed.append(HOMUNCULUS_SPEED)
    s.controller.append(cast.seat)
    s.stun.append(0)
    s.carried.append(-1)
    s.strides.append(0)  # it walks from its controller's next Move & Cast on (R8-7)
    cast.aims[0] = figure  # the maintained spell lies on the creature (attacking._close)
    _note(s, "summon", f"P{cast.seat} summons a Homunculus, P{figure}, on {_where(s, square)}")


# -- Wall of Fire ------------------------------------------------------------------------


def _flame_lines(s: EighthState, seat: int) -> list[int]:
    """Wall of Fire: the lines in his sight between two squares with nothing on them yet."""
    m = s.map
    asm = m.asm
    return [line for line in reach.lines_in_sight(s, seat)
            if asm.edge_a[line] >= 0 and asm.edge_b[line] >= 0 and m.may_create_edge(line)]


def _wall_of_fire(s: EighthState, cast: Cast) -> None:
    """Wall of Fire: "raise a curtain of flame on an edge in your line of sight, which deals
    4 magical fire damage (not an attack) to anyone who crosses it" (footing.entered). It
    stands while its caster maintains it. (Its use against a Water spell is a counter.)"""
    line = cast.aims[0]
    s.map.create_edge(line, FIREWALL)
    vision.changed(s)
    _note(s, "map", f"P{cast.seat} raises a curtain of flame on {line_name(s.map.asm, line)}")


# -- Handful of Tacks --------------------------------------------------------------------


def _tack_squares(s: EighthState, seat: int) -> list[int]:
    """Handful of Tacks: the empty squares next to him (a step away: no wall or closed door
    between), none of them his own."""
    taken = {s.pos[f] for f in reach.figures(s)} | {q for q in s.treasure_at if q >= 0} | {q for q, _ in s.floor}
    taken |= {at for at, _, _ in s.traps}
    cells = s.map.cells
    here = s.pos[seat]
    return [q for q in reach.neighbours(s, seat) if q != here and q not in taken and not cells[q]]


def _scatter(s: EighthState, cast: Cast) -> None:
    """Handful of Tacks: "Scatter them on an empty square next to you; whoever enters that
    square takes 3 physical damage (not an attack)." They lie there as a marker (the
    item on the floor), which footing.entered reads."""
    square = cast.aims[0]
    s.floor.append((square, HANDFUL_OF_TACKS))
    _note(s, "item", f"P{cast.seat} scatters tacks on {_where(s, square)}")


def gatherable_tacks(s: EighthState, seat: int) -> bool:
    """The Tacks: "A wizard beside them can gather them up by spending his whole Move and
    Cast phase": lying in his square or one a step reaches, while he has done nothing yet
    in this Move & Cast."""
    if s.phase != MOVE_AND_CAST or seat != s.turn or s.busy:
        return False
    near = reach.neighbours(s, seat)
    return any(card == HANDFUL_OF_TACKS and square in near for square, card in s.floor)


def gather_tacks(s: EighthState, seat: int) -> None:
    """He gathers the Tacks up into his play area (an item again); his Move & Cast is spent."""
    near = reach.neighbours(s, seat)
    square = next(q for q, card in s.floor if card == HANDFUL_OF_TACKS and q in near)
    s.floor.remove((square, HANDFUL_OF_TACKS))
    s.items[seat].append(HANDFUL_OF_TACKS)
    _note(s, "item", f"P{seat} spends his move and cast gathering up the tacks on {_where(s, square)}")


SPELLS: Final[dict[int, Spell]] = {
    THORNBUSH: Spell(SQUARE, one_pick(_fillable), _bush, attack=False, stays=True),
    ROSEBUSH: Spell(SQUARE, one_pick(_fillable), _bush, attack=False, stays=True),
    DUST_CLOUD: Spell(SQUARE, one_pick(_fillable), _dust, attack=False, stays=True),
    BOOBY_TRAP: Spell(SQUARE, _trap_picks, _booby_trap, attack=False, stays=True),
    HOMUNCULUS: Spell(SQUARE, one_pick(_homunculus_squares), _homunculus, attack=False, stays=True),
    WALL_OF_FIRE: Spell(LINE, one_pick(_flame_lines), _wall_of_fire, attack=False, stays=True),
}
USES: Final[dict[int, Spell]] = {
    HANDFUL_OF_TACKS: Spell(SQUARE, one_pick(_tack_squares), _scatter, attack=False, item=True),
}
