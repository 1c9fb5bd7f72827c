"""Wiz-War at the web table (renderers/wizwar.js) in a real browser: the labyrinth drawn in
SVG from the view, a click on a lit square walks there step by step, a card of the hand
played through its options, the counteraction prompt of a defender, and the table on a
phone (390 px). Screenshots for a person to look at: artifacts/wizwar-*.png.

The prompt test draws a view the engine made (a Fireball in the air, the target asked)
with the page's own renderer module, since a game against the computer reaches that
moment only when the computer chooses to attack.
"""

from __future__ import annotations

import json
import re

from wizarena.games.wizwar import cards
from wizarena.games.wizwar.actions import CASTABLE, CASTS, END_TURN, MOVES, PUT_BACK, TAKE_IT, TELEPORTS
from wizarena.games.wizwar.board import S
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.state import WizWarState
from wizarena.server.messages import legal_json

from .conftest import PHONE
from .play import start_table, table_data, wait_ready

# This page's seat (P0) may act: its turn with a square to walk to, or anything asked of it.
MINE_JS = """() => {
  const t = document.getElementById('table');
  if (!t || t.dataset.seq === undefined || t.dataset.pending === '1') return false;
  if (t.dataset.status === 'finished') return true;
  return t.dataset.toAct === '0' && Boolean(document.querySelector('#board [data-action-id], #board [data-walk]'));
}"""
WALKS_JS = "els => els.map(e => [Number(e.dataset.walk), Number(e.dataset.steps)])"
MY_SQUARE_JS = "() => Number(document.querySelector('#board .ww-wizard.ww-me').dataset.square)"


def phase(page) -> str:
    return page.eval_on_selector("#board .ww", "e => e.className")


def answer_what_is_asked(page) -> None:
    """Anything but the turn (an attack or a neutral to answer, a discard, an aim): the
    first answer the board offers."""
    for selector in ("#board .ww-prompt [data-action-id]:not([disabled])",
                     "#board .ww-hand button[data-action-id]:not([disabled])",
                     "#board .ww-aim-line, #board .ww-aim-square"):
        loc = page.locator(selector)
        if loc.count():
            loc.first.click()
            wait_ready(page)
            return
    page.locator("#actions button.action").first.click()
    wait_ready(page)


def my_turn_with_a_walk(page, tries: int = 30) -> None:
    """Play on (ending turns, answering) until P0 is to move and has a square to walk to."""
    for _ in range(tries):
        page.wait_for_function(MINE_JS, timeout=30000)
        assert table_data(page)["status"] != "finished", "the game ended before a walk"
        if "phase-turn" in phase(page):
            if page.locator("#board [data-walk]").count():
                return
            page.locator("#actions button.action", has_text="end the turn: draw").first.click()
            wait_ready(page)
        else:
            answer_what_is_asked(page)
    raise AssertionError("P0 never had a square to walk to")


def walk_to_the_farthest(page) -> int:
    walks = page.eval_on_selector_all("#board [data-walk]", WALKS_JS)
    target, steps = max(walks, key=lambda w: w[1])
    page.locator(f'#board [data-walk="{target}"]').click()
    choice = page.locator("#board [data-testid=ww-choice]")
    if choice.count():  # a card of the hand could go there too: the walk is one of the choices
        choice.get_by_role("button", name="Walk here").click()
    # every step is a move of its own: wait until the wizard stands there
    page.wait_for_function(f"() => {{ const w = document.querySelector('#board .ww-wizard.ww-me');"
                           f" const t = document.getElementById('table');"
                           f" return w && Number(w.dataset.square) === {target} && t.dataset.pending !== '1'; }}")
    return steps


