"""Wizards Cup's battle in a real browser: the fights the rules run on their own once both
orders are laid appear one after another at the table (a reel at a pace the player sets)
and as frames of their own in the replay, each with its two wizards, the changes to their
Magic Power and who won. Screenshots for a person to look at: artifacts/cup-battle-*.png.
"""

from __future__ import annotations

import re
import time

import pytest

from .conftest import PHONE
from .play import can_move, is_finished, make_move, random_chooser, start_table, wait_move_or_end

REEL = "[data-testid=battle-reel]"
FIGHT_JS = """(sel) => { const r = document.querySelector(sel); return r ? Number(r.dataset.fight) : null; }"""
SEAT_STATE_JS = """async ([id, seat]) => {
  const tokens = JSON.parse(localStorage.getItem('wizarena.tokens.' + id) || '{}');
  const r = await fetch('/api/tables/' + id + '/state', {headers: {'X-Seat-Token': tokens[seat]}});
  return await r.json();
}"""


def table_id(page) -> str:
    return page.url.split("/table/")[1].split("?")[0]


def seat_view(page) -> dict:
    return page.evaluate(SEAT_STATE_JS, [table_id(page), 0])["view"]


def play_until_a_battle(page, choose) -> dict:
    """Click moves until the view holds a battle; returns that view."""
    for _ in range(40):
        wait_move_or_end(page)
        view = seat_view(page)
        if view.get("battle"):
            return view
        assert not is_finished(page)
        make_move(page, choose)
    raise AssertionError("no battle was fought")


def fights_seen(page, until_s: float = 30.0) -> list[int]:
    """The fight numbers the reel shows, in the order they appear, until it closes."""
    seen: list[int] = []
    deadline = time.monotonic() + until_s
    while time.monotonic() < deadline:
        number = page.evaluate(FIGHT_JS, REEL)
        if number is None:
            if seen:
                break
        elif not seen or seen[-1] != number:
            seen.append(number)
        time.sleep(0.05)
    return seen


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_battle_plays_fight_by_fight_and_replays_as_frames(new_page, artifacts, viewport):
    page = new_page(viewport)
    page.add_init_script("localStorage.setItem('wizarena.cup.pace', 'fast')")
    start_table(page, "computer", agent="random", seed=5)
    view = play_until_a_battle(page, random_chooser(5))
    battle = view["battle"]
    fights = battle["fights"]
    assert battle["match"] == 1 and fights

    # The reel: every fight of the battle, one after another, in order.
    seen = fights_seen(page)
    assert seen == list(range(1, len(fights) + 1)) or seen == list(range(seen[0], len(fights) + 1)), seen
    assert len(seen) >= 2 or len(fights) == 1
    # Once watched, the table says the battle in a line per fight, and can play it again.
    summary = page.locator("[data-testid=battle-summary]")
    summary.wait_for()
    assert summary.get_attribute("data-fights") == str(len(fights))
    page.locator("[data-reel=again]").click()
    reel = page.locator(REEL)
    reel.wait_for()
    page.locator("[data-reel=play]").click()  # pause
    assert reel.get_attribute("data-playing") == "false"
    if reel.get_attribute("data-fight") != "1":
        page.locator("[data-reel=first]").click()
    assert reel.get_attribute("data-fight") == "1"
    first = fights[0]
    text = reel.inner_text()
    for side in first["sides"]:
        assert side["card"] in text
        for m in side["modifiers"]:
            assert m["card"] is None or m["card"] in text
    winner = reel.locator(".fight-verdict").get_attribute("data-winner")
    assert winner == ("none" if first["winner"] is None else str(first["winner"]))
    assert reel.locator(".fight-verdict").get_attribute("data-decided-by") == first["decided_by"]
    assert first["rule"] in text
    name = "phone" if viewport else "desktop"
    page.screenshot(path=str(artifacts / f"cup-battle-{name}.png"), full_page=True)
    if len(fights) > 1:
        page.locator("[data-reel=next]").click()
        assert reel.get_attribute("data-fight") == "2"
    page.locator("[data-reel=close]").click()
    summary.wait_for()

    # The rest of the game, then the replay: the fights are frames of their own.
    choose = random_chooser(6)
    for _ in range(200):
        wait_move_or_end(page)
        if is_finished(page):
            break
        if can_move(page):
            make_move(page, choose)
    assert is_finished(page)
    page.locator("#replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    position = page.locator("[data-testid=position]")
    page.wait_for_function("() => document.querySelector('[data-testid=position]').textContent.startsWith('step')")
    frames: list[tuple[str, int | None]] = []
    for _ in range(400):
        text = position.inner_text()
        number = page.evaluate(FIGHT_JS, f"#board {REEL}")
        frames.append((text, number))
        if page.locator("#next").is_disabled():
            break
        page.keyboard.press("ArrowRight")
    reel_frames = [(t, n) for t, n in frames if n is not None]
    assert reel_frames, "the replay has no frame of a fight"
    # The first battle's fights are frames of their own, in order, each labelled so: in one
    # step, or, where the battle stopped for a player's choice (a "may" ability), in the
    # steps it took, each step's frames counting the fights fought so far.
    labelled = [re.fullmatch(r"step (\d+) of \d+ · fight (\d+) of (\d+)", t) for t, _ in reel_frames]
    assert all(labelled), reel_frames
    first_battle = [(int(m.group(1)), int(m.group(2)), int(m.group(3))) for m in labelled[:len(fights)] if m]
    assert [fight for _, fight, _ in first_battle] == list(range(1, len(fights) + 1)), reel_frames
    assert [n for _, n in reel_frames[:len(fights)]] == list(range(1, len(fights) + 1))
    assert first_battle[-1][2] == len(fights)
    # Right after each step's fights comes the step's own frame: the table after them.
    for k, (step, fight, of) in enumerate(first_battle):
        if fight == of:
            after = frames.index(reel_frames[k]) + 1
            assert re.fullmatch(rf"step {step} of \d+", frames[after][0]), frames[after]
    page.keyboard.press("Home")
    for _ in range(frames.index(reel_frames[0])):
        page.keyboard.press("ArrowRight")
    assert page.locator(f"#board {REEL}").get_attribute("data-fight") == "1"
    assert page.locator("[data-testid=outcome]").is_hidden()
    page.screenshot(path=str(artifacts / f"cup-replay-fight-{name}.png"), full_page=True)
