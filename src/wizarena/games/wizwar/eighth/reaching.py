"""The cards that reach for things lying on the board (their texts in data/cards-8e.json, in
our words): Glue, Stretch and Extra Arms.

- **Glue** sticks one loose item or treasure to its square while the spell lasts: no one
  picks it up, by hand (items.takeable, treasures.takeable), by Stretch or by Extra Arms.
  The spell lies on a mark naming the square and the thing (treasures.glue_mark), so Rotate
  Sector carries it with the square (neutrals.py).
- **Stretch** reaches into a square in sight for one deed, two picks: the square, then
  the deed: lift an item (1 movement point, as in one's own square) or a treasure (his
  Move & Cast ends, as it does in his own square), put down an item or the treasure he
  carries, or punch a figure there, which makes the cast his turn's attack (attacking.aim
  declares it when that pick is made). A treasure put down on his home base from afar
  does not score: R8-1 scores a treasure its carrier brings home (ruling R8-24).
- **Extra Arms** is a form (base speed unchanged, one form at a time, upkeep.FORM_SPEED):
  while it lasts his items do not count toward his hand limit (turn.held), his punch
  strikes every figure in reach (attacking.punch), and for 1 movement point he gathers
  everything loose in his square, one treasure included, and his Move & Cast goes on
  (`gather`, a decision of its own: which treasure, or none).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..mapstate import STONE
from ..places import square_name
from . import cards, harm, items, reach, reactions, striking, treasures, turn, upkeep, weather
from .spells import NO_AIM, SQUARE, Spell, nothing_to_pick
from .state import (
    DISCARD_AND_DRAW,
    GRAB_ITEM,
    GRAB_TREASURE,
    MOVE_AND_CAST,
    PUNCHING,
    PUT_ITEM,
    PUT_TREASURE,
    R_CARD,
    R_PICK_UP,
    REACTING,
    Cast,
    EighthState,
)

GLUE: Final[int] = treasures.GLUE
STRETCH: Final[int] = cards.INDEX["stretch"]
EXTRA_ARMS: Final[int] = upkeep.EXTRA_ARMS


def _note(s: EighthState, kind: str, text: str) -> None:
    if s.log is not None:
        say(s, kind, R_CARD, text)


def _where(s: EighthState, square: int) -> str:
    return square_name(s.map.asm, square)


# -- Glue -----------------------------------------------------------------------------------


def _things(s: EighthState, square: int) -> list[int]:
    return ([GRAB_TREASURE + t for t in treasures.loose_treasures(s, square)]
            + [GRAB_ITEM + card for card in items.loose_items(s, square)])


def _glue_picks(s: EighthState, cast: Cast) -> list[int]:
    """Glue: a square in sight with a loose item or treasure, then which."""
    if not cast.aims:
        return [q for q in reach.squares_in_sight(s, cast.seat) if _things(s, q)]
    return _things(s, cast.aims[0]) if len(cast.aims) == 1 else []


def _glue(s: EighthState, cast: Cast) -> None:
    """Glue: "Stick a loose object or treasure in your line of sight to its square: while
    the spell lasts no one can pick it up or shift it." The spell stays in play with its
    energy, lying on the thing's mark."""
    square, thing = cast.aims
    cast.aims[:] = [treasures.glue_mark(square, thing)]
    what = (f"P{(thing - GRAB_TREASURE) // treasures.EACH}'s treasure" if thing < GRAB_ITEM
            else f"the {cards.NAME[thing - GRAB_ITEM]}")
    _note(s, "glue", f"P{cast.seat} glues {what} to {_where(s, square)}")


# -- Stretch --------------------------------------------------------------------------------


def _deeds(s: EighthState, seat: int, square: int) -> list[int]:
    """What Stretch may do in `square`: lift an item (a movement point left, under no
    Gravity) or a treasure (treasures.may_lift); put down what he carries, where a marker
    can lie; punch a figure there while he may attack."""
    out: list[int] = []
    if treasures.may_lift(s, seat):
        out += [GRAB_TREASURE + t for t in treasures.loose_treasures(s, square)]
    if s.moves > 0 and not weather.in_play(s, weather.GRAVITY):
        out += [GRAB_ITEM + card for card in items.loose_items(s, square)]
    if not s.map.cells[square] & STONE:
        for card in s.items[seat]:
            if PUT_ITEM + card not in out:
                out.append(PUT_ITEM + card)
        if s.carried[seat] >= 0:
            out.append(PUT_TREASURE)
    if turn.may_attack(s, seat):
        out += [PUNCHING + f for f in reach.figures(s)
                if f != seat and s.pos[f] == square and not reach.untargetable(s, f)]
    return out


def _stretch_picks(s: EighthState, cast: Cast) -> list[int]:
    """Stretch: a square in sight where there is something to do, then the deed."""
    if not cast.aims:
        return [q for q in reach.squares_in_sight(s, cast.seat) if _deeds(s, cast.seat, q)]
    return _deeds(s, cast.seat, cast.aims[0]) if len(cast.aims) == 1 else []


