"""The glossary of Wizards Cup: `help WORD` at the table answers every keyword and status
with its reminder, no word hides a card, and the words the table shows are all there."""

from __future__ import annotations

from tests.games.cup.helpers import GAME, battle
from tests.games.glossaries import assert_glossary_answers
from wizarena.games.cup.cards import WEAKNESSES
from wizarena.games.cup.game import NAMES
from wizarena.games.cup.glossary import GLOSSARY


def test_the_game_carries_the_glossary() -> None:
    assert GAME.glossary is GLOSSARY
    assert len(GLOSSARY) >= 30


def test_help_answers_each_word_and_hides_no_card() -> None:
    assert_glossary_answers(GAME, list(NAMES))


def test_every_card_is_still_found_by_its_name() -> None:
    """help_text tries the glossary first: a word equal to a card's name would hide the card."""
    for name in NAMES:
        answer = GAME.help_text(name)
        assert answer is not None and answer.startswith(name + " (")
    # the game's own topics answer before the glossary, so none of them is a word
    assert not {w.lower() for w in GLOSSARY} & {"attributes", "attribute", "weakness", "weaknesses"}


def test_each_attribute_says_what_beats_it_and_what_it_beats() -> None:
    for attribute, weak in WEAKNESSES.items():
        reminder = GLOSSARY[attribute]
        beats = [a for a, w in WEAKNESSES.items() if attribute in w]
        for other in weak | set(beats):
            assert other in reminder, (attribute, other)
        assert ("weak to" in reminder) == bool(weak), attribute
    assert "no weakness" in GLOSSARY["Non"]


def test_the_ability_kinds_and_the_rules_words_are_covered() -> None:
    for word in ("Magic Power", "Quick", "Support", "Field", "May", "Sub Card", "Victory Chip", "Match", "Battle",
                 "Order", "Selection", "Swap", "Attribute Compatibility", "Quick Order", "Win by Ability",
                 "No Weakness", "Tie-break"):
        assert word in GLOSSARY, word


def test_the_words_the_table_shows_are_in_the_glossary() -> None:
    """A battle waiting on Botanist's "may", Frost Witch's -3 still attached to the wizard
    that beat her: the terminal shows chips, fields, Magic Power, decks, Sub Cards, the
    discard piles, the six and the unused cards, and each has its reminder."""
    s = battle(["Frost Witch", "Botanist", "Bard", "Hermit", "Paladin"],
               ["Night Sovereign", "Golem", "Druid", "Dancer", "Salamander"], None, "Tide Caller")
    shown = GAME.render_text(GAME.view(s, 0)).lower()
    for seen, word in (("Victory Chips", "Victory Chip"), ("field:", "Field"), ("Magic Power", "Magic Power"),
                       ("-3 attached", "Attached"), ("deck:", "Deck"), ("Sub Card:", "Sub Card"),
                       ("discard:", "Discard Pile"), ("drawn at random", "Drawn at Random"), ("your six", "Six"),
                       ("unused:", "Unused"), ("Battle", "Battle"), ("may use", "May")):
        assert seen.lower() in shown, seen
        assert GAME.help_text(word) == f"{word}: {GLOSSARY[word]}", word
