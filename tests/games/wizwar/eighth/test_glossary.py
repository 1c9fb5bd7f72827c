"""The glossary of Wiz-War's 8th edition: `help WORD` at the table answers every keyword,
card type, phase and status with its reminder, no word hides a card, and the words the
terminal shows (stun, movement points, maintained spells and their tokens) are explained."""

from __future__ import annotations

import wizarena
from tests.games.glossaries import assert_glossary_answers
from wizarena.games.wizwar.eighth import cards
from wizarena.games.wizwar.eighth.card_checks import COUNTERS, DURATIONS, KEYWORDS, TYPES
from wizarena.games.wizwar.eighth.glossary import GLOSSARY
from wizarena.games.wizwar.eighth.state import DISCARD_AND_DRAW, MOVE_AND_CAST, PHASE_NAMES, TIME_PASSES
from wizarena.games.wizwar.glossary import GLOSSARY as SIXTH

GAME = wizarena.load_game("wizwar", "8e", players=3)
WORDS = {w.lower(): w for w in GLOSSARY}


def _reminded(word: str) -> None:
    assert GAME.help_text(word) == f"{word}: {GLOSSARY[word]}", word


def test_the_8e_game_carries_its_own_glossary() -> None:
    assert GAME.glossary is GLOSSARY
    assert wizarena.load_game("wizwar", players=2).glossary is SIXTH
    assert len(GLOSSARY) >= 50


def test_help_answers_each_word_and_hides_no_card() -> None:
    assert_glossary_answers(GAME, list(cards.NAME))


def test_every_card_is_still_found_by_its_name() -> None:
    """The glossary is looked up first: a word equal to a card's name would hide the card
    (Flood, Fog, Gravity, Homunculus, Booby Trap are cards and answer as cards)."""
    for name in set(cards.NAME):
        answer = GAME.help_text(name)
        assert answer is not None and answer.startswith(name), name
        assert not answer.startswith(name + ": "), name


def test_every_keyword_type_duration_and_counter_of_the_card_file_is_explained() -> None:
    aliases = {"maintained": "Maintained Spell", "counter": "Counter"}
    for word in KEYWORDS + TYPES + DURATIONS + COUNTERS:
        _reminded(aliases.get(word) or WORDS[word.replace("_", " ")])
    used = {k for c in range(len(cards.NAME)) for k in cards.KEYWORDS_OF[c]}
    assert used <= set(KEYWORDS)  # the cards use no keyword the file's checks do not know


def test_the_three_phases_of_a_turn_are_named_as_the_view_names_them() -> None:
    for phase in (TIME_PASSES, MOVE_AND_CAST, DISCARD_AND_DRAW):
        assert PHASE_NAMES[phase] in WORDS, PHASE_NAMES[phase]
        assert GAME.help_text(PHASE_NAMES[phase]).startswith(WORDS[PHASE_NAMES[phase]] + ": ")


def test_the_words_the_terminal_shows_are_explained() -> None:
    """Three players (so the portals show), P1 stunned with a Dagger and a Fog of 2 energy
    tokens in play, P0's next spell holding an energy pool."""
    s = GAME.new_state(5)
    s.stun[1] = 2
    s.items[1].append(cards.INDEX["dagger"])
    s.maintained[1].append((cards.INDEX["fog"], 2, -1))
    s.pool = 5
    shown = GAME.render_text(GAME.view(s, 0))
    for seen, word in (("move and cast", "Move and Cast"), ("movement points", "Movement Points"),
                       ("attack(s) left", "Attack"), ("schools:", "School"), ("points;", "Victory Points"),
                       ("stunned 2", "Stunned"), ("items: Dagger", "Carried Item"),
                       ("spells: Fog (2)", "Maintained Spell"), ("Fog (2)", "Energy Tokens"),
                       ("a pool of 5 energy", "Energy Pool"), ("purple portal", "Portal")):
        assert seen in shown, seen
        _reminded(word)
    assert GAME.help_text("Fog").startswith("Fog (")  # a global is its card's own word


def test_the_words_every_player_meets_are_there() -> None:
    for word in ("Movement Points", "Base Speed", "Speed Boost", "Energy", "Energy Value", "Energy Tokens",
                 "Maintained Spell", "Stun", "Stunned", "Counter", "Cancel", "Reduce", "Evade", "Cannot Be Evaded",
                 "Mundane", "Crack", "Portal", "School", "White Cantrip", "Creature", "Form", "Transformation",
                 "Victory Points", "Carried Item", "Pickup Cost", "Time Passes", "Global", "Big Man", "Trap Token",
                 "Hand Limit", "Punch", "Line of Sight", "Door", "Own Doors", "Outer Wall"):
        assert word in GLOSSARY, word