def test_wizwar_table_board_walk_and_a_card(new_page, artifacts):
    page = new_page()
    start_table(page, "computer", "random", game="wizwar")
    page.wait_for_selector("#board svg.ww-board")
    board = page.locator("#board svg.ww-board")
    assert board.get_attribute("aria-label").startswith("the labyrinth")
    assert page.locator("#board .ww-square").count() == 50  # two sectors of 5 x 5
    assert page.locator("#board .ww-wall").count() > 20
    assert page.locator("#board .ww-door").count() >= 1
    assert page.locator("#board .ww-wizard").count() == 2
    assert page.locator("#board .ww-home").count() == 2
    assert page.locator("#board .ww-treasure").count() == 4
    assert page.locator("#board .ww-wiz-row").count() == 2

    my_turn_with_a_walk(page)
    before = page.evaluate(MY_SQUARE_JS)
    seq = int(table_data(page)["seq"])
    page.screenshot(path=str(artifacts / "wizwar-desktop-walk.png"), full_page=True)
    steps = walk_to_the_farthest(page)
    assert page.evaluate(MY_SQUARE_JS) != before
    assert int(table_data(page)["seq"]) >= seq + steps  # one move per step
    moves = [t for t in page.locator("#log li").all_inner_texts() if t.startswith("P0 moves")]
    assert len(moves) >= steps
    # the arrows step one square too, and name their direction
    for arrow in page.locator("#board .ww-dpad button").all():
        assert arrow.get_attribute("aria-label").startswith("move ")

    # a card of the hand: it opens its options (and its whole text); discarding is one of them
    if "phase-turn" not in phase(page) or not page.locator("#board .ww-hand button.ww-card").count():
        my_turn_with_a_walk(page)
    card = page.locator("#board .ww-hand button.ww-card:not([data-action-id])").first
    name = card.get_attribute("data-card")
    hand = page.locator("#board .ww-hand-area .ww-label").inner_text()
    card.click()
    options = page.locator("#board [data-testid=ww-card-options]")
    assert name in options.inner_text()
    assert card.get_attribute("aria-pressed") == "true"
    page.screenshot(path=str(artifacts / "wizwar-desktop-card.png"), full_page=True)
    options.locator("button.ww-discard").click()
    wait_ready(page)
    assert page.locator("#board .ww-hand-area .ww-label").inner_text() != hand
    assert any(f"discards {name}" in t for t in page.locator("#log li").all_inner_texts())


def window_view() -> tuple[dict, list[dict], int, list[int], int, int]:
    """A real counteraction window from the engine: the seat to move casts a Fireball at
    the other, who holds Full Shield and Absorb Damage. Returns the defender's view and
    legal actions, the ids of "take it" and of the counters, the defender and the attacker."""
    game = WizWarGame(None, 2)
    s = game.new_state(1)
    for _ in range(2):
        game.apply(s, s.turn, END_TURN[2])
    q, other = s.turn, 1 - s.turn
    s.pos[other] = s.pos[q]
    fireball = cards.INDEX["fireball"]
    s.hands[q][0] = fireball
    s.hands[other][0] = cards.INDEX["full_shield"]
    s.hands[other][1] = cards.INDEX["absorb_damage"]
    s.legal_for = -1
    game.apply(s, q, CASTS[CASTABLE.index(fireball)][other][0])
    legal = game.legal_actions(s, other)
    view = json.loads(json.dumps(game.view(s, other)))
    counters = [a.id for a in legal if a.kind == "counter"]
    return view, [a.to_json() for a in legal], TAKE_IT.id, counters, other, q


DRAW_JS = """async ([view, legal, seat]) => {
  const mod = await import('/static/renderers/wizwar.js');
  const cards = await (await fetch('/api/games/wizwar/cards')).json();
  document.body.replaceChildren();
  const root = document.createElement('main');
  root.id = 'board';
  document.body.append(root);
  window.acted = [];
  const out = mod.render(root, {view, seat, legal, seq: 7, to_act: view.to_act, events: []},
                         {act: (id) => window.acted.push(id), cards, mode: 'play'});
  return out.handled;
}"""


def test_wizwar_the_defender_is_asked_with_his_answers(new_page, artifacts):
    view, legal, take_it, counters, defender, attacker = window_view()
    assert len(counters) == 2
    page = new_page()
    page.goto("/static/table.html")
    handled = page.evaluate(DRAW_JS, [view, legal, defender])
    assert set(handled) >= {take_it, *counters}  # all answered on the board
    prompt = page.locator("[data-testid=ww-prompt]")
    assert f"P{attacker} attacks you with Fireball" in prompt.inner_text()
    buttons = prompt.locator("button[data-action-id]")
    labels = buttons.all_inner_texts()
    assert "Take it" in labels
    assert any("Full Shield" in t for t in labels) and any("Absorb Damage" in t for t in labels)
    # the counters are cards of the hand too, played by one click
    assert page.locator(f'#board .ww-hand button[data-action-id="{counters[0]}"]').count() == 1
    # the attacker's wizard shares the defender's square: both drawn
    assert page.locator("#board .ww-wizard").count() == 2
    page.screenshot(path=str(artifacts / "wizwar-prompt.png"), full_page=True)
    prompt.get_by_role("button", name="Take it").click()
    assert page.evaluate("() => window.acted") == [take_it]


