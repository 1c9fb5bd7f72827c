"""The Wizards of Mickey starter collection: card facts and effects from `data/cards.json`.

No public card list survives, so wizarena ships an original collection written in our own
words. A card's facts (name, colours, Magic Power, affiliation) and its game effects live in
the data file; an effect is a small JSON object whose `do` names a kind the rules engine
knows (see EFFECT_KINDS and docs/games/mickey.md, "Card effects"). Adding a card is adding
data; adding a new kind of effect is adding code to `effects.py`.

Every card gets one integer id, its position in the catalogue: Wizards first, then Magics,
then Castles. Decks and actions refer to cards by these ids.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

COLOURS = ("blue", "yellow", "black", "red", "green")  # card colours (1.1)
DIAMAGIC = ("blue", "yellow", "red", "green")  # Diamagic token colours (2.1)
POSITIONS = ("left", "centre", "right")
ANY_POSITION = "any"  # a Solitary Wizard whose Special Action has no position (9.12)
WIZARD, MAGIC, CASTLE = "wizard", "magic", "castle"
NO_AFFILIATION = "Legendary Wizard"  # 10.25: not an affiliation

# The Special Actions of section 9, in the rulebook's order.
SPECIAL_ACTIONS = ("cancel", "block", "confuse", "continue", "corrode", "corrupt", "untouchable", "recover",
                   "reveal", "swap", "solitary", "trickery", "break", "static", "teletrasporto")
# The modifier kinds of 8.4, in the order they are applied.
MODIFIERS = ("worth", "double", "halve", "adds", "subtracts", "plus", "minus", "final")
OTHER_KINDS = ("gain", "make", "draw", "discard_random", "hide", "no_hide", "limit", "immune", "extra_hide",
               "bonus", "reveal_stake", "tie_turn_player", "draw_tax")
EFFECT_KINDS = frozenset(SPECIAL_ACTIONS + MODIFIERS + OTHER_KINDS) - {"solitary"}
SELECTORS = ("self", "own", "opposing", "all", "adjacent", "opposite", "castle")
IMMUNITIES = ("magics", "opposing_magics", "castles")
FILTERS = ("colour", "min_power", "max_power", "name", "keyword", "printed")
CONDITIONS = ("owns", "owns_count", "position", "turn_player")
PARAMS = frozenset(("do", "to", "value", "of", "keyword", "n", "who", "max_power", "from", "if") + FILTERS)


@dataclass(frozen=True)
class Card:
    id: int
    kind: str                    # wizard, magic or castle
    name: str
    colours: tuple[str, ...]
    text: str                    # the card's game text, in our words
    effects: tuple[dict[str, Any], ...] = ()
    power: int = 0               # Magics: the printed Magic Power (10.15)
    title: str = ""              # Wizards
    team: str = ""               # Wizards: the printed team affiliation (10.25)
    solitary: str | None = None  # Wizards: the position of a Solitary Wizard's card, or "any" (9.12)
    specials: frozenset[str] = field(default=frozenset())  # Special Actions printed on it (8.5)

    @property
    def label(self) -> str:
        """How decks and actions name the card: Wizards by "Name (Title)", and the three cards of
        a Solitary Wizard (9.12), which share name and title, by "Name (Title) [position]". A
        Solitary Wizard without a position is three copies of one card, named once."""
        if self.kind != WIZARD:
            return self.name
        return f"{self.name} ({self.title})" + (f" [{self.solitary}]" if self.solitary in POSITIONS else "")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "name": self.name}
        if self.kind == WIZARD:
            out.update(title=self.title, team=self.team)
        out["colours"] = "/".join(self.colours)
        if self.kind == MAGIC:
            out["power"] = self.power
        if self.solitary:
            out["solitary"] = self.solitary
        out["text"] = self.text
        return out


class CardDataError(ValueError):
    pass


def _check_effect(where: str, eff: Any, kind: str) -> dict[str, Any]:
    if not isinstance(eff, dict) or not isinstance(eff.get("do"), str):
        raise CardDataError(f"{where}: an effect is an object with a 'do' kind")
    do = eff["do"]
    if do not in EFFECT_KINDS:
        raise CardDataError(f"{where}: no code implements effect kind {do!r}")
    extra = set(eff) - PARAMS
    if extra:
        raise CardDataError(f"{where}: effect {do!r} has unknown field(s) {', '.join(sorted(extra))}")
    if "to" in eff and eff["to"] not in SELECTORS:
        raise CardDataError(f"{where}: effect {do!r}: 'to' must be one of {', '.join(SELECTORS)}")
    if do in ("worth", "plus", "minus", "final") and not isinstance(eff.get("value"), int):
        raise CardDataError(f"{where}: effect {do!r} needs a whole-number 'value'")
    if do in ("adds", "subtracts") and eff.get("of") not in ("opposite", "adjacent"):
        raise CardDataError(f"{where}: effect {do!r} needs 'of': opposite or adjacent")
    if do in ("gain", "make") and eff.get("keyword") not in SPECIAL_ACTIONS:
        raise CardDataError(f"{where}: effect {do!r} needs a Special Action as 'keyword'")
    if do == "immune" and eff.get("from") not in IMMUNITIES:
        raise CardDataError(f"{where}: 'immune' needs 'from': one of {', '.join(IMMUNITIES)}")
    if do == "limit" and not isinstance(eff.get("max_power"), int):
        raise CardDataError(f"{where}: 'limit' needs a whole-number 'max_power'")
    if "colour" in eff and eff["colour"] not in COLOURS:
        raise CardDataError(f"{where}: unknown colour {eff['colour']!r}")
    for key in ("keyword", "printed"):
        if key in eff and eff[key] not in SPECIAL_ACTIONS:
            raise CardDataError(f"{where}: {key!r} must name a Special Action")
    cond = eff.get("if")
    if cond is not None:
        if not isinstance(cond, dict) or set(cond) - set(CONDITIONS) or len(cond) != 1:
            raise CardDataError(f"{where}: 'if' is one of {', '.join(CONDITIONS)}")
        if "owns" in cond and cond["owns"] not in DIAMAGIC:
            raise CardDataError(f"{where}: 'if owns' names a Diamagic colour")
        if "position" in cond and cond["position"] not in POSITIONS:
            raise CardDataError(f"{where}: 'if position' names left, centre or right")
    return eff


def parse_cards(data: Any) -> tuple[Card, ...]:
    """Check the collection and build its cards; every problem names the card and the field."""
    if not isinstance(data, dict):
        raise CardDataError("card data must be an object with 'wizards', 'magics' and 'castles' lists")
    cards: list[Card] = []
    labels: set[str] = set()
    for kind, key in ((WIZARD, "wizards"), (MAGIC, "magics"), (CASTLE, "castles")):
        rows = data.get(key)
        if not isinstance(rows, list) or not rows:
            raise CardDataError(f"card data needs a non-empty {key!r} list")
        for i, raw in enumerate(rows):
            where = f"{key} #{i}"
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
                raise CardDataError(f"{where}: needs a 'name'")
            where = f"{kind} {raw['name']!r}"
            colours = raw.get("colours")
            if not isinstance(colours, list) or not colours or any(c not in COLOURS for c in colours):
                raise CardDataError(f"{where}: 'colours' is a non-empty list of {', '.join(COLOURS)}")
            effects = raw.get("effects", [])
            if not isinstance(effects, list):
                raise CardDataError(f"{where}: 'effects' is a list")
            effects = [_check_effect(where, e, kind) for e in effects]
            specials = {e["do"] for e in effects if e["do"] in SPECIAL_ACTIONS}
            text = raw.get("text", "")
            if not isinstance(text, str):
                raise CardDataError(f"{where}: 'text' is a string")
            extra: dict[str, Any] = {}
            if kind == WIZARD:
                for f in ("title", "team"):
                    if not isinstance(raw.get(f), str) or not raw[f].strip():
                        raise CardDataError(f"{where}: a Wizard needs a {f!r}")
                extra = {"title": raw["title"], "team": raw["team"]}
                sol = raw.get("solitary")
                if sol is not None:
                    if sol not in POSITIONS + (ANY_POSITION,):
                        raise CardDataError(f"{where}: 'solitary' is left, centre, right or any")
                    extra["solitary"] = sol
                    specials.add("solitary")
            elif kind == MAGIC:
                power = raw.get("power")
                if not isinstance(power, int) or isinstance(power, bool) or not 0 <= power <= 6:
                    raise CardDataError(f"{where}: 'power' is a whole number from 0 to 6")
                extra = {"power": power}
            card = Card(id=len(cards), kind=kind, name=raw["name"], colours=tuple(colours), text=text,
                        effects=tuple(effects), specials=frozenset(specials), **extra)
            if card.label.lower() in labels:
                raise CardDataError(f"{where}: {card.label!r} appears twice")
            labels.add(card.label.lower())
            cards.append(card)
    return tuple(cards)


def load_cards() -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_cards(json.loads(text))


class Catalogue:
    """Find cards by the names people write: a Magic or Castle by name, a Wizard by
    "Name (Title)" or by name alone when only one Wizard has it. Case is ignored."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self._by: dict[str, list[Card]] = {}
        for c in cards:
            self._by.setdefault(c.label.lower(), []).append(c)
            if c.kind == WIZARD:
                self._by.setdefault(c.name.lower(), []).append(c)

    def find(self, name: str) -> Card:
        found = self._by.get(" ".join(name.split()).lower(), [])
        if len(found) == 1:
            return found[0]
        if found:
            raise KeyError(f"{name!r} names several Wizards: write one as " + " or ".join(
                repr(c.label) for c in found))
        raise KeyError(f"no card is named {name!r}")
