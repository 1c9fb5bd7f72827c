"""The global spells, which change the whole board while they last (their texts in
data/cards-8e.json): Fog, Gravity and Flood. Each is a temporary spell its caster
maintains; while it lies in any play area, the rule it changes reads `in_play`.

- **Fog**: every line of sight reaches 1 square at most (reach.py asks `fogged`).
- **Gravity**: every wizard and creature drops what it carries, and nothing can be
  picked up while it lasts (items.py and treasures.py ask `in_play`).
- **Flood**: every fire spell ends and every fire item or object is destroyed, and no fire
  spell or item can be used while it lasts (attacking.py asks `is_fire` and `in_play`).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, footing, piles
from .spells import NO_AIM, Spell, nothing_to_pick
from .state import R_CARD, Cast, EighthState

FOG: Final[int] = cards.INDEX["fog"]
GRAVITY: Final[int] = cards.INDEX["gravity"]
FLOOD: Final[int] = cards.INDEX["flood"]
FIRE: Final[frozenset[int]] = frozenset(c for c in range(len(cards.ID)) if cards.DAMAGE_ELEMENT[c] == "fire")
WASHED: Final[frozenset[int]] = FIRE | {cards.INDEX["acid_bath"]}   # the spells water ends
TACKS: Final[int] = cards.INDEX["handful_of_tacks"]
WATER: Final[frozenset[int]] = frozenset(c for c in range(len(cards.ID)) if cards.DAMAGE_ELEMENT[c] == "water"
                                         or cards.ID[c] == "flood")   # the Water spells


def in_play(s: EighthState, card: int) -> bool:
    """Whether a spell `card` lies in anyone's play area."""
    for spells in s.maintained:
        for held, _, _ in spells:
            if held == card:
                return True
    return False


def fogged(s: EighthState) -> bool:
    """Whether Fog cuts every line of sight to 1 square."""
    return in_play(s, FOG)


def is_fire(card: int) -> bool:
    """Whether `card` is a fire spell or item (its damage is fire)."""
    return card in FIRE


def _fog(s: EighthState, cast: Cast) -> None:
    if s.log is not None:
        say(s, "global", R_CARD, f"P{cast.seat}'s Fog settles: no one sees farther than 1 square")


def _gravity(s: EighthState, cast: Cast) -> None:
    """Every wizard lets fall his items and treasure in his square."""
    for seat in range(s.n):
        if seat in s.out:
            continue
        here = s.pos[seat]
        s.floor += [(here, card) for card in s.items[seat]]
        s.items[seat] = []
        if s.carried[seat] >= 0:
            s.treasure_at[s.carried[seat]] = here
            s.carried[seat] = -1
    if s.log is not None:
        say(s, "global", R_CARD, "Gravity: every wizard lets fall what he carries, and nothing can be picked up")


def flood(s: EighthState) -> None:
    """The Flood: every fire spell in play ends, with what it made (a curtain of flame), and
    so does every Acid Bath ("until a Water spell touches it"); every fire item, carried or
    lying, is destroyed, and the Tacks lying about are swept away ("water sweeps them
    away")."""
    for seat in range(s.n):
        ended = [(card, on) for card, _, on in s.maintained[seat] if card in WASHED]
        s.maintained[seat] = [m for m in s.maintained[seat] if m[0] not in WASHED]
        burnt = [card for card in s.items[seat] if card in FIRE]
        s.items[seat] = [card for card in s.items[seat] if card not in FIRE]
        piles.discard_all(s, seat, [card for card, _ in ended] + burnt)
        for card, on in ended:
            footing.spell_ended(s, card, on)
    swept = [card for _, card in s.floor if card in FIRE or card == TACKS]
    s.floor = [(q, card) for q, card in s.floor if card not in FIRE and card != TACKS]
    piles.discard_all(s, s.turn, swept)  # loose: a Cantrip card to the turn's wizard's group
    if s.log is not None:
        say(s, "global", R_CARD, "the Flood sweeps the board: every fire spell and Acid Bath ends, every fire item "
            "is destroyed, the tacks are swept away")


def _flood(s: EighthState, cast: Cast) -> None:
    flood(s)


SPELLS: Final[dict[int, Spell]] = {
    FOG: Spell(NO_AIM, nothing_to_pick, _fog, attack=False, stays=True),
    GRAVITY: Spell(NO_AIM, nothing_to_pick, _gravity, attack=False, stays=True),
    FLOOD: Spell(NO_AIM, nothing_to_pick, _flood, attack=False, stays=True),
}
