"""Wizards of Mickey decks: reading deck files and checking them against the deck rules.

A deck file is TOML (see docs/games/mickey.md, "Deck files"):

    name = "Ember Court"
    format = "grande"                 # mini | grande | official
    affiliation = "Wizards of Mickey" # the declared team, needed for official (6.3.2)
    team = ["Aldo Brightstaff", "Bruna Coalhand", "Cato Wick"]   # left, centre, right
    castles = ["Tower of Glass", ...]
    [magic]                           # card name = copies
    "Firebolt" = 3
    [support]                         # official only: 10 cards in all
    "Spark" = 1

`parse_deck` turns such a table (or the same shape as JSON) into a `Deck` of card ids and
rejects what is not a deck at all (wrong types, unknown cards, a Magic in the team).
`check_deck` then lists every way a well-formed deck breaks the deck rules of a format, each
with the rulebook section it breaks; `deck_notes` tells what is legal but costs something.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from wizarena.core.decks import read_toml
from wizarena.core.inputs import printable, shown

from .cards import CASTLE, MAGIC, NO_AFFILIATION, POSITIONS, WIZARD, Card, Catalogue

FORMATS = ("mini", "grande", "official")
MAGIC_DECK = {"mini": 25, "grande": 40, "official": 40}  # 4.1, 4.2
CASTLE_DECK = {"mini": 5, "grande": 8, "official": 8}  # 4.1, 4.2
TEAM_SIZE = 3  # 1.2, 4.1, 4.2
MAGIC_COPIES: Final = 3  # 1.3
CASTLE_COPIES: Final = 1  # 1.4
SUPPORT_SIZE = 10  # 4.2
MAX_OFFICIAL_POWER: Final = 80  # 4.2
# Limits on what a deck file may hold, far above any legal deck (checked while reading).
MAX_COPIES: Final = 99
MAX_ENTRIES: Final = 500
MAX_NAME: Final = 200
KEYS = ("name", "format", "affiliation", "team", "magic", "castles", "support")
KIND_NAMES = {WIZARD: "a Wizard", MAGIC: "a Magic", CASTLE: "a Castle"}


class DeckError(ValueError):
    """A deck file or table that is not a deck at all (as opposed to an illegal deck)."""


class Violation(NamedTuple):
    section: str  # the rulebook section, e.g. "4.1"
    message: str


@dataclass(frozen=True)
class Deck:
    name: str
    format: str | None
    affiliation: str | None
    team: tuple[int, ...]     # Wizard ids, left, centre, right
    magic: tuple[int, ...]    # one id per copy, sorted
    castles: tuple[int, ...]  # in the file's order
    support: tuple[int, ...] = ()  # one id per copy, sorted

    def to_json(self, cards: Sequence[Card] | Catalogue) -> dict[str, Any]:
        """The deck in the shape of its file: cards by label, Magics and Support as {label: copies}.
        `parse_deck` reads it back to an equal Deck."""
        table = _cards(cards)
        out: dict[str, Any] = {"name": self.name}
        if self.format is not None:
            out["format"] = self.format
        if self.affiliation is not None:
            out["affiliation"] = self.affiliation
        out["team"] = [table[i].label for i in self.team]
        out["castles"] = [table[i].label for i in self.castles]
        out["magic"] = {table[i].label: n for i, n in sorted(Counter(self.magic).items())}
        if self.support:
            out["support"] = {table[i].label: n for i, n in sorted(Counter(self.support).items())}
        return out


def _cards(cards: Sequence[Card] | Catalogue) -> Sequence[Card]:
    return cards.cards if isinstance(cards, Catalogue) else cards


def _catalogue(cards: Sequence[Card] | Catalogue) -> Catalogue:
    return cards if isinstance(cards, Catalogue) else Catalogue(tuple(cards))


# -- reading --------------------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _find(name: str, catalogue: Catalogue, slot: int | None = None) -> Card:
    """The card a deck names. In the team, the bare name (or "Name (Title)") of a Solitary
    Wizard picks that Wizard's card for the slot it is written in (9.12)."""
    try:
        return catalogue.find(name)
    except KeyError:
        if slot is not None and slot < len(POSITIONS):
            want = _norm(name)
            trio = [c for c in catalogue.cards if c.kind == WIZARD and c.solitary
                    and want in (_norm(c.name), _norm(f"{c.name} ({c.title})"))]
            if len({(c.name, c.title) for c in trio}) == 1:
                for c in trio:
                    if c.solitary == POSITIONS[slot]:
                        return c
        raise


