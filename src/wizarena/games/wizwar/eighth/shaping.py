"""The neutral cards that shape the next spell their caster casts (their texts in
data/cards-8e.json, in our words): Add, Astral Projection and Around the Corner.

Each is cast on its own, before the spell it shapes, and leaves a mark on the state that
the next spell of the turn's wizard reads and spends (ruling R8-23):

- Add: `pool`, the energy the next spell takes instead of a powering decision
  (attacking.begin, attacking.answer: `spend_pool`);
- Astral Projection: `origin`, the square the next spell's line of sight is drawn from
  (reach.eye);
- Around the Corner: `bend`, the next spell's line of sight may turn one corner
  (reach.sight_row).

A mark lasts until that spell has resolved or been cancelled (`spent`, from
attacking's close) or the turn is over (turn.start clears them): what the text calls
"your next spell" is cast this turn or not at all. The three shaping cards do not spend
the marks, so Astral Projection and Around the Corner may shape one spell together.
None needs energy: they are cast without a powering decision.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from ..mapstate import STONE
from ..places import square_name
from . import cards, harm, piles, reach
from .spells import HAND, NO_AIM, SQUARE, Spell, nothing_to_pick, one_pick
from .state import PAYING, R_CARD, Cast, EighthState

ADD: Final[int] = cards.INDEX["add"]
ASTRAL_PROJECTION: Final[int] = cards.INDEX["astral_projection"]
AROUND_THE_CORNER: Final[int] = cards.INDEX["around_the_corner"]
SHAPING: Final[frozenset[int]] = frozenset((ADD, ASTRAL_PROJECTION, AROUND_THE_CORNER))
POWERSTONE: Final[int] = cards.INDEX["powerstone"]
PROJECTION_SQUARES: Final = 3
PAID: Final = 2   # Add's two cards


def _note(s: EighthState, text: str) -> None:
    if s.log is not None:
        say(s, "spell", R_CARD, text)


# -- Add ----------------------------------------------------------------------------------


def _add_picks(s: EighthState, cast: Cast) -> list[int]:
    """Add: two cards of his hand that show an energy value, one pick each (a second card
    of the same kind only when he holds two). None at all unless he holds two such cards."""
    hand = [card for card in s.hands[cast.seat] if cards.ENERGY_VALUE[card] > 0]
    if len(cast.aims) >= PAID or len(hand) < PAID:
        return []
    for aim in cast.aims:
        hand.remove(aim - PAYING)
    out: list[int] = []
    for card in hand:
        if PAYING + card not in out:
            out.append(PAYING + card)
    return out


def _add(s: EighthState, cast: Cast) -> None:
    """Add: "Pay two Magic cards with energy values into one pool: the following spell you
    cast takes their sum as its energy." The cards are paid as it resolves (a card spent
    meanwhile, powering an answer, is not paid and adds nothing)."""
    seat = cast.seat
    paid: list[int] = []
    for aim in cast.aims:
        if aim - PAYING in s.hands[seat]:
            s.hands[seat].remove(aim - PAYING)
            paid.append(aim - PAYING)
    piles.discard_all(s, seat, paid)
    s.pool = sum(cards.ENERGY_VALUE[card] for card in paid)
    _note(s, f"P{seat} pays {cards.names(paid) if paid else 'nothing'} into a pool of {s.pool} energy "
          "for his next spell")


def spend_pool(s: EighthState, seat: int, cast: Cast) -> bool:
    """The spell `cast` being cast by `seat` takes Add's pool as its energy, +1 with a
    Powerstone as any powering card's (attacking.power); True when it did, and then no
    powering decision is asked."""
    if s.pool <= 0 or seat != s.turn or cast.item or cast.card in SHAPING:
        return False
    cast.energy = s.pool + (1 if harm.carries(s, seat, POWERSTONE) else 0)
    s.pool = 0
    _note(s, f"{cards.NAME[cast.card]} takes the pool's energy: {cast.energy}")
    return True


# -- Astral Projection --------------------------------------------------------------------


def _projection_squares(s: EighthState, seat: int) -> list[int]:
    """Astral Projection: the empty squares 1 to 3 away counted along rows and columns
    (walls and objects ignored, wraps and portals followed): no figure, treasure, item,
    token or fill there."""
    far = s.map.asm.grid_distances(s.pos[seat])
    cells = s.map.cells
    taken = ({s.pos[f] for f in reach.figures(s)} | {q for q in s.treasure_at if q >= 0}
             | {q for q, _ in s.floor} | {q for q, _, _ in s.traps})
    return [q for q in range(len(far)) if 0 < far[q] <= PROJECTION_SQUARES and not cells[q] & STONE
            and not cells[q] and q not in taken]


def _astral_projection(s: EighthState, cast: Cast) -> None:
    """Astral Projection: "Your next spell is cast from an empty square as far as 3 squares
    from you ..., as though you were standing there": its line of sight, and what it may
    be aimed at, are drawn from there (reach.eye); his body stays where it is."""
    s.origin = cast.aims[0]
    _note(s, f"P{cast.seat}'s next spell is cast from {square_name(s.map.asm, s.origin)}")


# -- Around the Corner --------------------------------------------------------------------


def _around_the_corner(s: EighthState, cast: Cast) -> None:
    """Around the Corner: "that spell's line of sight may bend once at a corner, turning as
    much as 180 degrees": the next spell sees whatever is seen from a square he sees."""
    s.bend = True
    _note(s, f"P{cast.seat}'s next spell may see around one corner")


def spent(s: EighthState, cast: Cast) -> None:
    """A spell of the turn's wizard is over (resolved or cancelled): it took the marks the
    shaping cards left, unless it is one of them or not a spell (an item's use, a punch)."""
    if cast.seat == s.turn and not cast.item and cast.card >= 0 and cast.card not in SHAPING:
        s.origin, s.bend = -1, False


def clear(s: EighthState) -> None:
    """The turn is over: what was not spent is lost."""
    s.pool, s.origin, s.bend = 0, -1, False


SPELLS: Final[dict[int, Spell]] = {
    ADD: Spell(HAND, _add_picks, _add, attack=False, powered=False),
    ASTRAL_PROJECTION: Spell(SQUARE, one_pick(_projection_squares), _astral_projection, attack=False, powered=False),
    AROUND_THE_CORNER: Spell(NO_AIM, nothing_to_pick, _around_the_corner, attack=False, powered=False),
}
