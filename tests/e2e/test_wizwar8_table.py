"""Wiz-War 8e at the web table (renderers/wizwar-8e.js) in a real browser: a whole
three-player game played by clicking, against two computer players, and the table at phone
width. Screenshots for a person to look at: artifacts/wizwar8-*.png."""

from __future__ import annotations

import re

from .conftest import PHONE
from .play import is_finished, make_move, random_chooser, wait_move_or_end, wait_ready


def start_8e(page, players: int, agent: str = "greedy", seed: int = 7) -> None:
    """From the lobby: Wiz-War 8th edition for `players`, against the computer."""
    page.goto("/")
    page.locator('[data-game="wizwar/8e"] input').check()
    page.locator("#players").select_option(str(players))
    page.locator('input[name="mode"][value="computer"]').check()
    page.locator("#agent").select_option(agent)
    page.locator("details.options summary").click()
    page.locator("#seed").fill(str(seed))
    page.locator("#start").click()
    page.wait_for_url(re.compile(r"/table/"))
    wait_ready(page)


def test_wizwar8_a_whole_three_player_game_by_clicking(new_page, artifacts):
    """Three players, this page's seat against two greedy computer players: every decision
    of the seat is a click on the board (a lit square, figure or line) or on an action
    button, until the game's end is announced."""
    page = new_page()
    start_8e(page, 3)
    page.wait_for_selector("#board svg.ww-board")
    assert page.locator("#board .ww-square").count() == 75  # the L of three sectors
    assert page.locator("#board .ww-wizard").count() == 3
    # the L's two portal pairs, each mouth a side of five lines in its colour (R8-2)
    assert page.locator('#board [data-portal="purple"]').count() == 10
    assert page.locator('#board [data-portal="cyan"]').count() == 10
    choose = random_chooser(8)
    moves = 0
    while True:
        wait_move_or_end(page, timeout_ms=60000)
        if is_finished(page):
            break
        make_move(page, choose)
        moves += 1
        assert moves <= 1500, "the game did not end"
    page.locator("[data-testid=outcome]").wait_for(state="visible")
    page.screenshot(path=str(artifacts / "wizwar8-end.png"), full_page=True)
    assert moves > 0


def test_wizwar8_on_a_phone_the_board_fits_and_a_step_is_a_tap(new_page, artifacts):
    """At 390 px the labyrinth fits the screen's width, and a lit square is a step."""
    page = new_page(viewport=PHONE)
    start_8e(page, 2, agent="random", seed=3)
    page.wait_for_selector("#board svg.ww-board")
    box = page.locator("#board svg.ww-board").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    page.wait_for_function("() => document.getElementById('table').dataset.toAct === '0'", timeout=30000)
    steps = page.locator("#board .ww-walk")
    if steps.count():
        before = int(page.eval_on_selector("#table", "t => Number(t.dataset.seq)"))
        steps.first.click()
        wait_ready(page)
        assert int(page.eval_on_selector("#table", "t => Number(t.dataset.seq)")) > before
    page.screenshot(path=str(artifacts / "wizwar8-phone.png"), full_page=True)


def test_wizwar8_a_card_in_hand_shows_its_text_on_hover_and_on_a_tap(new_page, artifacts):
    """The hand, the items and the spells in play are the cards' names; each carries its
    text as a title (hover) and opens in place on a tap, as a phone has no hover."""
    page = new_page(viewport=PHONE)
    start_8e(page, 2, agent="random", seed=3)
    hand = page.locator("#board [data-testid=hand] [data-testid=card]")
    hand.first.wait_for()
    card = hand.first
    name = card.get_attribute("data-card")
    text = page.evaluate("async (n) => (await (await fetch('/api/games/wizwar/cards?variant=8e')).json())"
                         ".find((c) => c.name === n).text", name)
    assert text and card.get_attribute("title") == f"{name}: {text}"
    assert not card.locator(".ww8-card-text").is_visible()
    card.click()
    assert card.get_attribute("aria-expanded") == "true" and card.locator(".ww8-card-text").inner_text() == text
    page.screenshot(path=str(artifacts / "wizwar8-card-text-phone.png"), full_page=True)
    card.click()
    assert not card.locator(".ww8-card-text").is_visible()