def test_wizwar_on_a_phone_board_fits_and_walks(new_page, artifacts):
    page = new_page(viewport=PHONE)
    start_table(page, "computer", "random", game="wizwar")
    page.wait_for_selector("#board svg.ww-board")
    my_turn_with_a_walk(page)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    box = page.locator("#board svg.ww-board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["width"] >= PHONE["width"] - 40  # the board takes the width
    # lit squares are big enough to tap (a square of the 10-wide board)
    lit = page.locator("#board [data-walk]").first.bounding_box()
    assert lit["width"] >= 28 and lit["height"] >= 28
    page.screenshot(path=str(artifacts / "wizwar-phone.png"), full_page=True)
    before = page.evaluate(MY_SQUARE_JS)
    walk_to_the_farthest(page)
    assert page.evaluate(MY_SQUARE_JS) != before
    # the hand stays reachable below the board, its cards inside the screen's width
    hand = page.locator("#board [data-testid=ww-hand]")
    hand.scroll_into_view_if_needed()
    assert hand.is_visible()
    for face in page.locator("#board .ww-hand .ww-card").all():
        b = face.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
    page.screenshot(path=str(artifacts / "wizwar-phone-hand.png"), full_page=False)


def second_round_holding(card: str, seed: int) -> tuple[WizWarGame, WizWarState, int]:
    """A two-player game at its second round (attacks allowed), the seat to move holding
    `card` (a catalogue id) in place of its first card; returns the game, state and seat."""
    game = WizWarGame(None, 2)
    s = game.new_state(seed)
    for _ in range(2):
        game.apply(s, s.turn, END_TURN[2])
    q = s.turn
    s.hands[q][0] = cards.INDEX[card]
    s.legal_for = -1
    return game, s, q


def test_wizwar_a_spell_from_the_hand_at_a_ringed_wizard(new_page):
    """Choose Fireball in the hand: the wizard it can reach is ringed; a click on him casts."""
    game, s, q = second_round_holding("fireball", 1)
    other = 1 - q
    s.pos[other] = s.pos[q]
    cast = CASTS[CASTABLE.index(cards.INDEX["fireball"])][other][0]
    legal = game.legal_actions(s, q)
    assert cast in legal
    page = new_page()
    page.goto("/static/table.html")
    page.evaluate(DRAW_JS, [json.loads(json.dumps(game.view(s, q))), [a.to_json() for a in legal], q])
    page.locator('#board .ww-hand button.ww-card[data-card="Fireball"]').click()
    options = page.locator("#board [data-testid=ww-card-options]")
    assert f"Cast at P{other}" in options.inner_text()
    target = page.locator(f'#board .ww-wizard.ww-targetable[data-seat="{other}"]')
    assert target.get_attribute("aria-label").startswith(f"P{other}")
    target.click()
    assert page.evaluate("() => window.acted") == [cast.id]


def test_wizwar_a_wall_is_attacked_from_the_hand_then_lit_on_the_board(new_page, artifacts):
    """6e 6: Fireball's options offer a wall, door or thornbush; once chosen, the walls it
    reaches are lit lines on the board and a click on one sends that aim."""
    game, s, q = second_round_holding("fireball", 1)
    legal = game.legal_actions(s, q)
    at_wall = next(a for a in legal if a.text == "cast Fireball at a wall, door or thornbush")
    page = new_page()
    page.goto("/static/table.html")
    handled = page.evaluate(DRAW_JS, [json.loads(json.dumps(game.view(s, q))), [a.to_json() for a in legal], q])
    assert at_wall.id in handled
    page.locator('#board .ww-hand button.ww-card[data-card="Fireball"]').click()
    page.locator("#board [data-testid=ww-card-options] button", has_text="Cast at a wall, door or thornbush").click()
    assert page.evaluate("() => window.acted") == [at_wall.id]

    game.apply(s, q, at_wall)  # the engine's next moment: where does it go?
    legal = game.legal_actions(s, q)
    lines = {a.id for a in legal if a.text.startswith("aim at line")}
    page.evaluate(DRAW_JS, [json.loads(json.dumps(game.view(s, q))), [a.to_json() for a in legal], q])
    assert "Where does your Fireball go?" in page.locator("[data-testid=ww-prompt]").inner_text()
    lit = page.locator("#board .ww-aim-line")
    assert lines and {int(x) for x in lit.evaluate_all("els => els.map(e => e.dataset.actionId)")} == lines
    page.screenshot(path=str(artifacts / "wizwar-aim-at-a-wall.png"), full_page=True)
    lit.first.click()
    assert page.evaluate("() => window.acted")[-1] in lines


def seed_14_view() -> tuple[WizWarGame, object, dict, list[dict]]:
    """The deal of `wizarena play wizwar --seed 14`: P0 on c3 holds a Teleport that reaches
    c2 and c4, the squares one step north and south."""
    game = WizWarGame(None, 2)
    s = game.new_state(14)
    return game, s, json.loads(json.dumps(game.view(s, 0))), legal_json(game, s, 0)


def test_wizwar_a_square_a_walk_and_a_teleport_reach_asks_which(new_page, artifacts):
    """A square's name walks; a card is spent only when the person picks it: a click on a
    square both a walk and the Teleport reach offers both, beside the square."""
    game, s, view, legal = seed_14_view()
    c4 = next(x["id"] for x in view["board"]["squares"] if x["name"] == "c4")
    teleport = TELEPORTS[c4].id
    page = new_page()
    page.goto("/static/table.html")
    handled = page.evaluate(DRAW_JS, [view, legal, 0])
    assert teleport in handled
    assert page.locator(f'#board [data-action-id="{teleport}"]').count() == 0  # no square spends it at one click
    square = page.locator(f'#board [data-walk="{c4}"]')
    square.click()
    choice = page.locator("#board [data-testid=ww-choice]")
    assert choice.inner_text().startswith("c4: walk or play a card?")
    assert page.evaluate("() => window.acted") == []
    # beside the square, not far off under the board
    box, near = choice.bounding_box(), square.bounding_box()
    assert abs(box["y"] - near["y"]) < 120 and abs(box["x"] - (near["x"] + near["width"])) < 120
    page.screenshot(path=str(artifacts / "wizwar-walk-or-teleport.png"), full_page=False)
    choice.get_by_role("button", name="Walk here (1 step)").click()
    assert page.evaluate("() => window.acted") == [MOVES[S].id]
    page.evaluate(DRAW_JS, [view, legal, 0])
    square.click()
    choice.get_by_role("button", name="Teleport to c4: spends your Teleport").click()
    assert page.evaluate("() => window.acted") == [teleport]
    # with the Teleport chosen in the hand, its squares are one click
    page.evaluate(DRAW_JS, [view, legal, 0])
    page.locator('#board .ww-hand button.ww-card[data-card="Teleport"]').click()
    page.locator(f'#board .ww-aim-square[data-action-id="{teleport}"]').click()
    assert page.evaluate("() => window.acted") == [teleport]


def test_wizwar_the_board_names_squares_as_the_log_does(new_page):
    """One naming of places: coordinates on the board's edges, squares and lines named
    "c4" and "c3/c4" in titles, the roster and the options; never an engine number."""
    game, s, view, legal = seed_14_view()
    page = new_page()
    page.goto("/static/table.html")
    page.evaluate(DRAW_JS, [view, legal, 0])
    coords = page.eval_on_selector_all("#board .ww-coord", "els => els.map(e => e.textContent)")
    assert coords.count("a") == 2 and coords.count("j") == 2 and coords.count("5") == 2 and len(coords) == 30
    assert "on c3" in page.locator("#board [data-testid=ww-wizard-0]").inner_text()
    titles = page.eval_on_selector_all("#board svg title", "els => els.map(e => e.textContent)")
    assert any(t.startswith("c3") for t in titles) and any(": leads to " in t for t in titles)
    text = " ".join(titles) + page.locator("#board").inner_text()
    assert not re.search(r"\b(square|line) \d", text), text
    page.locator('#board .ww-hand button.ww-card[data-card="Teleport"]').click()
    lit = page.eval_on_selector_all("#board .ww-aim-square", "els => els.map(e => e.getAttribute('aria-label'))")
    assert "Teleport to c4 (Teleport)" in lit


BBOX_JS = "r => { const b = r.getBBox(); return {x: b.x, y: b.y, width: b.width, height: b.height}; }"


def test_wizwar_home_labels_are_drawn_over_the_wizards(new_page):
    """H0 and H1 sit in a corner of their squares, drawn after the wizards' tokens."""
    game, s, view, legal = seed_14_view()
    page = new_page()
    page.goto("/static/table.html")
    page.evaluate(DRAW_JS, [view, legal, 0])
    order = page.eval_on_selector("#board svg.ww-board", "b => [...b.children].map(c => c.getAttribute('class'))")
    assert order.index("ww-home-labels") > order.index("ww-wizards")
    # in the board's own units: the badge's middle lies outside the token (in the corner)
    badge = page.eval_on_selector("#board .ww-home-badge", BBOX_JS)
    x, y, r = page.eval_on_selector('#board .ww-wizard[data-seat="0"] .ww-wizard-body',
                                    "c => [c.cx.baseVal.value, c.cy.baseVal.value, c.r.baseVal.value]")
    middle = (badge["x"] + badge["width"] / 2, badge["y"] + badge["height"] / 2)
    assert ((middle[0] - x) ** 2 + (middle[1] - y) ** 2) ** 0.5 > r


def test_wizwar_a_wizard_s_choices_open_beside_his_token(new_page, artifacts):
    """A click on a wizard several attacks may reach opens them beside his token, not under
    the list of players."""
    game = WizWarGame(None, 2)
    s = game.new_state(1)
    for _ in range(2):
        game.apply(s, s.turn, END_TURN[2])
    q, other = s.turn, 1 - s.turn
    s.pos[other] = s.pos[q]
    s.hands[q][0], s.hands[q][1] = cards.INDEX["fireball"], cards.INDEX["dagger"]
    s.legal_for = -1
    page = new_page()
    page.goto("/static/table.html")
    page.evaluate(DRAW_JS, [json.loads(json.dumps(game.view(s, q))), legal_json(game, s, q), q])
    token = page.locator(f'#board .ww-wizard.ww-targetable[data-seat="{other}"]')
    token.click()
    choice = page.locator("#board [data-testid=ww-choice]")
    labels = choice.get_by_role("button").all_inner_texts()
    assert {f"Punch P{other}", f"Cast at P{other} (Fireball)", f"Throw at P{other} (Dagger)"} <= set(labels)
    box, near = choice.bounding_box(), token.bounding_box()
    assert abs(box["y"] - near["y"]) < 120 and abs(box["x"] - (near["x"] + near["width"])) < 120
    assert page.locator(f"#board [data-testid=ww-wizard-{other}] .ww-row-acts button").all_inner_texts() == [
        f"Punch P{other}"]
    page.screenshot(path=str(artifacts / "wizwar-choices-at-a-token.png"), full_page=False)
    cast = CASTS[CASTABLE.index(cards.INDEX["fireball"])][other][0]
    choice.get_by_role("button", name=f"Cast at P{other} (Fireball)").click()
    assert page.evaluate("() => window.acted") == [cast.id]


def test_wizwar_team_play_chosen_in_the_lobby_shows_each_wizard_s_team(new_page):
    """Team play (6e 11) ticked in the lobby at four players: the table is made with it and
    the list of wizards says who is with whom (seats 0 and 2 are team A, 1 and 3 team B)."""
    page = new_page()
    page.goto("/")
    page.locator('[data-game="wizwar"] input').check()
    page.locator('input[name="mode"][value="computer"]').check()
    page.locator("#agent").select_option("random")
    page.locator("#players").select_option("4")
    page.locator('[data-option="teams"] input').check()
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/"))
    wait_ready(page)
    page.wait_for_selector("#board svg.ww-board")
    assert [page.locator(f'[data-testid="ww-team-{q}"]').inner_text() for q in range(4)] == \
        ["team A", "team B", "team A", "team B"]
    assert page.locator('[data-testid="ww-team-0"]').get_attribute("title") == "with P2"


def test_wizwar_a_card_put_back_is_named_on_the_turn(new_page):
    """Ruling R8: a card put back is not taken up again before the wizard does something
    else; the table says which, so a player does not look for a missing button."""
    game, s, q = second_round_holding("master_key", 7)
    throw = next(a for a in game.legal_actions(s, q) if a.kind == "throw-object" and a.fields["card"] == "master_key")
    game.apply(s, q, throw)
    game.apply(s, q, PUT_BACK)
    legal = game.legal_actions(s, q)
    assert throw not in legal
    view = json.loads(json.dumps(game.view(s, q)))
    page = new_page()
    page.goto("/static/table.html")
    page.evaluate(DRAW_JS, [view, [a.to_json() for a in legal], q])
    assert "Put back: Master Key" in page.locator("[data-testid=ww-put-back]").inner_text()
