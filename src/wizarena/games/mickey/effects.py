"""Card effects compiled into flat per-card tables the rules engine reads in its loops.

The data file states effects as small JSON objects (see cards.py and docs/games/mickey.md,
"Card effects"). Here each card's effects are sorted by when they act: on coming into
play (`ENTRY`), at the count (`MODS`, the modifiers of 8.4), on casting (`CASTFX`: who may
cast what, and how), or as standing facts (`IMMUNE`, Castle rules).
"""

from __future__ import annotations

import re
from typing import Any, Final, final

from .cards import CASTLE, COLOURS, DIAMAGIC, MAGIC, MODIFIERS, POSITIONS, WIZARD, Card, load_cards

# The tables are Final so that the compiled engine reads them as C statics, not by name.
CARDS: Final[tuple[Card, ...]] = load_cards()
N: Final = len(CARDS)
WIZARDS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind == WIZARD)
MAGICS: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind == MAGIC)
CASTLES: Final[tuple[int, ...]] = tuple(c.id for c in CARDS if c.kind == CASTLE)
LABEL: Final[tuple[str, ...]] = tuple(c.label for c in CARDS)
POWER: Final = tuple(c.power for c in CARDS)
COLOUR_BITS: Final = tuple(sum(1 << COLOURS.index(k) for k in c.colours) for c in CARDS)
_WORD: Final = re.compile(r"[a-z0-9']+")


def name_words(text: str) -> tuple[str, ...]:
    """The words of a card name or a quoted name, lower case: letters, digits and apostrophes
    make a word ("Wanderer's"), anything else (a space, a hyphen) parts two."""
    return tuple(_WORD.findall(text.lower()))


