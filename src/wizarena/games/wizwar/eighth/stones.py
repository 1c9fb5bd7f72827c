"""The stones and trinkets that do something when put into play or used (their texts in
data/cards-8e.json): the Brainstone's two fresh cards, the Universal Solvent, and Null
Powder, used on one's own turn or thrown in the way of a spell.

What a carried stone does while it is carried lives where the rule it changes is read:
the Speedstone in upkeep.base_speed, the Lifestone in upkeep.time_passes, the Brainstone's
limit in turn.limit, the Spellstone in turn.draws_allowed, the Powerstone in
attacking.power, the Mightstone and Fire Cloak in striking.punch_damage, the Bloodshard in
harm.armour, the Visionstone in reach.sight_row.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..places import square_name
from . import cards, harm, piles, reach, turn, upkeep
from .spells import FIGURE, NO_AIM, SPELL, Spell, nothing_to_pick, one_pick
from .state import LINE_THING, R_CARD, R_PICK_UP, SPELL_SLOTS, SQUARE_THING, Cast, EighthState

BRAINSTONE: Final[int] = cards.INDEX["brainstone"]
UNIVERSAL_SOLVENT: Final[int] = cards.INDEX["universal_solvent"]
NULL_POWDER: Final[int] = cards.INDEX["null_powder"]
BRAINSTONE_DRAWS: Final = 2


def into_play(s: EighthState, cast: Cast) -> None:
    """An item cast from the hand lies face up in its caster's play area (rule 18); a
    Brainstone gained so brings 2 fresh cards ("gaining it for the first time"), and a
    Speedstone lifts his base speed at once."""
    seat = cast.seat
    s.items[seat].append(cast.card)
    if s.log is not None:
        say(s, "item", R_PICK_UP, f"P{seat} puts {cards.NAME[cast.card]} into play")
    if cast.card == BRAINSTONE:
        drawn = [card for card in (piles.draw_card(s, seat) for _ in range(BRAINSTONE_DRAWS)) if card >= 0]
        s.hands[seat] += drawn
        if s.log is not None:
            say(s, "draw", R_CARD, f"the Brainstone brings P{seat} {len(drawn)} fresh cards")
            if drawn:
                say(s, "draw", R_CARD, f"you take {cards.names(drawn)}", 1 << seat)
    upkeep.settle_speed(s, seat)


def _objects(s: EighthState, seat: int) -> list[int]:
    """What the Universal Solvent may be poured on: a wall or door in sight that can be
    damaged (not an outer wall), or a filled square in sight (a block, a bush)."""
    return [thing for thing in reach.targets_in_sight(s, seat, spell=False) if thing >= LINE_THING]


def _solvent(s: EighthState, cast: Cast) -> None:
    """The Universal Solvent: "object and solvent are both used up and gone"."""
    thing = cast.aims[0]
    m = s.map
    if thing < SQUARE_THING:
        m.destroy_edge(thing - LINE_THING)
        where = f"the line {m.describe_edge(thing - LINE_THING)}"
    else:
        m.clear_square(thing - SQUARE_THING)
        where = f"what filled {square_name(m.asm, thing - SQUARE_THING)}"
    vision.changed(s)
    piles.discard(s, cast.seat, cast.card)
    if s.log is not None:
        say(s, "item", R_CARD, f"P{cast.seat}'s Universal Solvent dissolves {where}, and is used up")


def lasting_spells(s: EighthState, seat: int) -> list[int]:
    """Every spell in play, in SPELL terms (its maintainer * SPELL_SLOTS + its place): what
    Null Powder and Dispel may end (every maintained spell is a lasting one; a created
    object's card beside the board under Permanent Creations is no spell in play)."""
    return [q * SPELL_SLOTS + k for q in range(s.n) for k in range(min(len(s.maintained[q]), SPELL_SLOTS))
            if not harm.beside_board(s, s.maintained[q][k][0])]


def _powder(s: EighthState, cast: Cast) -> None:
    """Null Powder on one's own turn: a lasting spell ends, and the powder is spent."""
    owner, k = divmod(cast.aims[0], SPELL_SLOTS)
    card = s.maintained[owner][k][0]
    if s.log is not None:
        say(s, "item", R_CARD, f"P{cast.seat} sprinkles Null Powder on P{owner}'s {cards.NAME[card]}: it ends")
    turn.end_at(s, owner, k)
    piles.discard(s, cast.seat, cast.card)


PUT_INTO_PLAY: Final = Spell(NO_AIM, nothing_to_pick, into_play, attack=False, item=True, powered=False)

USES: Final[dict[int, Spell]] = {
    UNIVERSAL_SOLVENT: Spell(FIGURE, one_pick(_objects), _solvent, attack=False, item=True),
    NULL_POWDER: Spell(SPELL, one_pick(lasting_spells), _powder, attack=False, item=True),
}
