"""Wizard Wars in a real browser: a round's rows are cleared as it ends, so the table shows
the rows as the last round ended - at the game's end above all (issue 27, "see the game
happen"). Screenshots: artifacts/wars-game-over-*.png."""

from __future__ import annotations

import random

from .conftest import PHONE
from .play import is_finished
from .test_wars_table import SEAT_STATE_JS, make_move, start_wars, table_id, wait_turn

LAST_JS = """() => [...document.querySelectorAll('#board [data-testid=wars-last-row]')].map(e => ({
  seat: Number(e.dataset.seat), round: Number(e.dataset.round), score: e.dataset.score,
  cards: [...e.querySelectorAll('.wars-slot')].map(s => s.dataset.card)}))"""


def test_the_game_over_board_shows_the_last_rounds_rows(new_page, artifacts):
    page = new_page()
    start_wars(page, seed=31)
    rng = random.Random(31)
    mulliganed: set[int] = set()
    between_rounds = False
    for _ in range(400):
        wait_turn(page)
        if is_finished(page):
            break
        view = page.evaluate(SEAT_STATE_JS, [table_id(page), 0])["view"]
        if view["last_round"] and not any(p["row"] for p in view["players"]):
            between_rounds = between_rounds or bool(page.evaluate(LAST_JS))
        make_move(page, rng, mulliganed)
    assert is_finished(page)
    assert between_rounds, "the next round's start did not show the last round's rows"
    view = page.evaluate(SEAT_STATE_JS, [table_id(page), 0])["view"]
    last = view["last_round"]
    assert last["round"] == len(view["results"]) and any(last["rows"]), last
    drawn = sorted(page.evaluate(LAST_JS), key=lambda d: d["seat"])
    assert [d["seat"] for d in drawn] == [0, 1]
    for q in (0, 1):
        assert drawn[q]["round"] == last["round"]
        assert drawn[q]["cards"] == [c["name"] for c in last["rows"][q]]
        assert drawn[q]["score"] == str(last["scores"][q])
    page.screenshot(path=str(artifacts / "wars-game-over-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "wars-game-over-phone.png"), full_page=True)
