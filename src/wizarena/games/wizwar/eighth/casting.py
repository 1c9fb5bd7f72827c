"""Every card's behaviour in one place: the tables the rules of casting read
(attacking.py), gathered from the card modules.

- `SPELLS`: what casting a card from the hand does. An item card cast from the hand is put
  into its caster's play area, face up (brief rule 18), where it counts toward his hand
  limit; what *using* it does is in `USES`.
- `USES`: what using a carried item does (a weapon as the turn's attack...).
- `ANSWERS`: the counters (counters.py).

A card with no entry here is still a card: it may be discarded for its energy (a boost,
or to power a spell), never cast. docs/games/wizwar-8e.md, "Status", lists which cards
have their behaviour.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, combat, counters, creations, forms, minds, neutrals, weather
from .spells import NO_AIM, Spell, nothing_to_pick
from .state import R_PICK_UP, Cast, EighthState

ITEMS: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID)) if cards.TYPE[i] == "item")


def _into_play(s: EighthState, cast: Cast) -> None:
    """An item cast from the hand lies face up in its caster's play area (rule 18)."""
    s.items[cast.seat].append(cast.card)
    if s.log is not None:
        say(s, "item", R_PICK_UP, f"P{cast.seat} puts {cards.NAME[cast.card]} into play")


PUT_INTO_PLAY: Final = Spell(NO_AIM, nothing_to_pick, _into_play, attack=False, item=True, powered=False)

SPELLS: Final[dict[int, Spell]] = {**{card: PUT_INTO_PLAY for card in ITEMS}, **combat.SPELLS, **neutrals.SPELLS,
                                   **minds.SPELLS, **creations.SPELLS, **forms.SPELLS, **weather.SPELLS}
USES: Final[dict[int, Spell]] = {**combat.USES, **creations.USES, **forms.USES}
ANSWERS: Final = counters.ANSWERS