def words_in(quoted: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """10.9: a quoted name reaches the cards whose name includes those words, in that order and
    side by side; a word is matched whole, so "Star" is in Dark Star but not in Starseed."""
    n = len(quoted)
    if n == 0:
        return False
    for i in range(len(name) - n + 1):
        if name[i:i + n] == quoted:
            return True
    return False


NAME_WORDS: Final = tuple(name_words(c.name) for c in CARDS)
PRINTED: Final = tuple(c.specials for c in CARDS)
STEP: Final = {k: i for i, k in enumerate(MODIFIERS)}

# Effects that act once, when their card comes into play (8.2, 8.5).
ENTRY_KINDS: Final = frozenset({"cancel", "block", "confuse", "corrode", "corrupt", "recover", "reveal", "swap",
                                "break", "teletrasporto", "draw", "discard_random", "gain", "make"})
CAST_KINDS: Final = frozenset({"hide", "no_hide", "limit"})


# The effect records below are small native classes rather than NamedTuples: the compiled
# engine reads their fields as struct members, where a NamedTuple field is a lookup by name.
@final
class Filter:
    """Which Magics an effect reaches, beyond its selector; None fields do not filter."""

    __slots__ = ("colour", "min_power", "max_power", "name", "keyword", "printed")

    def __init__(self, colour: int, min_power: int, max_power: int, name: tuple[str, ...] | None,
                 keyword: str | None,
                 printed: str | None) -> None:
        self.colour = colour
        self.min_power = min_power
        self.max_power = max_power
        self.name = name
        self.keyword = keyword
        self.printed = printed


@final
class Cond:
    """A source's "if" (see _cond in game.py)."""

    __slots__ = ("owns", "owns_count", "position", "turn_player")

    def __init__(self, owns: int, owns_count: int, position: int, turn_player: bool) -> None:
        self.owns = owns                # a Diamagic colour index, or -1
        self.owns_count = owns_count    # 0 = no condition
        self.position = position        # -1 = no condition
        self.turn_player = turn_player


@final
class Mod:
    """A modifier of 8.4."""

    __slots__ = ("step", "kind", "value", "of", "to", "filt", "cond")

    def __init__(self, step: int, kind: str, value: int, of: str | None, to: str, filt: Filter | None,
                 cond: Cond | None) -> None:
        self.step = step                # index in MODIFIERS: the order of 8.4
        self.kind = kind
        self.value = value
        self.of = of                    # adds / subtracts: whose printed power
        self.to = to
        self.filt = filt
        self.cond = cond


@final
class Eff:
    """An entry or casting effect, with its parameters looked up once."""

    __slots__ = ("kind", "to", "n", "keyword", "who", "max_power", "filt", "cond")

    def __init__(self, kind: str, to: str, n: int, keyword: str | None, who: str, max_power: int,
                 filt: Filter | None, cond: Cond | None) -> None:
        self.kind = kind
        self.to = to
        self.n = n
        self.keyword = keyword
        self.who = who
        self.max_power = max_power
        self.filt = filt
        self.cond = cond


def _filter(e: dict[str, Any]) -> Filter | None:
    # For gain and make, "keyword" names what is given, not a filter on the targets.
    keyword = None if e["do"] in ("gain", "make") else e.get("keyword")
    if not any(k in e for k in ("colour", "min_power", "max_power", "name", "printed")) and keyword is None:
        return None
    return Filter(1 << COLOURS.index(e["colour"]) if "colour" in e else 0, e.get("min_power", -1),
                  e.get("max_power", 99), name_words(e["name"]) if "name" in e else None, keyword,
                  e.get("printed"))


def _cond(e: dict[str, Any]) -> Cond | None:
    c = e.get("if")
    if not c:
        return None
    return Cond(DIAMAGIC.index(c["owns"]) if "owns" in c else -1, c.get("owns_count", 0),
                POSITIONS.index(c["position"]) if "position" in c else -1, bool(c.get("turn_player")))


def _default_to(card: Card, kind: str) -> str:
    if kind in ("block", "confuse", "corrode", "corrupt", "cancel"):
        return "opposite"
    if card.kind == CASTLE:
        return "all"
    if kind == "no_hide":
        return "opposing"
    if kind == "limit":
        return "opposing"
    return "self"


def _compile(card: Card) -> tuple[tuple[Eff, ...], tuple[Mod, ...], tuple[Eff, ...], frozenset[str]]:
    entry: list[Eff] = []
    mods: list[Mod] = []
    cast: list[Eff] = []
    immune: set[str] = set()
    for e in card.effects:
        kind = e["do"]
        to = e.get("to", _default_to(card, kind))
        if kind in STEP:
            mods.append(Mod(STEP[kind], kind, e.get("value", 0), e.get("of"), to, _filter(e), _cond(e)))
        elif kind == "immune":
            immune.add(e["from"])
        elif kind in ENTRY_KINDS or kind in CAST_KINDS:
            eff = Eff(kind, to, e.get("n", 1), e.get("keyword"), e.get("who", "opponent"), e.get("max_power", 99),
                      _filter(e), _cond(e))
            (entry if kind in ENTRY_KINDS else cast).append(eff)
    return tuple(entry), tuple(mods), tuple(cast), frozenset(immune)


_COMPILED = tuple(_compile(c) for c in CARDS)
ENTRY: Final = tuple(x[0] for x in _COMPILED)
MODS: Final = tuple(x[1] for x in _COMPILED)
CASTFX: Final = tuple(x[2] for x in _COMPILED)
IMMUNE: Final = tuple(x[3] for x in _COMPILED)
# "make" is a standing effect of its card (ruling R5): (keyword, to, filter, condition) per card.
MAKES: Final = tuple(tuple((e.keyword, e.to, e.filt, e.cond) for e in fx if e.kind == "make") for fx in ENTRY)
MADE_KEYWORDS: Final = frozenset(m[0] or "" for fx in MAKES for m in fx)
# "gain" is a standing effect too (8.2, ruling R5), in the same shape.
GAINS: Final = tuple(tuple((e.keyword or "", e.to, e.filt, e.cond) for e in fx if e.kind == "gain") for fx in ENTRY)
EXTRA_HIDE: Final = tuple(any(e["do"] == "extra_hide" for e in c.effects) for c in CARDS)


def _castle_flag(kind: str) -> tuple[int, ...]:
    return tuple(max((e.get("n", 1) for e in c.effects if e["do"] == kind), default=0) for c in CARDS)


BONUS: Final = _castle_flag("bonus")
REVEAL_STAKE: Final = tuple(bool(x) for x in _castle_flag("reveal_stake"))
TIE_TURN_PLAYER: Final = tuple(bool(x) for x in _castle_flag("tie_turn_player"))
DRAW_TAX: Final = tuple(bool(x) for x in _castle_flag("draw_tax"))
