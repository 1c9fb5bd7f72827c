"""What every game's glossary test checks (issue 27, "help while playing"): `help WORD`
answers each word with its reminder whatever the case and spacing, each reminder is one
short sentence, and no word hides a card of the same name (the glossary is looked up first)."""

from __future__ import annotations

from typing import Any


def assert_glossary_answers(game: Any, card_names: list[str]) -> None:
    glossary: dict[str, str] = game.glossary
    names = {name.lower() for name in card_names}
    assert not [word for word in glossary if word.lower() in names]
    for word, reminder in glossary.items():
        assert word and word.strip() == word, word
        assert reminder.strip() and "\n" not in reminder and reminder.endswith("."), word
        assert len(reminder) <= 200, (word, len(reminder))
        expected = f"{word}: {reminder}"
        for typed in (word, word.upper(), "  " + "  ".join(word.lower().split()) + " "):
            assert game.help_text(typed) == expected, typed
