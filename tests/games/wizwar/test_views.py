"""What a Wiz-War seat sees (view.py): the whole public board, drawable without game code,
its own hand and nothing else hidden, and the targets of its legal actions; the terminal
picture (text.render) and the walks a person types (text.parse_plan)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import wizarena
from wizarena.core import IllegalAction
from wizarena.games.wizwar import cards
from wizarena.games.wizwar.actions import ACTIONS, MOVES, NEUTRALS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import BUSH, CREATED, DOOR, FIREWALL, JAMMED, STONE, WALL
from wizarena.games.wizwar.state import WizWarState, copy_state
from wizarena.games.wizwar.text import board_text, line_name, parse_plan, square_name, square_named, walk_path
from wizarena.games.wizwar.view import MAX_SEATS, PER_LINE, PER_SQUARE

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}


def random_positions(game: WizWarGame, seed: int, steps: int) -> list[WizWarState]:
    s = game.new_state(seed)
    rng = random.Random(seed)
    out = [copy_state(s)]
    for _ in range(steps):
        if not game.to_act(s):
            break
        q = game.to_act(s)[0]
        game.apply(s, q, rng.choice(game.legal_actions(s, q)))
        out.append(copy_state(s))
    return out


def test_wizwar_is_registered_for_two_to_four_players() -> None:
    assert "wizwar" in wizarena.game_ids()
    for n in (2, 3, 4):
        game = wizarena.load_game("wizwar", players=n)
        assert game.num_players == n and game.view(game.new_state(1), 0)["players"] == n
    with pytest.raises(wizarena.core.UnknownGame, match="2, 3 or 4"):
        wizarena.load_game("wizwar", players=5)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_view_is_json_and_draws_the_whole_labyrinth(n: int) -> None:
    game = GAMES[n]
    s = game.new_state(4)
    v = json.loads(json.dumps(game.view(s, 0)))
    board = v["board"]
    asm = s.map.asm
    assert len(board["squares"]) == 25 * n
    assert len(board["lines"]) == sum(1 for e in range(asm.n_edges) if asm.is_edge(e))
    for sq in board["squares"]:   # every square in the drawing frame, in its sector's block
        sector = next(x for x in board["sectors"] if x["owner"] == sq["sector"])
        assert sector["x"] <= sq["x"] < sector["x"] + 5 and sector["y"] <= sq["y"] < sector["y"] + 5
    for line in board["lines"]:   # a unit segment on a square's side
        (x0, y0), (x1, y1) = line["from"], line["to"]
        assert abs(x1 - x0) + abs(y1 - y0) == 1
        assert line["kind"] == ("door" if s.map.kind(line["id"]) == DOOR else line["kind"])
        for sq in line["squares"]:
            if sq >= 0:
                assert line["id"] in [asm.side_edge[sq * 4 + d] for d in range(4)]
    assert board["homes"] == [s.map.home_base(q) for q in range(n)]
    assert all(board["squares"][h]["mark"] == "home" for h in board["homes"])
    assert [w["square"] for w in v["wizards"]] == board["homes"]
    assert len(v["treasures"]) == 2 * n and v["deck"] == len(s.deck)
    assert {w["seat"] for w in v["wizards"]} == set(range(n))
    if n != 4:
        assert board["links"]


def test_lines_tell_doors_created_walls_damage_stone_and_bushes() -> None:
    game = GAMES[2]
    s = game.new_state(6)
    m = s.map
    doors = [e for e in range(m.asm.n_edges) if m.kind(e) == DOOR]
    opens = [e for e in range(m.asm.n_edges) if m.asm.is_edge(e) and m.kind(e) == 0 and m.edges[e] == 0]
    m.edges[doors[0]] |= JAMMED
    m.edges[opens[0]] = WALL | CREATED
    m.hp[opens[0]] = 7
    m.edges[opens[1]] = FIREWALL | CREATED
    m.cells[3] = STONE
    m.cells[4] = BUSH
    m.cell_hp[4] = 9
    lines = {x["id"]: x for x in game.view(s, 1)["board"]["lines"]}
    assert lines[doors[0]]["door"] == "jammed" and lines[doors[0]]["open"] is False
    assert all(lines[e]["door"] == "locked" for e in doors[1:])
    assert lines[opens[0]] == {**lines[opens[0]], "kind": "wall", "created": True, "hp": 7}
    assert lines[opens[1]]["kind"] == "firewall" and "hp" not in lines[opens[1]]
    assert lines[opens[2]]["kind"] == "open" and not lines[opens[2]]["created"]
    squares = game.view(s, 1)["board"]["squares"]
    assert squares[3]["fill"] == "stone" and squares[4] == {**squares[4], "fill": "thornbush", "hp": 9}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seat_s_view_does_not_change_with_what_it_cannot_see(n: int) -> None:
    """Other hands (dealt again from the unseen cards) and the deck's order: the view of a
    seat, the spectator's, and the observation tensor stay exactly the same."""
    game = GAMES[n]
    checked = 0
    for s in random_positions(game, 20 + n, 150)[::5]:
        for seat in range(n):
            twin = game.determinize(s, seat, random.Random(checked))
            twin.log = s.log
            twin.deck = list(reversed(twin.deck))
            assert game.view(twin, seat) == game.view(s, seat)
            assert game.view(twin, None) == game.view(s, None)
            assert np.array_equal(game.observation_tensor(twin, seat), game.observation_tensor(s, seat))
            checked += 1
    assert checked > 40


