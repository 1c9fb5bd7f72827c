"""The Wizards Cup card set: facts from `data/cards.json`, validated when loaded.

The data file is the one place a card's facts live (a player who owns the printed set can
correct a card there). What an ability *does* is code in `abilities.py`, looked up by the
card's `effect` keyword.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

ATTRIBUTES = ("Fire", "Water", "Grass", "Light", "Dark", "Non")
KINDS = ("quick", "support", "field")
PROVENANCES = ("rulebook", "reported", "designed")

# The attributes that beat each attribute (its weaknesses), from the rulebook's table.
WEAKNESSES: dict[str, frozenset[str]] = {
    "Fire": frozenset({"Water"}),
    "Water": frozenset({"Grass"}),
    "Grass": frozenset({"Fire"}),
    "Light": frozenset({"Fire", "Water", "Grass"}),
    "Dark": frozenset({"Light"}),
    "Non": frozenset(),
}


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    attribute: str
    power: int
    kind: str | None
    may: bool
    effect: str | None
    ability: str
    provenance: str
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "attribute": self.attribute, "power": self.power,
                "kind": self.kind, "may": self.may, "ability": self.ability,
                "provenance": self.provenance, "source": self.source}


class CardDataError(ValueError):
    pass


def parse_cards(data: Any, known_effects: set[str]) -> tuple[Card, ...]:
    """Check a card set and build its cards; every problem names the card and the field."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError("card data must be an object with a 'cards' list")
    cards: list[Card] = []
    names: set[str] = set()
    for i, raw in enumerate(data["cards"]):
        where = f"card #{i}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: not an object")
        try:
            card = Card(id=raw["id"], name=raw["name"], attribute=raw["attribute"], power=raw["power"],
                        kind=raw.get("kind"), may=bool(raw.get("may", False)), effect=raw.get("effect"),
                        ability=raw.get("ability", ""), provenance=raw["provenance"],
                        source=raw.get("source", ""))
        except KeyError as exc:
            raise CardDataError(f"{where}: missing field {exc.args[0]!r}") from None
        where = f"card #{i} ({card.name})"
        if card.id != i:
            raise CardDataError(f"{where}: id must be {i} (ids are positions)")
        if not isinstance(card.name, str) or not card.name or card.name.lower() in names:
            raise CardDataError(f"{where}: names must be non-empty and unique")
        names.add(card.name.lower())
        if card.attribute not in ATTRIBUTES:
            raise CardDataError(f"{where}: attribute must be one of {', '.join(ATTRIBUTES)}")
        if not isinstance(card.power, int) or isinstance(card.power, bool) or card.power < 0:
            raise CardDataError(f"{where}: power must be a whole number >= 0")
        if card.kind is not None and card.kind not in KINDS:
            raise CardDataError(f"{where}: kind must be one of {', '.join(KINDS)} or null")
        if (card.kind is None) != (card.effect is None):
            raise CardDataError(f"{where}: a card has both a kind and an effect, or neither")
        if card.effect is not None and card.effect not in known_effects:
            raise CardDataError(f"{where}: no code implements effect {card.effect!r}")
        if card.provenance not in PROVENANCES:
            raise CardDataError(f"{where}: provenance must be one of {', '.join(PROVENANCES)}")
        cards.append(card)
    if len(cards) != 18:
        raise CardDataError(f"a Wizards Cup set has 18 cards, this one has {len(cards)}")
    return tuple(cards)


def load_cards(known_effects: set[str]) -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
    return parse_cards(json.loads(text), known_effects)
