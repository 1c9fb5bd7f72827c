"""The draw and discard piles, and the optional rule Custom Spellbook (ruling R8-31).

Without the option there is one deck and one discard pile for everyone: the piles of
group 0. Under Custom Spellbook the players form two groups, the even seats and the odd
seats; each group starts from a Cantrip of its own (White for the even seats, Black, the
same cards, for the odd) and drafts three of the six schools, the groups taking one school
in turn, the even seats first, the members of a group picking in turn by seat. Each group
then shuffles its own deck and draws from it and discards to it alone.

A card goes back to the discard pile of the group whose deck it came from: a school's card
to the group that drafted the school; a Cantrip card (both groups have one) to the group
of the wizard it is discarded from. Every rule that discards or draws asks here.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards
from .card_checks import SCHOOLS
from .state import R_RESHUFFLE, EighthState

R_SPELLBOOK: Final = "WW8 OPT Custom Spellbook"
SPELLBOOK: Final = "custom_spellbook"
GROUPS: Final = 2
PICKS: Final = 3  # schools each group drafts


def discard(s: EighthState, seat: int, card: int) -> None:
    """`card`, last `seat`'s (held, cast, carried or maintained), goes to its discard pile."""
    s.discards[owner(s, seat, card)].append(card)


def discard_all(s: EighthState, seat: int, some: list[int]) -> None:
    """Each of `some`, last `seat`'s, to its discard pile."""
    if len(s.discards) == 1:
        s.discards[0] += some
        return
    for card in some:
        discard(s, seat, card)


def owner(s: EighthState, seat: int, card: int) -> int:
    """The group whose piles `card` belongs to: the one that drafted its school, or `seat`'s
    for a Cantrip card (and whenever the option is off)."""
    if len(s.discards) == 1:
        return 0
    schools = cards.SCHOOLS_OF[card]
    for g in range(GROUPS):
        if any(school in s.drafts[g] for school in schools) and not any(
                school in s.drafts[1 - g] for school in schools):
            return g
    return s.group[seat]


def draw_card(s: EighthState, seat: int) -> int:
    """The top card of `seat`'s draw pile, his discard pile shuffled in when it is empty
    (R8-13); -1 when both are empty."""
    g = s.group[seat]
    deck, spent = s.decks[g], s.discards[g]
    if not deck and spent:
        deck += spent
        spent.clear()
        s.rng.shuffle(deck)
        if s.log is not None:
            whose = "" if len(s.decks) == 1 else f" of {_named(s, g)}"
            say(s, "draw", R_RESHUFFLE, f"the draw pile{whose} is empty: the discard pile is shuffled into "
                "a new one")
    return deck.pop() if deck else -1


def members(s: EighthState, g: int) -> list[int]:
    """The seats of group `g`, in seat order."""
    return [q for q in range(s.n) if s.group[q] == g]


def picker(s: EighthState) -> int:
    """The seat that drafts the next school: the groups take turns, the even seats' first;
    a group's members pick in turn."""
    k = len(s.drafts[0]) + len(s.drafts[1])
    g = k % GROUPS
    team = members(s, g)
    return team[(k // GROUPS) % len(team)]


def undrafted(s: EighthState) -> list[str]:
    """The schools no group has drafted yet, in the game's order."""
    return [school for school in SCHOOLS[1:] if school not in s.drafts[0] and school not in s.drafts[1]]


def draft(s: EighthState, seat: int, school: str) -> bool:
    """`seat` drafts `school` for his group; True once the last school is drafted (the
    groups' decks are then to be built: `build`)."""
    g = s.group[seat]
    s.drafts[g].append(school)
    if s.log is not None:
        say(s, "draft", R_SPELLBOOK, f"P{seat} drafts {school} for {_named(s, g)}")
    return len(s.drafts[0]) == PICKS and len(s.drafts[1]) == PICKS


def build(s: EighthState) -> None:
    """Each group's deck: its Cantrip and its three schools, shuffled."""
    s.schools = tuple(school for school in SCHOOLS[1:] if school in s.drafts[0] or school in s.drafts[1])
    for g in range(GROUPS):
        s.decks[g] = cards.deck(tuple(sorted(s.drafts[g])))
        s.rng.shuffle(s.decks[g])
        if s.log is not None:
            cantrip = "White" if g == 0 else "Black"
            say(s, "draft", R_SPELLBOOK, f"{_named(s, g)} shuffle {cantrip} Cantrip with "
                f"{', '.join(s.drafts[g])} into a deck of {len(s.decks[g])}")


def _named(s: EighthState, g: int) -> str:
    """A group as the log names it: "P0 and P2's group"."""
    return " and ".join(f"P{q}" for q in members(s, g)) + "'s group"