def test_the_view_never_names_another_hand() -> None:
    game = GAMES[3]
    s = game.new_state(9)
    for seat in range(3):
        v = game.view(s, seat)
        assert v["hand"] == sorted(cards.NAME[c] for c in s.hands[seat]) and v["hands"] is None
        assert [w["hand"] for w in v["wizards"]] == [len(h) for h in s.hands]
        others = game.view(s, (seat + 1) % 3)
        assert others["hand"] != v["hand"] or s.hands[seat] == s.hands[(seat + 1) % 3]


def test_targets_map_moves_to_squares_and_nothing_for_others() -> None:
    game = GAMES[3]
    s = game.new_state(1)
    q = s.turn
    v = game.view(s, q)
    moves = {a.id: a for a in game.legal_actions(s, q) if a.kind == "move"}
    assert moves and {int(i) for i, t in v["targets"].items() if t["kind"] == "move"} == set(moves)
    for i, a in moves.items():
        assert v["targets"][str(i)]["square"] == s.map.step_to(s.pos[q], "NESW".index(a.fields["direction"]))
    assert all(int(i) in {a.id for a in game.legal_actions(s, q)} for i in v["targets"])
    for other in range(3):
        if other != q:
            assert game.view(s, other)["targets"] == {}
    assert game.view(s, None)["targets"] == {}


def test_targets_of_an_aimed_neutral_are_its_lines_and_squares() -> None:
    game = GAMES[2]
    for seed in range(40):
        s = game.new_state(seed)
        q = s.turn
        castable = [a for a in game.legal_actions(s, q) if a in NEUTRALS]
        if castable:
            game.apply(s, q, castable[0])
            v = game.view(s, q)
            legal = {a.id for a in game.legal_actions(s, q)}
            aimed = {int(i): t for i, t in v["targets"].items() if t["kind"] == "aim"}
            assert aimed and set(aimed) <= legal
            for i, t in aimed.items():
                assert t == {"kind": "aim", **ACTIONS[i].fields}
            assert v["aiming"] == {"seat": q, "card": cards.NAME[castable[0].data[1]]}
            lines = {x["id"]: x for x in v["board"]["lines"]}
            for i, t in aimed.items():   # typed in the terminal: "c3/c4" or "c4"
                if "line" in t and -1 not in lines[t["line"]]["squares"]:
                    assert game.parse_plan(s, q, line_name(v["board"], lines[t["line"]])) == [ACTIONS[i]]
                elif "square" in t:
                    assert game.parse_plan(s, q, square_name(v["board"], t["square"])) == [ACTIONS[i]]
            return
    pytest.fail("no deal of 40 gave the first player a neutral to cast")


