"""The names people read and type for the labyrinth's places (places.py): squares "c4",
lines "c3/c4" and "c1/N", sectors "a1-e5", the same in the log, the menus, typed input and
the view; a square typed alone walks and a card is spent only when it is named; `help
NAME` shows a card's text."""

from __future__ import annotations

import random
import re

import pytest

from wizarena.core import IllegalAction
from wizarena.games.wizwar import cards
from wizarena.games.wizwar.actions import AIM_LINES, MOVES, NEUTRALS, SECTORS, TELEPORTS
from wizarena.games.wizwar.board import DIR_NAMES, S, assembly
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.places import line_name, line_named, slot_name, square_name, square_named
from wizarena.games.wizwar.state import WizWarState
from wizarena.server.messages import legal_json

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}
TELEPORT = cards.INDEX["teleport"]
CREATE_WALL = cards.INDEX["create_wall"]
# an engine number where a person should read a name: "square 17", "line 86", "slot 2"
INTERNAL = re.compile(r"\b(square|squares|line|slot|slots) \d")


def seed_14() -> tuple[WizWarGame, WizWarState]:
    """The deal of `wizarena play wizwar --seed 14`: P0 on c3 holds a Teleport that can
    reach c4, the square one step south."""
    game = GAMES[2]
    s = game.new_state(14)
    assert s.turn == 0 and TELEPORT in s.hands[0]
    assert square_name(s.map.asm, s.pos[0]) == "c3"
    return game, s


@pytest.mark.parametrize("name", ["2", "2-crossed", "3", "4"])
def test_every_square_and_line_has_one_name_that_reads_back(name: str) -> None:
    asm = assembly(int(name[0]), name.endswith("crossed"))
    names = [square_name(asm, sq) for sq in range(asm.n_squares)]
    assert len(set(names)) == asm.n_squares
    for sq, n in enumerate(names):
        assert re.fullmatch(r"[a-j]([1-9]|10)", n) and square_named(asm, n) == square_named(asm, n.upper()) == sq
    lines = [e for e in range(asm.n_edges) if asm.is_edge(e)]
    assert len({line_name(asm, e) for e in lines}) == len(lines)
    for e in lines:
        n = line_name(asm, e)
        assert line_named(asm, n) == e
        a, b = asm.edge_squares(e)
        if a >= 0 and b >= 0:   # either order, either joint, or a square and its side
            first, second = n.split("/")
            assert line_named(asm, f"{second}-{first}") == e
            d = next(d for d in range(4) if asm.side_edge[a * 4 + d] == e)
            assert line_named(asm, f"{first}/{DIR_NAMES[d].lower()}") == e
        else:
            assert re.fullmatch(r"[a-j]\d+/[NESW]", n)
    assert square_named(asm, "k1") == square_named(asm, "a0") == square_named(asm, "a²") == -1
    assert line_named(asm, "a1/c1") == line_named(asm, "a1") == -1


def test_sectors_are_named_by_their_corner_squares() -> None:
    asm = assembly(4)
    assert [slot_name(asm, k) for k in range(4)] == ["a1-e5", "f1-j5", "f6-j10", "a6-e10"]
    game = GAMES[4]
    s = game.new_state(1)
    rotate = next(a for a in SECTORS if a.kind == "rotate-sector" and a.fields == {"slot": 2, "quarters": 1})
    assert game.action_text(s, rotate) == "turn the sector f6-j10 a quarter turn clockwise"


def test_a_square_typed_alone_walks_and_keeps_the_teleport() -> None:
    """The task's report: typing c4 to walk one square south spent the Teleport. A square
    alone walks; "teleport to c4" spends the card."""
    game, s = seed_14()
    c4 = square_named(s.map.asm, "c4")
    teleport = TELEPORTS[c4]
    assert teleport in game.legal_actions(s, 0) and MOVES[S] in game.legal_actions(s, 0)
    assert game.parse_plan(s, 0, "c4") == game.parse_plan(s, 0, "to c4") == [MOVES[S]]
    assert game.parse_action(s, 0, "c4") == MOVES[S]
    assert game.parse_plan(s, 0, "teleport to c4") == game.parse_plan(s, 0, "Teleport c4") == [teleport]
    assert game.parse_action(s, 0, "teleport to c4") == teleport
    # with no movement left, the square is refused, and the words that spend the card are said
    s.moves = 0
    s.legal_for = -1
    with pytest.raises(IllegalAction, match="teleport to c4"):
        game.parse_plan(s, 0, "c4")


def test_menus_the_log_and_the_web_table_name_squares_not_numbers() -> None:
    game, s = seed_14()
    c4 = square_named(s.map.asm, "c4")
    assert game.action_text(s, TELEPORTS[c4]) == "Teleport to c4"
    words = {a["id"]: a["text"] for a in legal_json(game, s, 0)}
    assert words[TELEPORTS[c4].id] == "Teleport to c4"
    assert not any(INTERNAL.search(t) for t in words.values())
    mark = len(s.log)
    game.apply(s, 0, TELEPORTS[c4])
    assert [e.text for e in s.log[mark:]] == ["P0 teleports to c4"]


def test_a_card_and_a_place_typed_together_cast_it_there() -> None:
    game, s = seed_14()
    s.hands[0][s.hands[0].index(TELEPORT)] = CREATE_WALL
    s.legal_for = -1
    line = line_named(s.map.asm, "c3/c4")
    cast = NEUTRALS[[a.data[1] for a in NEUTRALS].index(CREATE_WALL)]
    assert game.parse_plan(s, 0, "create wall c3/c4") == [cast, AIM_LINES[line]]
    assert game.parse_plan(s, 0, "cast Create Wall on c4-c3") == [cast, AIM_LINES[line]]
    game.apply(s, 0, cast)
    assert game.parse_plan(s, 0, "c3/c4") == game.parse_plan(s, 0, "aim at c3/s") == [AIM_LINES[line]]
    assert game.action_text(s, AIM_LINES[line]) == "aim at c3/c4"
    game.apply(s, 0, AIM_LINES[line])
    assert s.log[-1].text == "P0 casts Create Wall on line c3/c4"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_event_menu_or_view_text_speaks_of_an_engine_number(n: int) -> None:
    """Random games with every card: what a seat reads names places, never numbers them.
    (The view's own "id" fields are for programs and stay numbers.)"""
    game = GAMES[n]
    for seed in range(6):
        s = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if not game.to_act(s):
                break
            q = game.to_act(s)[0]
            legal = game.legal_actions(s, q)
            for a in legal:
                assert not INTERNAL.search(game.action_text(s, a)), game.action_text(s, a)
            assert not INTERNAL.search(game.render_text(game.view(s, q)))
            game.apply(s, q, rng.choice(legal))
        for e in s.log or []:
            assert not INTERNAL.search(e.text), e.text


def test_help_shows_a_cards_whole_text() -> None:
    game = GAMES[2]
    for c in range(len(cards.ID)):
        text = game.help_text(cards.NAME[c].upper())
        assert text is not None and text.startswith(cards.NAME[c]) and cards.TEXT[c] in text
    assert game.help_text("telep") == game.help_text("Teleport")
    assert game.help_text("number").startswith("which card? Number 2")
    assert game.help_text("no such card") is None