def _stretch(s: EighthState, cast: Cast) -> None:
    """Stretch: "Reach into a square in your line of sight to do one thing: pick up a loose
    item or treasure there at the usual cost, put down one you carry, or punch a figure
    there as your attack." What changed since the picks (an item taken meanwhile) is
    checked again, and then nothing happens."""
    seat, (square, deed) = cast.seat, cast.aims
    if deed >= PUNCHING:
        damage, element = striking.punch_damage(s, seat)
        _note(s, "stretch", f"P{seat}'s arm stretches to {_where(s, square)}")
        striking.strike(s, cast, deed - PUNCHING, damage, element)
    elif deed == PUT_TREASURE:
        if s.carried[seat] >= 0:
            t = s.carried[seat]
            s.carried[seat] = -1
            s.treasure_at[t] = square
            _note(s, "treasure", f"P{seat} reaches out and puts P{t // treasures.EACH}'s treasure down on "
                  f"{_where(s, square)}")
    elif deed >= PUT_ITEM:
        card = deed - PUT_ITEM
        if card in s.items[seat]:
            s.items[seat].remove(card)
            s.floor.append((square, card))
            upkeep.settle_speed(s, seat)  # a Speedstone
            _note(s, "item", f"P{seat} reaches out and puts the {cards.NAME[card]} down on {_where(s, square)}")
    elif deed >= GRAB_ITEM:
        card = deed - GRAB_ITEM
        if card in items.loose_items(s, square) and s.moves > 0:
            _lift_item(s, seat, square, card)
    elif deed - GRAB_TREASURE in treasures.loose_treasures(s, square) and treasures.may_lift(s, seat):
        t = deed - GRAB_TREASURE
        treasures.pick_up(s, seat, t)
        then = s.phase if s.phase == DISCARD_AND_DRAW else s.resume  # a golem's Move & Cast goes on
        reactions.lifted(s, seat, t, square, then)
        s.resume = REACTING if s.reacting else then


def _lift_item(s: EighthState, seat: int, square: int, card: int) -> None:
    """An item lifted from `square` for a movement point (items.take's cost; Heavy Items
    ends his Move & Cast)."""
    s.floor.remove((square, card))
    s.items[seat].append(card)
    s.moves -= 1
    upkeep.settle_speed(s, seat)  # a Speedstone
    heavy = "heavy_items" in s.options
    if heavy:
        s.resume = DISCARD_AND_DRAW
    if s.log is not None:
        say(s, "item", R_PICK_UP, f"P{seat} reaches out and picks up the {cards.NAME[card]} for a movement point"
            + (": under Heavy Items his move and cast end" if heavy else ""))


# -- Extra Arms -----------------------------------------------------------------------------


def _extra_arms(s: EighthState, cast: Cast) -> None:
    """Extra Arms: a form; the one he wore ends (upkeep.take_form)."""
    _note(s, "form", f"P{cast.seat} grows Extra Arms")
    upkeep.take_form(s, cast.seat, cast.card)
    cast.aims.append(cast.seat)


def gatherable(s: EighthState, seat: int) -> list[int]:
    """What `seat` may gather in his square for 1 movement point under Extra Arms: -1 (the
    items only) when items lie loose there, and each treasure he may lift with them."""
    if (s.phase != MOVE_AND_CAST or seat != s.turn or s.moves <= 0 or weather.in_play(s, weather.GRAVITY)
            or not harm.upon(s, seat, EXTRA_ARMS)):
        return []
    here = s.pos[seat]
    out = [-1] if items.loose_items(s, here) else []
    return out + (treasures.loose_treasures(s, here) if treasures.may_lift(s, seat) else [])


def gather(s: EighthState, seat: int, t: int) -> None:
    """Extra Arms: "1 movement point picks up everything in your square (one treasure
    included) without ending your phase" (legal: `gatherable` offered `t`, -1 none). A
    treasure lifted so is reacted to as any (R8-9), and then his Move & Cast goes on."""
    here = s.pos[seat]
    s.moves -= 1
    taken = [card for at, card in s.floor if at == here and not treasures.glued(s, here, GRAB_ITEM + card)]
    s.floor = [(at, card) for at, card in s.floor if at != here or card not in taken]
    s.items[seat] += taken
    upkeep.settle_speed(s, seat)  # a Speedstone
    if t >= 0:
        s.carried[seat] = t
        s.treasure_at[t] = -1
    if s.log is not None:
        lifted = [cards.names(taken)] if taken else []
        lifted += [f"P{t // treasures.EACH}'s treasure"] if t >= 0 else []
        say(s, "item", R_CARD, f"P{seat}'s Extra Arms gather {' and '.join(lifted)} for a movement point "
            f"({s.moves} left); his move and cast go on")
    if t >= 0:
        reactions.lifted(s, seat, t, here, MOVE_AND_CAST)


SPELLS: Final[dict[int, Spell]] = {
    GLUE: Spell(SQUARE, _glue_picks, _glue, attack=False, stays=True),
    STRETCH: Spell(SQUARE, _stretch_picks, _stretch, attack=False, powered=False),
    EXTRA_ARMS: Spell(NO_AIM, nothing_to_pick, _extra_arms, attack=False, stays=True),
}