def test_the_attack_in_the_air_is_public() -> None:
    game = GAMES[2]
    s = game.new_state(1)
    for _ in range(2):
        game.apply(s, s.turn, ACTIONS[[a.id for a in game.legal_actions(s, s.turn)][-1]])
    q = s.turn
    s.pos[1 - q] = s.pos[q]
    punch = next(a for a in game.legal_actions(s, q) if a.text == f"punch P{1 - q}")
    game.apply(s, q, punch)
    for seat in (None, 0, 1):
        a = game.view(s, seat)["attack"]
        assert a == {"attacker": q, "target": 1 - q, "card": "punch", "number": None, "strength": a["strength"],
                     "cast_strength": a["cast_strength"], "answers": []}


# -- the terminal -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_text_map_shows_walls_doors_wizards_and_treasures(n: int) -> None:
    game = GAMES[n]
    s = game.new_state(2)
    v = game.view(s, 0)
    text = game.render_text(v)
    picture = board_text(v)
    assert "---" in picture and "|" in picture and "$" in picture
    for q in range(n):
        w = v["wizards"][q]
        name = square_name(v["board"], w["square"])
        assert square_named(v["board"], name) == w["square"]
        row = picture.splitlines()[2 * (int(name[1:]) - 1) + 2]
        col = 4 * (ord(name[0]) - ord("a")) + 4 + 1
        assert str(q) in row[col:col + 3]
    assert f"your hand ({len(v['hand'])}):" in text   # a card a line, with its kind and first sentence
    for name in v["hand"]:
        assert any(line.startswith(f"  {name} (") for line in text.splitlines())
    assert all(f"life {15}" in line for line in text.splitlines() if line.lstrip().startswith(("P", "you:")))


def test_a_typed_walk_is_the_steps_it_stands_for() -> None:
    game = GAMES[2]
    for seed in range(30):
        s = game.new_state(seed)
        q = s.turn
        legal = [a for a in game.legal_actions(s, q) if a.id < 4]
        if not legal:
            continue
        d = legal[0].id
        word = "nesw"[d]
        assert game.parse_plan(s, q, word) == [MOVES[d]]
        assert game.parse_action(s, q, word) == MOVES[d]
        v = game.view(s, q)
        goal = next(sq for sq in range(s.map.asm.n_squares) if 2 <= s.map.path_distance(s.pos[q], sq) <= s.moves
                    and not s.map.cells[sq])
        path = walk_path(s, s.pos[q], goal)
        plan = parse_plan(game, s, q, "to " + square_name(v["board"], goal))
        assert plan == [MOVES[d] for d in path]
        t = copy_state(s)
        for a in plan:
            game.apply(t, q, a)
        assert t.pos[q] == goal
        far = next((sq for sq in range(s.map.asm.n_squares) if s.map.path_distance(s.pos[q], sq) > s.moves), None)
        if far is not None:
            with pytest.raises(IllegalAction, match="steps away"):
                game.parse_plan(s, q, square_name(v["board"], far))
        assert game.parse_plan(s, q, "end the turn: draw 2")[0].text == "end the turn: draw 2"
        return
    pytest.fail("nobody could walk")


def test_the_card_list_has_provenance() -> None:
    rows = [c.to_json() for c in GAMES[2].cards]
    assert len(rows) == len(cards.ID)
    assert all({"id", "name", "kind", "text", "source", "confidence", "designed"} <= set(r) for r in rows)


