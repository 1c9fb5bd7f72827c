"""Wizards of Mickey in a real browser: once a challenge is counted its Magics stay where
they were cast, turned over and marked, with the final count and the winner in the centre,
until the next challenge's first cast (issue 27, "see the game happen").
Screenshots: artifacts/mickey-last-challenge-*.png."""

from __future__ import annotations

import random

import pytest

from .conftest import PHONE
from .play import is_finished
from .test_mickey_table import SEAT_STATE_JS, make_move, start_mickey, table_id, wait_turn


def seat_view(page) -> dict:
    return page.evaluate(SEAT_STATE_JS, [table_id(page), 0])["view"]


def cast_now(view: dict) -> bool:
    return any(w.get("cast") or w.get("hidden") for p in view["players"] for w in p["team"])


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_the_last_challenge_stays_on_the_board(new_page, artifacts, viewport):
    page = new_page(viewport)
    start_mickey(page, "mini", seed=7)
    rng = random.Random(7)
    for _ in range(300):
        wait_turn(page)
        assert not is_finished(page), "the game ended before a challenge was seen counted"
        view = seat_view(page)
        last = view.get("last_challenge")
        if last and not cast_now(view):
            break
        make_move(page, rng)
    else:
        raise AssertionError("no counted challenge came up")
    magics = [(q, m) for q in (0, 1) for w in last["team"][q] for m in (w["cast"], w["hidden"]) if m]
    assert magics
    board = page.locator("#board")
    shown = board.locator(".wom-last-magic")
    assert shown.count() == len(magics)
    names = sorted(shown.evaluate_all("els => els.map(e => e.dataset.card)"))
    assert names == sorted(m["name"] for _, m in magics)
    # Each Magic in front of (or behind) the Wizard that cast it, on its owner's side.
    for q, m in magics:
        side = ".wom-team-bottom" if q == 0 else ".wom-team-top"
        assert board.locator(f"{side} .wom-last-magic[data-card=\"{m['name']}\"]").count() >= 1
    line = board.locator("[data-testid=wom-last]")
    assert line.get_attribute("data-power") == f"{last['power'][0]},{last['power'][1]}"
    assert line.get_attribute("data-winner") == ("none" if last["winner"] is None else str(last["winner"]))
    assert last["rule"] in line.inner_text()
    name = "phone" if viewport else "desktop"
    page.screenshot(path=str(artifacts / f"mickey-last-challenge-{name}.png"), full_page=True)
    # The next challenge's first cast puts the last one's Magics away; its result stays.
    for _ in range(40):
        wait_turn(page)
        if is_finished(page):
            return
        make_move(page, rng)
        if cast_now(seat_view(page)):
            assert board.locator(".wom-last-magic").count() == 0
            assert board.locator("[data-testid=wom-last]").count() == 1
            return