def _text(data: dict[str, Any], key: str, required: bool) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise DeckError(f"the deck's {key!r} must be a non-empty string" if key in data
                        else f"the deck needs a {key!r}")
    return value.strip()


def _names(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DeckError(f"the deck's {key!r} must be a list of card names")
    return value


def _copies(data: dict[str, Any], key: str) -> dict[str, int]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise DeckError(f"the deck's {key!r} must be a table of card name = copies")
    # Bounded before anything is built from them: a count or a table of any size would
    # cost time and memory in proportion.
    if len(value) > MAX_ENTRIES:
        raise DeckError(f"the deck's {key!r} names {len(value)} cards; at most {MAX_ENTRIES}")
    long = [name for name in value if len(name) > MAX_NAME]
    if long:
        raise DeckError(f"the deck's {key!r}: a card name is at most {MAX_NAME} characters, not {len(long[0])}")
    bad = [name for name, n in value.items()
           if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_COPIES]
    if bad:
        raise DeckError(f"the deck's {key!r}: copies must be whole numbers from 1 to {MAX_COPIES}, not "
                        + ", ".join(f"{printable(name)} = {_shown(value[name])}" for name in bad[:5]))
    return value


def _shown(value: Any) -> str:
    """A value from a deck file as TOML would write it, cut short (repr escapes controls)."""
    text = repr(value)
    return text if len(text) <= 30 else text[:30] + "..."


def parse_deck(data: Any, catalogue: Catalogue) -> Deck:
    """Build a Deck from a deck file's table (TOML or the same shape as JSON).

    Raises DeckError, naming the problem, for data that is not a deck: an unknown key, a wrong
    type, copies that are not positive whole numbers, card names the catalogue does not know
    (all of them listed), or a card other than a Wizard in the team. Everything else, sizes,
    copies, colours, a Castle among the Magics, is for `check_deck` to report.
    """
    if not isinstance(data, dict):
        raise DeckError("a deck is a table with name, format, team, magic and castles")
    extra = [k for k in data if k not in KEYS]
    if extra:
        raise DeckError(f"the deck has unknown key(s) {', '.join(map(shown, extra[:5]))}; "
                        f"a deck has {', '.join(KEYS)}")
    name = _text(data, "name", required=True)
    fmt = _text(data, "format", required=False)
    if fmt is not None and fmt.lower() not in FORMATS:
        raise DeckError(f"the deck's format {shown(fmt)} is not one of {', '.join(FORMATS)}")
    affiliation = _text(data, "affiliation", required=False)
    team_names = _names(data, "team")
    castle_names = _names(data, "castles")
    magic_copies = _copies(data, "magic")
    support_copies = _copies(data, "support")

    unknown: list[str] = []
    ambiguous: list[str] = []

    def find(label: str, slot: int | None = None) -> Card | None:
        try:
            return _find(label, catalogue, slot)
        except KeyError as exc:
            reason = str(exc.args[0])
            if "several" in reason:  # a Wizard name shared by several titles
                ambiguous.append(reason)
            else:
                unknown.append(shown(label))
            return None

    team = [find(n, i) for i, n in enumerate(team_names)]
    castles = [find(n) for n in castle_names]
    magic = [(find(n), k) for n, k in magic_copies.items()]
    support = [(find(n), k) for n, k in support_copies.items()]
    if unknown or ambiguous:
        listed = list(dict.fromkeys(unknown))
        problems = [f"unknown card name{'s' if len(listed) > 1 else ''}: {', '.join(listed)}"] if listed else []
        raise DeckError("; ".join(problems + list(dict.fromkeys(ambiguous))))
    not_wizards = [c for c in team if c is not None and c.kind != WIZARD]
    if not_wizards:
        raise DeckError("the team holds Wizards only: " + ", ".join(
            f"{c.label!r} is {KIND_NAMES[c.kind]}" for c in not_wizards))
    return Deck(
        name=name or "",
        format=fmt.lower() if fmt else None,
        affiliation=affiliation,
        team=tuple(c.id for c in team if c is not None),
        magic=tuple(sorted(c.id for c, k in magic if c is not None for _ in range(k))),
        castles=tuple(c.id for c in castles if c is not None),
        support=tuple(sorted(c.id for c, k in support if c is not None for _ in range(k))),
    )


def read_deck(path: str, catalogue: Catalogue) -> Deck:
    """Read a deck file (TOML). A missing or unreadable file, invalid TOML (with its line) and
    malformed content all raise DeckError naming the file."""
    data = read_toml(path, DeckError)
    try:
        return parse_deck(data, catalogue)
    except DeckError as exc:
        raise DeckError(f"{path}: {exc}") from None


# -- checking -------------------------------------------------------------------------------------
def _resolve_format(deck: Deck, fmt: str | None) -> str:
    chosen = fmt if fmt is not None else deck.format
    if chosen is None:
        raise DeckError(f"deck {shown(deck.name)} names no format; give one of {', '.join(FORMATS)}")
    if chosen.strip().lower() not in FORMATS:
        raise DeckError(f"unknown deck format {shown(chosen)}; the formats are {', '.join(FORMATS)}")
    return chosen.strip().lower()


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _a(fmt: str) -> str:
    return f"{'an' if fmt[0] in 'aeiou' else 'a'} {fmt}"


def _copies_of(ids: Iterable[int], table: Sequence[Card], kind: str) -> Counter[str]:
    return Counter(table[i].name for i in ids if table[i].kind == kind)


def _colour_word(colours: Iterable[str]) -> str:
    return "/".join(colours)


def _solitary_trio(team: list[Card]) -> bool:
    """Whether the team is the cards of one Solitary Wizard (9.12), whatever their positions:
    three cards of one name and title, all Solitary. A Wizard whose Solitary has a position
    is three different cards, one per position; one without is three copies of one card."""
    if len(team) != TEAM_SIZE or not all(c.solitary for c in team) or len({(c.name, c.title) for c in team}) != 1:
        return False
    placed = [c.solitary for c in team if c.solitary in POSITIONS]
    return not placed or sorted(placed) == sorted(POSITIONS)


_ABILITIES: dict[tuple[int, str], tuple[str, ...]] = {}


def _ability(card: Card) -> tuple[str, ...]:
    """A Wizard's ability as comparable text, worked out once per card (the Support exchange
    checks a team at every step)."""
    key = (card.id, card.name)
    found = _ABILITIES.get(key)
    if found is None:
        found = _ABILITIES[key] = tuple(sorted(json.dumps(e, sort_keys=True) for e in card.effects))
    return found


def is_affiliated(card: Card, affiliation: str | None) -> bool:
    """Is the Wizard of the declared team affiliation (10.2, 10.25)? Case and spacing aside."""
    return affiliation is not None and _norm(card.team) == _norm(affiliation)


def unaffiliated(team: Iterable[Card], declared: str | None) -> int:
    """How many team Wizards are not of the declared affiliation (4.2, 10.25), each costing 1
    Final Magic Power. A Solitary Wizard is one Wizard made of three cards (9.12), so its
    cards count once together (ruling R32). "Legendary Wizard" is no affiliation (10.25)."""
    seen: set[tuple[str, str]] = set()
    n = 0
    for c in team:
        if c.kind != WIZARD or (is_affiliated(c, declared) and _norm(c.team) != _norm(NO_AFFILIATION)):
            continue
        if c.solitary:
            if (c.name, c.title) in seen:
                continue
            seen.add((c.name, c.title))
        n += 1
    return n


def _declared(deck: Deck) -> str | None:
    """The declared affiliation when it is one (6.3.2, 10.25)."""
    if deck.affiliation is None or _norm(deck.affiliation) == _norm(NO_AFFILIATION):
        return None
    return deck.affiliation


def _check_team(deck: Deck, fmt: str, table: Sequence[Card], deck_rule: str) -> list[Violation]:
    out: list[Violation] = []
    team = [table[i] for i in deck.team]
    if len(team) != TEAM_SIZE:
        out.append(Violation(deck_rule, f"the team has {_count(len(team), 'Wizard')}; "
                             f"it must have exactly {TEAM_SIZE}"))
    for c in team:
        if c.kind != WIZARD:
            out.append(Violation("1.2", f"{c.label} in the team is {KIND_NAMES[c.kind]}, not a Wizard"))
    wizards = [c for c in team if c.kind == WIZARD]
    trio = _solitary_trio(wizards)
    if not trio:
        for name, n in Counter(c.name for c in wizards).items():
            if n > 1:
                out.append(Violation("1.2", f"{n} team Wizards are named {name}; names in a team must differ"))
        for key in dict.fromkeys((c.name, c.title) for c in wizards if c.solitary):
            out.append(Violation("9.12", f"{key[0]} ({key[1]}) is Solitary: the team must be its three cards, "
                                 "one in each position, and no other Wizard"))
    if len(team) == TEAM_SIZE:
        for pos, c in zip(POSITIONS, team, strict=True):
            if c.kind == WIZARD and c.solitary in POSITIONS and c.solitary != pos:
                out.append(Violation("9.12", f"{c.label} must stand {c.solitary}, not {pos}"))
    if fmt == "official":
        for a in range(len(wizards)):
            for b in range(a + 1, len(wizards)):
                x, y = wizards[a], wizards[b]
                if x.effects and (x.name, x.title) != (y.name, y.title) and _ability(x) == _ability(y):
                    out.append(Violation("4.2", f"{x.label} and {y.label} have the same ability; "
                                         "an Official team may not repeat one"))
        if deck.affiliation is None:
            out.append(Violation("6.3.2", "an Official deck must declare its team affiliation "
                                 "(affiliation = \"...\")"))
        elif _declared(deck) is None:
            out.append(Violation("10.25", f"{NO_AFFILIATION!r} is not a team affiliation; declare a team"))
    return out


def _check_kinds(ids: Iterable[int], table: Sequence[Card], kind: str, where: str, rule: str) -> list[Violation]:
    return [Violation(rule, f"{table[i].label} in the {where} is {KIND_NAMES[table[i].kind]}, "
                      f"not {KIND_NAMES[kind]}")
            for i in dict.fromkeys(ids) if table[i].kind != kind]


_COLOUR_BITS: dict[str, int] = {}


def _colour_mask(colours: Iterable[str]) -> int:
    """Colours as bits (each colour named gets a bit the first time it is seen)."""
    mask = 0
    for col in colours:
        bit = _COLOUR_BITS.get(col)
        if bit is None:
            bit = _COLOUR_BITS[col] = 1 << len(_COLOUR_BITS)
        mask |= bit
    return mask


def _off_colour(ids: Iterable[int], table: Sequence[Card], allowed: set[str], rule: str,
                whose: str) -> list[Violation]:
    out: list[Violation] = []
    allowed_mask = _colour_mask(allowed)
    for i in dict.fromkeys(ids):
        c = table[i]
        if c.kind != MAGIC or not _colour_mask(c.colours) & ~allowed_mask:  # the usual case: it fits
            continue
        missing = [col for col in c.colours if col not in allowed]
        if missing:
            out.append(Violation(rule, f"{c.label} is {_colour_word(c.colours)}, but no {whose} is "
                                 f"{' or '.join(missing)}"))
    return out


def _check_pile(ids: tuple[int, ...], kind: str, what: str, size: int, copies: int, copy_rule: str, fmt: str,
                table: Sequence[Card], rule: str) -> list[Violation]:
    """A Magic or Castle deck: its size, the kind of its cards, copies of a name."""
    out: list[Violation] = []
    if len(ids) != size:
        out.append(Violation(rule, f"the {what} has {_count(len(ids), 'card')}; {_a(fmt)} deck needs exactly {size}"))
    out += _check_kinds(ids, table, kind, what, rule)
    for name, n in _copies_of(ids, table, kind).items():
        if n > copies:
            out.append(Violation(copy_rule, f"{n} copies of {name} in the {what}; at most {copies}"))
    return out


def _check_magic(deck: Deck, fmt: str, table: Sequence[Card], rule: str) -> list[Violation]:
    out = _check_pile(deck.magic, MAGIC, "Magic deck", MAGIC_DECK[fmt], MAGIC_COPIES, "1.3", fmt, table, rule)
    return out + _magic_fit(deck, fmt, table, rule)


def _magic_fit(deck: Deck, fmt: str, table: Sequence[Card], rule: str) -> list[Violation]:
    """The Magics against the team: every colour a team Wizard's (4.x), and in an Official
    deck the Magic Power total."""
    team_colours = {col for i in deck.team if table[i].kind == WIZARD for col in table[i].colours}
    out = _off_colour(deck.magic, table, team_colours, rule, "team Wizard")
    if fmt == "official":
        total = sum(table[i].power for i in deck.magic if table[i].kind == MAGIC)
        if total > MAX_OFFICIAL_POWER:
            out.append(Violation("4.2", f"the Magic deck's Magic Power adds up to {total}; "
                                 f"an Official deck allows at most {MAX_OFFICIAL_POWER}"))
    return out


def _check_castles(deck: Deck, fmt: str, table: Sequence[Card], rule: str) -> list[Violation]:
    return _check_pile(deck.castles, CASTLE, "Castle deck", CASTLE_DECK[fmt], CASTLE_COPIES, "1.4", fmt, table, rule)


def _check_support(deck: Deck, fmt: str, table: Sequence[Card]) -> list[Violation]:
    if not deck.support:
        return []
    if fmt != "official":
        return [Violation("4.2", f"only an Official deck may have a Support deck, not {_a(fmt)} deck")]
    out: list[Violation] = []
    if len(deck.support) != SUPPORT_SIZE:
        out.append(Violation("4.2", f"the Support deck has {_count(len(deck.support), 'card')}; "
                             f"it must have exactly {SUPPORT_SIZE} (or be left out)"))
    distinct = list(dict.fromkeys(deck.support))
    team = {(table[i].name, table[i].title) for i in deck.team if table[i].kind == WIZARD}
    declared = _declared(deck)
    for i in distinct:
        c = table[i]
        if c.kind != WIZARD:
            continue
        if declared is not None and not is_affiliated(c, declared):
            out.append(Violation("4.2", f"Support Wizard {c.label} is of team {c.team}, not of the declared "
                                 f"{declared}"))
        if (c.name, c.title) in team:
            out.append(Violation("4.2", f"Support Wizard {c.label} is already in the team; a Support Wizard "
                                 "may share a team Wizard's name only with a different title"))
    colours = {col for i in list(deck.team) + distinct if table[i].kind == WIZARD for col in table[i].colours}
    out += _off_colour(distinct, table, colours, "4.2", "team or Support Wizard")
    for kind, limit, pile, counted in ((MAGIC, MAGIC_COPIES, "Magic deck", deck.magic),
                                       (CASTLE, CASTLE_COPIES, "Castle deck", deck.castles)):
        in_deck = _copies_of(counted, table, kind)
        for name, n in _copies_of(deck.support, table, kind).items():
            have = in_deck.get(name, 0)
            if n + have > limit and have <= limit:
                out.append(Violation("4.2", f"{n + have} copies of {name} between the {pile} ({have}) and the "
                                     f"Support deck ({n}); at most {limit} in all"))
    return out


def check_deck(deck: Deck, fmt: str | None, cards: Sequence[Card] | Catalogue) -> list[Violation]:
    """Every way the deck breaks the deck rules of the format (default: the deck's own), each
    citing its section, in a fixed order: team, Magic deck, Castle deck, Support deck. An empty
    list means the deck is legal. Raises DeckError for an unknown or missing format."""
    fmt = _resolve_format(deck, fmt)
    table = _cards(cards)
    rule = "4.1" if fmt == "mini" else "4.2"
    return (_check_team(deck, fmt, table, rule) + _check_magic(deck, fmt, table, rule)
            + _check_castles(deck, fmt, table, rule) + _check_support(deck, fmt, table))


def exchange_violations(deck: Deck, cards: Sequence[Card] | Catalogue) -> list[Violation]:
    """What an Official deck that was legal breaks after Support exchanges (6.3.3), in
    check_deck's order: exchanges move cards one for one of a type between the deck and its
    Support deck, so the piles' sizes and kinds stay, and so do the copies of a name, which
    are counted across both (4.2). What can change is the team's own rules and how the
    Magics fit the team: those are checked, with check_deck's own functions."""
    table = _cards(cards)
    return _check_team(deck, "official", table, "4.2") + _magic_fit(deck, "official", table, "4.2")


def team_violations(team: tuple[int, ...], affiliation: str | None,
                    cards: Sequence[Card] | Catalogue) -> list[Violation]:
    """What an Official team breaks of its own rules (4.2, 9.12, 6.3.2, 10.25), as
    exchange_violations reports it, the Magics aside."""
    deck = Deck(name="", format="official", affiliation=affiliation, team=team, magic=(), castles=())
    return _check_team(deck, "official", _cards(cards), "4.2")


def deck_notes(deck: Deck, fmt: str | None, cards: Sequence[Card] | Catalogue) -> list[Violation]:
    """What is legal but worth telling: in an Official Challenge, an affiliation no card has, and
    the Final Magic Power lost to team Wizards of another affiliation (4.2, 10.25)."""
    fmt = _resolve_format(deck, fmt)
    declared = _declared(deck)
    if fmt != "official" or declared is None:
        return []
    table = _cards(cards)
    out: list[Violation] = []
    if not any(c.kind == WIZARD and is_affiliated(c, declared) for c in table):
        out.append(Violation("10.25", f"no Wizard in the collection is of team {shown(declared)}"))
    others = unaffiliated((table[i] for i in deck.team), declared)
    if others:
        wizards = "team Wizard is" if others == 1 else "team Wizards are"
        out.append(Violation("10.25", f"-{others} Final Magic Power: {others} {wizards} not of the declared "
                             "affiliation (4.2, 10.25)"))
    return out


def check_deck_file(path: str, fmt: str | None,
                    cards: Sequence[Card] | Catalogue) -> tuple[list[Violation], list[Violation]]:
    """Read and check a deck file: (violations, notes). The format defaults to the file's own;
    DeckError (a ValueError) for an unreadable or malformed file and an unknown or missing format."""
    deck = read_deck(path, _catalogue(cards))
    try:
        fmt = _resolve_format(deck, fmt)
    except DeckError as exc:
        raise DeckError(f"{path}: {exc}") from None
    return check_deck(deck, fmt, cards), deck_notes(deck, fmt, cards)