@pytest.mark.parametrize("text", ["c²", "c①", "to c²", "to c" + "9" * 5000, "c" + "4" * 4400, "c٣/c4",
                                  "c4/c" + "9" * 4400, "n " * 150, "north " * 40, "to " + "x" * 300])
def test_an_odd_walk_or_square_is_an_illegal_action(text: str) -> None:
    """A square's row is ASCII digits of sensible length, and a typed walk is bounded
    before it is read: anything else is the game's own refusal, never a ValueError."""
    game = GAMES[2]
    for seed in range(30):
        s = game.new_state(seed)
        q = s.turn
        if not any(a.id < 4 for a in game.legal_actions(s, q)):
            continue
        for parse in (game.parse_plan, game.parse_action):
            with pytest.raises(IllegalAction):
                parse(s, q, text)
        return
    pytest.fail("nobody could walk")


def test_a_square_name_is_ascii_digits() -> None:
    board = GAMES[2].view(GAMES[2].new_state(0), 0)["board"]
    assert square_named(board, "c²") == square_named(board, "c" + "9" * 5000) == -1


def test_the_tensor_s_board_follows_every_change_of_the_labyrinth() -> None:
    """The labyrinth's part of the tensor is kept for the labyrinth as it is (the map's memo);
    a change made straight to the map's lists still shows, and undoing it shows the first
    picture again. Each tensor is the caller's own, writable copy."""
    game = GAMES[2]
    s = game.new_state(6)
    first = game.observation_tensor(s, 0)
    square = next(q for q in range(len(s.map.cells)) if not s.map.cells[q] and q not in s.pos)
    s.map.cells[square] = STONE
    stoned = game.observation_tensor(s, 0)
    assert stoned[square * PER_SQUARE + MAX_SEATS] == 1.0 and first[square * PER_SQUARE + MAX_SEATS] == 0.0
    line = next(e for e in range(len(s.map.edges)) if s.map.edges[e] == WALL)
    s.map.edges[line] = DOOR
    door = game.observation_tensor(s, 0)
    at = 50 * PER_SQUARE + line * PER_LINE
    assert door[at + DOOR] == 1.0 and door[at + WALL] == 0.0 and stoned[at + WALL] == 1.0
    s.map.cells[square], s.map.edges[line] = 0, WALL
    again = game.observation_tensor(s, 0)
    assert np.array_equal(again, first)
    again[:] = 1.0
    assert np.array_equal(game.observation_tensor(s, 0), first)


def test_the_tensor_s_card_rows_follow_the_hand_and_the_pile_and_stay_bounded() -> None:
    """The hand's and the discard pile's rows are kept by the cards in them (view's card
    rows): a change of hand or pile shows at once, and however many hands are met the kept
    rows never pass their cap."""
    from wizarena.games.wizwar import view

    game = GAMES[2]
    s = game.new_state(3)
    hand_at = 50 * PER_SQUARE + view.MAX_LINES * PER_LINE + MAX_SEATS * view.PER_SEAT
    pile_at = hand_at + view.CARD_COUNT
    card = s.hands[0][0]
    s.discard[:] = []
    before = game.observation_tensor(s, 0)
    s.hands[0].append(card)
    s.discard.append(card)
    after = game.observation_tensor(s, 0)
    copies = cards.COPIES[card]
    held = s.hands[0].count(card)
    assert after[hand_at + card] == pytest.approx(min(held / copies, 1.0))
    assert before[hand_at + card] == pytest.approx(min((held - 1) / copies, 1.0))
    assert before[pile_at + card] == 0.0 and after[pile_at + card] == pytest.approx(view.PILE_VALUES[card][1])
    rng = random.Random(0)
    for _ in range(view.CARD_ROWS_CAP + 50):
        s.hands[0][:] = rng.sample(range(view.CARD_COUNT), 6)
        tensor = game.observation_tensor(s, 0)
        assert all(tensor[hand_at + c] > 0.0 for c in s.hands[0])
        assert len(view._hand_rows) <= view.CARD_ROWS_CAP
