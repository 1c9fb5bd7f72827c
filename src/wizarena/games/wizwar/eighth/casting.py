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

from . import (
    cards,
    combat,
    counters,
    creations,
    forms,
    keys,
    minds,
    neutrals,
    reaching,
    reactions,
    shaping,
    stones,
    weather,
)
from .spells import Spell

# Items whose one use is not built yet are not put into play, where they would only weigh
# on the hand limit (none now: the Handful of Tacks scatters, creations.py).
UNBUILT_ITEMS: Final[frozenset[int]] = frozenset()
ITEMS: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID))
                                      if cards.TYPE[i] == "item" and i not in UNBUILT_ITEMS)


SPELLS: Final[dict[int, Spell]] = {**{card: stones.PUT_INTO_PLAY for card in ITEMS}, **combat.SPELLS, **neutrals.SPELLS,
                                   **minds.SPELLS, **creations.SPELLS, **forms.SPELLS, **weather.SPELLS,
                                   **keys.SPELLS, **reactions.SPELLS, **shaping.SPELLS,
                                   **reaching.SPELLS}
USES: Final[dict[int, Spell]] = {**combat.USES, **stones.USES, **keys.USES, **creations.USES, **forms.USES}
ANSWERS: Final[dict[int, counters.Answer]] = {**counters.ANSWERS, **neutrals.ANSWERS}
