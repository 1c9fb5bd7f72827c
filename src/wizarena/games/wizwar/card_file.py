"""What the card files of both editions share (cards.py for 6e, eighth/cards.py for 8e):
the one-line error, the bound on a file's size checked before it is parsed, and the
checks every card entry makes the same way (its id, whole numbers)."""

from __future__ import annotations

import json
from typing import Any, Final

MAX_FILE_CHARS: Final = 262_144
MAX_ID: Final = 40
ID_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class CardDataError(ValueError):
    """A card file that cannot be used; the message is one line naming the card and field."""


def decode(text: object) -> Any:
    """The JSON of a card file, its size bounded before it is parsed."""
    if not isinstance(text, str):
        raise CardDataError(f"card data must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_FILE_CHARS:
        raise CardDataError(f"card data is larger than {MAX_FILE_CHARS} characters")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"card data is not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise CardDataError("card data is nested too deeply") from None


def one_of(values: tuple[str, ...]) -> str:
    return ", ".join(values)


def is_int(v: object) -> bool:
    """A whole number (JSON's true and false are not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def check_fields(where: str, what: str, raw: dict[str, Any], fields: tuple[str, ...]) -> None:
    """`raw` (a card, or a part of one) has every one of `fields` and nothing else."""
    for key in fields:
        if key not in raw:
            raise CardDataError(f"{where}: {what} is missing field {key!r}")
    for key in raw:
        if key not in fields:
            raise CardDataError(f"{where}: {what} has unknown field {str(key)[:40]!r} (fields: {one_of(fields)})")


def check_id(where: str, v: object) -> str:
    """A card id: snake case, starting with a letter, at most MAX_ID characters."""
    if (not isinstance(v, str) or not 0 < len(v) <= MAX_ID or not ("a" <= v[0] <= "z")
            or any(ch not in ID_CHARS for ch in v)):
        raise CardDataError(f"{where}: 'id' must be snake case (a-z, 0-9, _; starting with a letter), "
                            f"at most {MAX_ID} characters")
    return v


PROVENANCE_FIELDS: Final = ("source", "confidence", "designed", "note")
CONFIDENCES: Final = ("H", "M", "L")


def check_provenance(where: str, p: object, sources: tuple[str, ...], fields: tuple[str, ...],
                     max_note: int) -> None:
    """A card's provenance: its source tags (each one of `sources`, none twice), a
    confidence, the card's `fields` we designed (never its id or provenance), a note."""
    if not isinstance(p, dict):
        raise CardDataError(f"{where}: 'provenance' must be an object with {one_of(PROVENANCE_FIELDS)}")
    check_fields(where, "provenance", p, PROVENANCE_FIELDS)
    source = p["source"]
    if not isinstance(source, list) or not 0 < len(source) <= len(sources):
        raise CardDataError(f"{where}: 'source' must be a list of 1 to {len(sources)} source tags")
    for tag in source:
        if not isinstance(tag, str) or tag not in sources:
            raise CardDataError(f"{where}: 'source' has unknown tag {str(tag)[:20]!r} (known: {one_of(sources)})")
    if len(set(source)) != len(source):
        raise CardDataError(f"{where}: 'source' names a tag twice")
    if p["confidence"] not in CONFIDENCES:
        raise CardDataError(f"{where}: 'confidence' must be H, M or L")
    designed = p["designed"]
    if not isinstance(designed, list) or len(designed) > len(fields):
        raise CardDataError(f"{where}: 'designed' must be a list of the card's fields we designed")
    for name in designed:
        if not isinstance(name, str) or name not in fields[1:-1]:
            raise CardDataError(f"{where}: 'designed' names unknown field {str(name)[:40]!r}")
    if len(set(designed)) != len(designed):
        raise CardDataError(f"{where}: 'designed' names a field twice")
    note = p["note"]
    if not isinstance(note, str) or len(note) > max_note or "\n" in note:
        raise CardDataError(f"{where}: 'note' must be at most {max_note} characters of text on one line")


class CardRow:
    """One card of the catalogue with its provenance, as the CLI and the API list cards."""

    __slots__ = ("row",)

    def __init__(self, row: dict[str, Any]) -> None:
        self.row = row

    def to_json(self) -> dict[str, Any]:
        return dict(self.row)
