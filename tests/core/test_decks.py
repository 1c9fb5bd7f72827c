"""Deck files read by core/decks.py: every way one can fail is the game's deck error
naming the file, and no file makes the reader recurse or read without end."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizarena.core.decks import read_toml
from wizarena.core.inputs import MAX_DECK_BYTES, MAX_DEPTH


class DeckError(Exception):
    pass


@pytest.mark.parametrize(("text", "words"), [
    ("a = " + "[" * 3000 + "]" * 3000, f"nested deeper than {MAX_DEPTH} levels"),
    ("a = " + "{x = " * 2000 + "1" + "}" * 2000, "nested deeper"),
    (".".join(["a"] * 3000) + " = 1", "nested deeper"),
    ("[cards]\nx = 1" + "0" * 5000, "4300"),
    ("[cards]\nx = inf", "inf and nan"),
])
def test_a_hostile_deck_is_a_deck_error_naming_the_file(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=f"deck.toml: .*{words}"):
        read_toml(str(path), DeckError)


def test_an_endless_file_is_read_no_further_than_the_limit() -> None:
    with pytest.raises(DeckError, match=f"/dev/zero: larger than a deck file may be \\({MAX_DECK_BYTES:,} bytes\\)"):
        read_toml("/dev/zero", DeckError)


def test_a_big_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * MAX_DECK_BYTES + "\n", encoding="utf-8")
    with pytest.raises(DeckError, match="larger than a deck file may be"):
        read_toml(str(path), DeckError)
