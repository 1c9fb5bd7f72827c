"""What each ability keyword does. Cards name their keyword in data/cards.json.

Four hooks, matching the rulebook's kinds of ability:
- QUICK[effect](s, seat, t) runs once when the wizard is placed on the field;
  CAN_QUICK tells whether a "may" ability would do anything now (if not, nobody is asked).
- FIELD_WIN[effect](s, seat, t) -> bool: a field ability that wins the battle outright.
- SUPPORT[effect](s, seat, bonus): adds to `bonus[seat]` while the card tops its owner's
  discard pile.
- AFTER_WIN[effect](s, seat, t): runs after the battle its wizard won.
Plus two flags read during the comparison: NO_WEAKNESS and LOWER_WINS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from wizarena.core import say

from .state import CupState


class Facts(NamedTuple):
    """Per-card facts the hooks read, as tuples indexed by card id."""

    names: tuple[str, ...]
    power: tuple[int, ...]
    quick: tuple[bool, ...]
    attribute: tuple[str, ...]
    has_ability: tuple[bool, ...]

QuickFn = Callable[[CupState, int, Facts], None]
CanQuickFn = Callable[[CupState, int], bool]
SupportFn = Callable[[CupState, int, list[int]], None]
FieldWinFn = Callable[[CupState, int, Facts], bool]

R_QUICK: Final = "Cup Abilities/Quick"
R_SUPPORT: Final = "Cup Abilities/Support"
R_FIELD: Final = "Cup Abilities/Field"
R_DETECTIVE: Final = "Cup Misc/Detective"
R_REVOLUTIONARY: Final = "Cup Misc/Revolutionary"
R_BOTANIST: Final = "Cup Misc/Botanist"


def _call_sub(s: CupState, seat: int, t: Facts) -> None:
    o = 1 - seat
    detective, new = s.field[seat], s.sub[seat]
    s.discard[seat].append(detective)
    s.field[seat] = new
    s.sub[seat] = -1
    s.fmod[seat] = 0
    s.seen[seat] |= 1 << new
    s.doubt[seat] &= ~(1 << new)
    if s.log is not None:
        say(s, "ability", R_DETECTIVE, f"P{seat}'s {t.names[detective]} is discarded and the Sub Card "
            f"{t.names[new]} takes the field")
    if new == s.field[o] and s.fresh >> o & 1:
        # The rulebook: a Sub Card of the same name as the wizard the opponent just placed
        # fires no Quick, and neither does that opponent wizard.
        had = (o, new) in s.queue
        s.queue = [q for q in s.queue if q != (o, new)]
        if had or t.quick[new]:
            if s.log is not None:
                say(s, "ability", R_DETECTIVE, f"{t.names[new]} meets {t.names[new]}: neither Quick ability is used")
    elif t.quick[new]:
        s.queue.insert(0, (seat, new))


def _uproot(s: CupState, seat: int, t: Facts) -> None:
    o = 1 - seat
    card = s.sub[o]
    s.sub[o] = -1
    s.discard[o].append(card)
    s.seen[o] |= 1 << card
    s.doubt[o] &= ~(1 << card)
    if s.log is not None:
        say(s, "ability", R_BOTANIST, f"P{o}'s Sub Card {t.names[card]} is discarded; if it has Support, "
            "it works in this battle")


def _revive(s: CupState, seat: int, t: Facts) -> None:
    card = s.discard[seat].pop()
    s.deck[seat].append(card)
    s.bottom = [s.bottom[0][:], s.bottom[1][:]]  # copy on write: clones may share the empty lists
    s.bottom[seat].append(card)
    if s.log is not None:
        say(s, "ability", R_QUICK, f"P{seat} puts {t.names[card]} from the discard pile at the bottom of the deck")


def _chill(s: CupState, seat: int, t: Facts) -> None:
    o = 1 - seat
    if s.field[o] >= 0:
        s.fmod[o] -= 3
        if s.log is not None:
            s.attached = [*s.attached, (o, s.field[o], seat, s.field[seat], -3)]
            say(s, "ability", R_QUICK, f"P{seat}'s {t.names[s.field[seat]]}: P{o}'s {t.names[s.field[o]]} has -3 "
                "Magic Power while it stays on the field")


QUICK: Final[dict[str, QuickFn]] = {
    "call_sub": _call_sub, "uproot": _uproot, "revive": _revive, "chill": _chill,
}
CAN_QUICK: Final[dict[str, CanQuickFn]] = {
    "call_sub": lambda s, seat: s.sub[seat] >= 0,
    "uproot": lambda s, seat: s.sub[1 - seat] >= 0,
    "revive": lambda s, seat: bool(s.discard[seat]),
    "chill": lambda s, seat: s.field[1 - seat] >= 0,
}


def _rally(s: CupState, seat: int, bonus: list[int]) -> None:
    bonus[seat] += 2


def _undertow(s: CupState, seat: int, bonus: list[int]) -> None:
    bonus[1 - seat] -= 2


def _grave_power(s: CupState, seat: int, bonus: list[int]) -> None:
    bonus[seat] += len(s.discard[seat])


SUPPORT: Final[dict[str, SupportFn]] = {
    "rally": _rally, "undertow": _undertow, "grave_power": _grave_power,
}

FIELD_WIN: Final[dict[str, FieldWinFn]] = {
    # Both conditions hold for a mirror match, so two Dancers (or two Blacksmiths) can both
    # win by ability at once: the case the rulebook's Miscellaneous section settles.
    "charm": lambda s, seat, t: t.has_ability[s.field[1 - seat]],
    "temper": lambda s, seat, t: t.attribute[s.field[1 - seat]] == "Non",
}


def _uprising(s: CupState, seat: int, t: Facts) -> None:
    o = 1 - seat
    if s.deck[o]:
        card = s.deck[o].pop(0)
        s.discard[o].append(card)
        s.seen[o] |= 1 << card
        s.doubt[o] &= ~(1 << card)
        if s.log is not None:
            say(s, "ability", R_REVOLUTIONARY, f"P{o}'s {t.names[card]} is discarded from the top of the deck")


AFTER_WIN: Final[dict[str, QuickFn]] = {"uprising": _uprising}

NO_WEAKNESS: Final[frozenset[str]] = frozenset({"deep_roots"})
LOWER_WINS: Final[frozenset[str]] = frozenset({"mirror"})
# "Field" abilities that work by a flag or hook elsewhere; listed so card data can name them.
FIELD_FLAGS: Final[frozenset[str]] = NO_WEAKNESS | LOWER_WINS | set(AFTER_WIN) | set(FIELD_WIN)

ALL_EFFECTS: Final[set[str]] = set(QUICK) | set(SUPPORT) | FIELD_FLAGS
