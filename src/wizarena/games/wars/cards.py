"""The Wizard Wars collection: card facts and abilities from `data/cards.json`.

No card list of the game is public, so the collection is our own design (docs/games/wars.md).
A card's abilities are data: each is a trigger, an effect from the registry in effects.py and
its parameters, so a new card needs no new code unless it needs a new effect. Loading checks
every field and names the card and field of the first problem; the engine then reads the
flat tables at the bottom of this module (one entry per card id), never the JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

FACES: Final = ("Fire", "Water", "Earth", "Air", "Light", "Dark")
TYPES: Final = ("unit", "tactic", "equipment", "emplacement")
UNIT: Final = 0
TACTIC: Final = 1
EQUIPMENT: Final = 2
EMPLACEMENT: Final = 3
RARITIES: Final = ("common", "rare", "legendary")
CATEGORIES: Final = ("Land", "Location", "Liquor")
STARTS: Final = ("deck", "sideboard", "graveyard")

# Statuses, as bits of one int per card on the battlefield.
STATUSES: Final = ("locked", "poison", "doomed", "stalwart", "protector", "invisible", "immune")
LOCKED: Final = 1
POISON: Final = 2
DOOMED: Final = 4
STALWART: Final = 8
PROTECTOR: Final = 16
INVISIBLE: Final = 32
IMMUNE: Final = 64

# Triggers: when an ability acts.
TRIGGERS: Final = ("play", "turn_start", "pass", "tap", "destroyed", "overkill", "imbibe", "harmony",
                   "round_end")
ON_PLAY: Final = 0
ON_TURN: Final = 1
ON_PASS: Final = 2
ON_TAP: Final = 3
ON_DESTROYED: Final = 4
ON_OVERKILL: Final = 5
ON_IMBIBE: Final = 6
ON_HARMONY: Final = 7
ON_ROUND_END: Final = 8

# Conditions an ability may need to act (Chaos X, Paired, Devotion, Diversity X).
CONDITIONS: Final = ("", "chaos", "paired", "devotion", "diversity")

# What each effect may aim at. "self", "host", "neighbours" and "allies" need no choice.
TARGETS: Final = ("", "enemy_unit", "any_unit", "own_unit", "other_own_unit", "enemy_emplacement",
                  "self", "host", "neighbours", "allies")
CHOSEN_TARGETS: Final = frozenset({"enemy_unit", "any_unit", "own_unit", "other_own_unit", "enemy_emplacement"})
# effect -> (targets it accepts, whether it needs one)
EFFECTS: Final[dict[str, tuple[frozenset[str], bool]]] = {
    "assault": (frozenset({""}), False),
    "assassinate": (frozenset({""}), False),
    "destroy": (frozenset({"enemy_unit", "enemy_emplacement"}), True),
    "banish": (frozenset({"enemy_unit"}), True),
    "seize": (frozenset({"enemy_unit"}), True),
    "devour": (frozenset({"other_own_unit", "enemy_unit"}), True),
    "spawn": (frozenset({""}), False),
    "draw": (frozenset({""}), False),
    "points": (frozenset({""}), False),
    "counters": (frozenset({"self"}), True),
    "boost": (frozenset({"self", "own_unit", "enemy_unit", "neighbours", "allies", "any_unit"}), True),
    "status": (frozenset({"self", "host", "own_unit", "enemy_unit", "any_unit"}), True),
    "bounty": (frozenset({"enemy_unit"}), True),
    "purify": (frozenset({"own_unit", "any_unit", "self", "host"}), True),
    "create": (frozenset({""}), False),
    "summon": (frozenset({""}), False),
    "discard": (frozenset({""}), False),
}
ABILITY_KEYS: Final = frozenset({"on", "do", "n", "x", "face", "target", "status", "card", "source", "who",
                                 "max_toughness", "cost", "if"})
CARD_KEYS: Final = frozenset({"name", "faction", "type", "rarity", "provisions", "power", "armor", "races", "leader",
                              "category", "statuses", "disloyal", "haste", "engine", "tall", "echo", "plunder",
                              "veteran", "start", "cost", "token", "text", "abilities"})


class CardDataError(ValueError):
    """The card data breaks its own format; the message names the card and the field."""


@dataclass(frozen=True)
class Ability:
    on: int               # a trigger (ON_*)
    do: str               # an effect name (EFFECTS, code in effects.py)
    n: int                # the amount: damage, cards, points, counters, power
    x: int                # the X of a condition or of Overkill
    face: int             # the mana face of spawn, -1 when none
    target: str           # one of TARGETS
    status: int           # the status bit of "status", 0 when none
    card: str             # the card a create or summon brings ("unit": a random unit)
    source: str           # where summon or discard takes cards from
    who: str              # whose cards discard takes: "self" or "enemy"
    max_toughness: int    # a target's toughness must be at most this (Toughness X); -1: any
    cost: int             # the mana face a tap ability expends, -1 when free
    cond: int             # an index of CONDITIONS, 0 when none


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    faction: str | None
    type: int
    rarity: str
    provisions: int
    power: int
    armor: int
    races: tuple[str, ...]
    leader: bool
    category: str | None
    statuses: int
    disloyal: bool
    haste: bool
    engine: bool
    tall: bool
    echo: bool
    plunder: int
    veteran: int
    start: int
    cost: int
    token: bool
    text: str
    abilities: tuple[Ability, ...]

    def to_json(self) -> dict[str, Any]:
        """The card as `wizarena cards wars` and the web API list it, with its provenance:
        the rulebook names one card (Bird of Victory); every other card is ours."""
        row: dict[str, Any] = {"id": self.id, "name": self.name, "faction": self.faction or "unaffiliated",
                               "type": TYPES[self.type], "rarity": self.rarity, "provisions": self.provisions}
        if self.type in (UNIT, EQUIPMENT):
            row["power"], row["armor"] = self.power, self.armor
        if self.races:
            row["races"] = ", ".join(self.races)
        if self.category:
            row["category"] = self.category
        row["leader"] = self.leader
        row["token"] = self.token
        row["text"] = self.text
        row["source"] = ("the rulebook (Starting the Game): a 3-power unit for the first player"
                         if self.name == "Bird of Victory" else "designed for wizarena")
        return row


def _int(raw: dict[str, Any], key: str, where: str, default: int = 0, low: int = 0) -> int:
    v = raw.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise CardDataError(f"{where}: {key!r} must be a whole number >= {low}")
    return v


def _flag(raw: dict[str, Any], key: str, where: str) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise CardDataError(f"{where}: {key!r} must be true or false")
    return v


def _choice(raw: dict[str, Any], key: str, options: tuple[str, ...], where: str, default: str | None = None) -> str:
    v = raw.get(key, default)
    if v not in options:
        raise CardDataError(f"{where}: {key!r} must be one of {', '.join(o or repr(o) for o in options)}")
    return str(v)


def _ability(raw: Any, where: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: an ability is an object with 'on' and 'do'")
    extra = sorted(set(raw) - ABILITY_KEYS)
    if extra:
        raise CardDataError(f"{where}: unknown ability key(s) {', '.join(extra)}")
    on = TRIGGERS.index(_choice(raw, "on", TRIGGERS, where))
    do = raw.get("do")
    if do not in EFFECTS:
        raise CardDataError(f"{where}: no code implements effect {do!r} (known: {', '.join(sorted(EFFECTS))})")
    target = _choice(raw, "target", TARGETS, where, "")
    allowed, needed = EFFECTS[do]
    if target not in allowed or (needed and not target):
        raise CardDataError(f"{where}: effect {do!r} takes target {' or '.join(sorted(t or 'none' for t in allowed))}"
                            f", not {target or 'none'}")
    face = raw.get("face")
    if (do == "spawn") != (face is not None) or (face is not None and face not in FACES):
        raise CardDataError(f"{where}: 'face' (one of {', '.join(FACES)}) is given to spawn and only to spawn")
    cost = raw.get("cost")
    if cost is not None and (cost not in FACES or on != ON_TAP):
        raise CardDataError(f"{where}: 'cost' is a mana face, and only a tap ability has one")
    status = raw.get("status")
    if (do == "status") != (status is not None) or (status is not None and status not in STATUSES):
        raise CardDataError(f"{where}: 'status' (one of {', '.join(STATUSES)}) is given to status and only to it")
    cond = CONDITIONS.index(_choice(raw, "if", CONDITIONS, where, ""))
    if on == ON_ROUND_END and target in CHOSEN_TARGETS:
        raise CardDataError(f"{where}: a round-end ability may not ask for a target")
    if do in ("create", "summon") and not isinstance(raw.get("card"), str):
        raise CardDataError(f"{where}: {do} names the 'card' it brings")
    if do == "summon" and raw.get("source") not in ("deck", "graveyard", "sideboard"):
        raise CardDataError(f"{where}: summon takes 'source' deck, graveyard or sideboard")
    if do == "discard" and (raw.get("source") not in ("hand", "deck") or raw.get("who") not in ("self", "enemy")):
        raise CardDataError(f"{where}: discard takes 'source' hand or deck and 'who' self or enemy")
    n = raw.get("n", 0)
    if not isinstance(n, int) or isinstance(n, bool):
        raise CardDataError(f"{where}: 'n' must be a whole number")
    if do in ("assault", "assassinate", "draw", "create", "counters", "bounty") and n < 1:
        raise CardDataError(f"{where}: {do} needs 'n' of at least 1")
    return Ability(on=on, do=do, n=n, x=_int(raw, "x", where), face=FACES.index(face) if face else -1,
                   target=target, status=1 << STATUSES.index(status) if status else 0,
                   card=str(raw.get("card", "")), source=str(raw.get("source", "")), who=str(raw.get("who", "")),
                   max_toughness=_int(raw, "max_toughness", where, -1, -1), cost=FACES.index(cost) if cost else -1,
                   cond=cond)


def parse_cards(data: Any) -> tuple[Card, ...]:
    """Check the collection and build its cards; a problem raises CardDataError naming it."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError("card data must be an object with a 'cards' list")
    cards: list[Card] = []
    names: dict[str, int] = {}
    for i, raw in enumerate(data["cards"]):
        where = f"card #{i}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: not an object")
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CardDataError(f"{where}: 'name' must be a non-empty string")
        where = f"card #{i} ({name})"
        extra = sorted(set(raw) - CARD_KEYS)
        if extra:
            raise CardDataError(f"{where}: unknown key(s) {', '.join(extra)}")
        if name.lower() in names:
            raise CardDataError(f"{where}: the name is already card #{names[name.lower()]}'s")
        names[name.lower()] = i
        faction = raw.get("faction")
        if faction is not None and (not isinstance(faction, str) or not faction.strip()):
            raise CardDataError(f"{where}: 'faction' is a name or null (unaffiliated)")
        type_ = TYPES.index(_choice(raw, "type", TYPES, where))
        if type_ not in (UNIT, EQUIPMENT) and ("power" in raw or "armor" in raw):
            raise CardDataError(f"{where}: only units and equipment have power and armor")
        races = raw.get("races", [])
        if not isinstance(races, list) or not all(isinstance(r, str) and r for r in races):
            raise CardDataError(f"{where}: 'races' is a list of racial categories")
        if races and type_ != UNIT:
            raise CardDataError(f"{where}: only units have racial categories")
        category = raw.get("category")
        if category is not None and category not in CATEGORIES:
            raise CardDataError(f"{where}: 'category' is one of {', '.join(CATEGORIES)}")
        if category in ("Land", "Location") and type_ != EMPLACEMENT or category == "Liquor" and type_ != EQUIPMENT:
            raise CardDataError(f"{where}: Land and Location are emplacements, Liquor is equipment")
        sts = raw.get("statuses", [])
        if not isinstance(sts, list) or not all(st in STATUSES for st in sts):
            raise CardDataError(f"{where}: 'statuses' lists some of {', '.join(STATUSES)}")
        bits = 0
        for st in sts:
            bits |= 1 << STATUSES.index(st)
        if category == "Location" and not bits & STALWART:
            raise CardDataError(f"{where}: a Location is stalwart")
        text = raw.get("text")
        if not isinstance(text, str) or not text:
            raise CardDataError(f"{where}: every card has a 'text'")
        said = [part.strip().rstrip(".") for part in text.split(". ")]
        again = next((part for k, part in enumerate(said) if part and part in said[:k]), None)
        if again is not None:
            raise CardDataError(f"{where}: the text says {again!r} more than once; say it once, "
                                "and how many times it acts")
        abilities = raw.get("abilities", [])
        if not isinstance(abilities, list):
            raise CardDataError(f"{where}: 'abilities' is a list")
        parsed = tuple(_ability(a, f"{where} ability {k + 1}") for k, a in enumerate(abilities))
        if sum(1 for a in parsed if a.on == ON_TAP) > 1:
            raise CardDataError(f"{where}: a card has at most one tap ability")
        if type_ == TACTIC and any(a.on != ON_PLAY for a in parsed):
            raise CardDataError(f"{where}: a tactic acts only when played")
        for flag in ("disloyal", "tall", "plunder", "veteran"):
            if raw.get(flag) and type_ != UNIT:
                raise CardDataError(f"{where}: only units are {flag}")
        if raw.get("echo") and type_ != TACTIC:
            raise CardDataError(f"{where}: only tactics have echo")
        cost = raw.get("cost")
        if cost is not None and cost not in FACES:
            raise CardDataError(f"{where}: 'cost' is a mana face to expend when played")
        cards.append(Card(
            id=i, name=name.strip(), faction=faction, type=type_, rarity=_choice(raw, "rarity", RARITIES, where),
            provisions=_int(raw, "provisions", where), power=_int(raw, "power", where),
            armor=_int(raw, "armor", where), races=tuple(races), leader=_flag(raw, "leader", where),
            category=category, statuses=bits, disloyal=_flag(raw, "disloyal", where), haste=_flag(raw, "haste", where),
            engine=_flag(raw, "engine", where), tall=_flag(raw, "tall", where), echo=_flag(raw, "echo", where),
            plunder=_int(raw, "plunder", where), veteran=_int(raw, "veteran", where),
            start=STARTS.index(_choice(raw, "start", STARTS, where, "deck")),
            cost=FACES.index(cost) if cost else -1, token=_flag(raw, "token", where), text=text,
            abilities=parsed))
    for c in cards:
        for a in c.abilities:
            if a.do == "create" and (a.card.lower() not in names or not cards[names[a.card.lower()]].token):
                raise CardDataError(f"card {c.name}: create brings a token card, and {a.card!r} is none")
            if a.do == "summon" and a.card != "unit" and a.card.lower() not in names:
                raise CardDataError(f"card {c.name}: summon names an unknown card {a.card!r}")
    if "bird of victory" not in names:
        raise CardDataError("the collection needs the Bird of Victory")
    return tuple(cards)


