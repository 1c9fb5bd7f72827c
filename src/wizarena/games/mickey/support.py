"""The Official Challenge's Support exchange (6.3.3, ruling R14): which cards of a deck may
leave it for a Support card, and which Support cards may take a chosen card's place.

An exchange is legal when the deck stays a legal Official deck (4.2). One check says so
for one pair, `swap_ok`; it reads the deck through `DeckFacts`, the few numbers the check
needs (the team's colours, the Magic Power total, the colours the Magics ask for), worked
out once per decision rather than once per pair. Card facts are read from flat per-card
tables, bit masks and small ints, so that the pair check is a handful of integer tests.
"""

from __future__ import annotations

from typing import Final, final

from .deck import CASTLE_COPIES, MAGIC_COPIES, MAX_OFFICIAL_POWER
from .effects import CARDS, COLOUR_BITS, POWER

K_WIZARD: Final = 0
K_MAGIC: Final = 1
K_CASTLE: Final = 2
KIND: Final[tuple[int, ...]] = tuple(("wizard", "magic", "castle").index(c.kind) for c in CARDS)
SOLITARY: Final[tuple[bool, ...]] = tuple(c.solitary is not None for c in CARDS)
_NAMES: Final = sorted({c.name for c in CARDS})
NAME_ID: Final[tuple[int, ...]] = tuple(_NAMES.index(c.name) for c in CARDS)


def _ability_ids() -> tuple[int, ...]:
    """Per card, which ability it has: 0 for none, the same number for equal effect lists."""
    seen: list[tuple] = []
    out: list[int] = []
    for c in CARDS:
        if not c.effects:
            out.append(0)
            continue
        if c.effects not in seen:
            seen.append(c.effects)
        out.append(seen.index(c.effects) + 1)
    return tuple(out)


ABILITY_ID: Final[tuple[int, ...]] = _ability_ids()


@final
class DeckFacts:
    """What the 4.2 checks read of one player's deck during the exchange."""

    __slots__ = ("team", "magic", "castles", "copies", "team_colours", "power", "magic_colours")

    team: list[int]
    magic: list[int]
    castles: list[int]
    copies: list[int]
    team_colours: int
    power: int
    magic_colours: int

    def __init__(self, team: list[int], magic: list[int], castles: list[int]) -> None:
        self.team = team                # the Wizards (not lined up yet: 6.3.6 comes later)
        self.magic = magic
        self.castles = castles
        copies = [0] * len(CARDS)  # per card id, its copies in the deck (1.3, 1.4)
        for c in castles:
            copies[c] = copies[c] + 1
        colours = 0
        for c in team:
            copies[c] = copies[c] + 1
            colours |= COLOUR_BITS[c]
        self.team_colours = colours
        power = 0
        wanted = 0
        for c in magic:
            copies[c] = copies[c] + 1
            power += POWER[c]
            wanted |= COLOUR_BITS[c]
        self.copies = copies
        self.power = power
        # Every Magic's colours among the team's (4.2) is the union of them among the team's.
        self.magic_colours = wanted


def swap_ok(deck: DeckFacts, out: int, new: int) -> bool:
    """Would the deck stay legal (4.2) with the Support card `new` in place of `out`?"""
    kind = KIND[out]
    if kind != KIND[new]:
        return False
    if kind == K_CASTLE:
        return deck.copies[new] < CASTLE_COPIES  # 1.4: one copy of each Castle
    if kind == K_MAGIC:
        colours = COLOUR_BITS[new]
        if colours & ~deck.team_colours:
            return False  # a Magic of a colour no team Wizard has
        if new != out and deck.copies[new] >= MAGIC_COPIES:
            return False
        return deck.power - POWER[out] + POWER[new] <= MAX_OFFICIAL_POWER
    if SOLITARY[new] or SOLITARY[out]:
        return False  # a Solitary Wizard's three cards come and go together (9.12)
    name, ability = NAME_ID[new], ABILITY_ID[new]
    colours = COLOUR_BITS[new]
    for c in deck.team:
        if c == out:
            continue
        if NAME_ID[c] == name or (ability and ABILITY_ID[c] == ability):
            return False  # two Wizards of one name, or of the same ability
        colours |= COLOUR_BITS[c]
    return not deck.magic_colours & ~colours


def support_kinds(support: list[int]) -> list[int]:
    """The distinct Support cards, in id order."""
    out: list[int] = []
    for c in sorted(support):
        if not out or out[-1] != c:
            out.append(c)
    return out


def outs(deck: DeckFacts, support: list[int]) -> list[int]:
    """The distinct cards of the deck (team, Magics, Castles, in id order) that some Support
    card may replace. Copies of one card are one question, asked once, and only of the
    Support cards of its kind (a Wizard for a Wizard, and so on: 6.3.3)."""
    offers: list[list[int]] = [[], [], []]
    for n in support_kinds(support):
        offers[KIND[n]].append(n)
    found: list[int] = []
    copies = deck.copies
    for c in range(len(copies)):  # every card of the deck once, in id order
        if copies[c]:
            for n in offers[KIND[c]]:
                if swap_ok(deck, c, n):
                    found.append(c)
                    break
    return found


def ins(deck: DeckFacts, support: list[int], out: int) -> list[int]:
    """The distinct Support cards that may take the place of `out`, in id order."""
    return [n for n in support_kinds(support) if swap_ok(deck, out, n)]
