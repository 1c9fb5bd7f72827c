"""The glossary of Wiz-War (6th edition): `help WORD` at the table answers every keyword,
place and condition with its reminder, no word hides a card, and the words the terminal
shows (its legend, the conditions on a wizard) are all explained."""

from __future__ import annotations

import wizarena
from tests.games.glossaries import assert_glossary_answers
from wizarena.games.wizwar import cards, effects
from wizarena.games.wizwar.glossary import GLOSSARY
from wizarena.games.wizwar.mapstate import EDGE_KIND_NAMES

GAME = wizarena.load_game("wizwar", players=2)


def test_the_6e_game_carries_the_glossary() -> None:
    assert GAME.glossary is GLOSSARY
    assert len(GLOSSARY) >= 40


def test_help_answers_each_word_and_hides_no_card() -> None:
    assert_glossary_answers(GAME, list(cards.NAME))


def test_every_card_is_still_found_by_its_name() -> None:
    """The glossary is looked up first: a word equal to a card's name would hide the card."""
    for name in set(cards.NAME):
        answer = GAME.help_text(name)
        assert answer is not None and answer.startswith(name + " ("), name
    assert GAME.help_text("number").startswith("which card? Number 2")  # the number cards, not a word
    assert GAME.help_text("telep") == GAME.help_text("Teleport")  # a card's beginning still finds it


def test_every_condition_the_view_shows_is_explained() -> None:
    """Each condition a wizard can carry, as the terminal names it: a glossary word, or the
    card of the same name (Invisible)."""
    state = GAME.new_state(3)
    for k in range(effects.KINDS):
        state.status[1][k], state.status_by[1][k] = 3, 0
    shown = GAME.render_text(GAME.view(state, 0))
    words = {w.lower(): w for w in GLOSSARY}
    for name in effects.KIND_NAMES:
        assert name in shown, name
        word = words.get(name.lower()) or words.get(name.split()[0].lower())  # "cursed with Slow Death"
        if word is None:  # the card's own word
            assert name.lower() in {n.lower() for n in cards.NAME}, name
            assert GAME.help_text(name).lower().startswith(name.lower() + " ("), name
        else:
            assert GAME.help_text(word) == f"{word}: {GLOSSARY[word]}", name
    for word in ("Blinded", "Turned to Stone", "Shrunk", "Mist", "Fearsome", "Cursed"):
        assert word in GLOSSARY, word


def test_the_map_legend_and_the_status_lines_are_explained() -> None:
    shown = GAME.render_text(GAME.view(GAME.new_state(3), 0)).lower()
    for seen, word in (("walls", "Wall"), ("made by a card", "Created"), ("doors", "Door"), ("locked", "Locked"),
                       ("jammed", "Jammed"), ("firewall", "Firewall"), ("treasure", "Treasure"),
                       ("object", "Object"), ("home base", "Home Base"), ("mark", "Mark"), ("moves left", "Movement"),
                       ("life", "Life"), ("draw pile", "Draw"), ("discard pile", "Discard"), ("round", "Round")):
        assert seen in shown, seen
        assert GAME.help_text(word) == f"{word}: {GLOSSARY[word]}", word
    for kind in EDGE_KIND_NAMES[1:]:  # what a line between two squares may hold
        assert GAME.help_text(kind) is not None, kind


def test_the_words_every_player_meets_are_there() -> None:
    for word in ("Line of Sight", "Corner", "Wall", "Door", "Locked", "Wrap", "Warp", "Home Base", "Treasure",
                 "Movement", "Punch", "Attack", "Counteraction", "Escape", "Neutral", "Object", "Magic Stone",
                 "Number Card", "Hand Limit", "Discard", "Blinded", "Firewall", "Physical Act", "Kill", "Out"):
        assert word in GLOSSARY, word
    kinds = {"attack": "Attack", "neutral": "Neutral", "counteraction": "Counteraction", "object": "Object",
             "stone": "Magic Stone", "number": "Number Card", "attack-neutral": "Attack-Neutral"}
    for kind in set(cards.KIND) - {"trap"}:  # Trap! is a card of its own
        assert kinds[kind] in GLOSSARY, kind