def load_cards() -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_cards(json.loads(text))


CARDS: Final = load_cards()
N: Final[int] = len(CARDS)
NAMES: Final[tuple[str, ...]] = tuple(c.name for c in CARDS)
BY_NAME: Final = {c.name.lower(): c.id for c in CARDS}
TYPE: Final[tuple[int, ...]] = tuple(c.type for c in CARDS)
POWER: Final = tuple(c.power for c in CARDS)
ARMOR: Final = tuple(c.armor for c in CARDS)
INNATE: Final = tuple(c.statuses for c in CARDS)
DISLOYAL: Final = tuple(c.disloyal for c in CARDS)
HASTE: Final = tuple(c.haste for c in CARDS)
ENGINE: Final = tuple(c.engine for c in CARDS)
TALL: Final = tuple(c.tall for c in CARDS)
ECHO: Final = tuple(c.echo for c in CARDS)
PLUNDER: Final = tuple(c.plunder for c in CARDS)
VETERAN: Final = tuple(c.veteran for c in CARDS)
LIQUOR: Final = tuple(c.category == "Liquor" for c in CARDS)
COST: Final = tuple(c.cost for c in CARDS)
START: Final = tuple(c.start for c in CARDS)
UNAFFILIATED: Final = tuple(c.faction is None for c in CARDS)
ABILITIES: Final = tuple(c.abilities for c in CARDS)
_RACE_LIST: Final = sorted({r for c in CARDS for r in c.races})
RACES: Final = tuple(sum(1 << _RACE_LIST.index(r) for r in c.races) for c in CARDS)  # bit masks
RACE_NAMES: Final = tuple(_RACE_LIST)
# The index of each card's tap ability in its abilities, -1 when it has none.
TAP: Final[tuple[int, ...]] = tuple(next((k for k, a in enumerate(c.abilities) if a.on == ON_TAP), -1) for c in CARDS)
# Per trigger, the indices of each card's abilities on it (most cards have none).
BY_TRIGGER: Final = tuple(tuple(tuple(k for k, a in enumerate(c.abilities) if a.on == t) for c in CARDS)
                          for t in range(len(TRIGGERS)))
BIRD: Final = BY_NAME["bird of victory"]
FACTIONS: Final = tuple(sorted({c.faction for c in CARDS if c.faction is not None}))
