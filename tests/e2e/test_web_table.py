"""The web table in a real browser: lobby, play by clicking, invite links, reload,
replay, reconnection, and screenshots for a person to look at (artifacts/)."""

from __future__ import annotations

import json
import re
import time

import pytest

from wizarena import load_game

from .conftest import PHONE, Server
from .play import (
    can_move,
    is_finished,
    make_move,
    play_to_end,
    preferring,
    random_chooser,
    start_table,
    table_data,
    wait_move_or_end,
    wait_ready,
)

# Cards whose Quick ability is a "may": with one of them first in the order, its owner is
# asked at the first battle, so the table shows fields and a pending choice.
MAY_CARDS = ["Botanist", "Detective", "Priestess"]


def outcome_text(page) -> str:
    banner = page.locator("[data-testid=outcome]")
    banner.wait_for(state="visible")
    return banner.inner_text()


def test_lobby_lists_every_registered_game(new_page):
    page = new_page()
    page.goto("/")
    page.locator("[data-game] input").first.wait_for()
    page.wait_for_function("() => document.querySelectorAll('#agent option').length > 1")
    shown = set(page.eval_on_selector_all("[data-game]", "els => els.map(e => e.dataset.game)"))
    from wizarena.core import game_ids

    for gid in game_ids():
        game = load_game(gid)
        for variant in game.variants:
            if variant is None and game.default_variant is not None:
                # the bare id plays a named variant's rules: listed once, under that variant
                assert gid not in shown and f"{gid}/{game.default_variant}" in shown
                continue
            assert load_game(gid, variant=variant).full_id in shown
    # In words, once each: no ids, no two entries with one title.
    titles = page.eval_on_selector_all("[data-game] strong", "els => els.map(e => e.textContent)")
    assert len(titles) == len(set(titles)) == len(shown)
    assert "Wizards of Mickey: MiniSfida" in titles and not any("/" in t for t in titles)
    agents = page.eval_on_selector_all("#agent option", "els => els.map(e => e.value)")
    assert {"random", "greedy", "ismcts"} <= set(agents)


def test_card_faces_come_from_the_game_data(new_page):
    """Card facts live in one place, the game's data: the page fetches them from the server
    and the renderer draws faces from them."""
    page = new_page()
    page.goto("/")
    cards = page.evaluate("async () => (await fetch('/api/games/cup/cards')).json()")
    assert cards == [c.to_json() for c in load_game("cup").cards]
    drawn = page.evaluate("""async (cards) => {
        const mod = await import('/static/renderers/cup.js');
        const root = document.createElement('div');
        const view = {game: 'cup', phase: 'select', seat: 0, to_act: [0], matches: [], players: [
            {seat: 0, chips: 0, drawn_at_random: 'Dancer', field: null, discard: [], deck_count: 0,
             has_sub: false, swaps: 0, selected_count: 0, six: ['Dancer'], deck: [], sub: null, unused: null},
            {seat: 1, chips: 0, drawn_at_random: 'Golem', field: null, discard: [], deck_count: 0,
             has_sub: false, swaps: 0, selected_count: 0, known: ['Golem'], maybe_swapped_away: []}]};
        mod.render(root, {view, seat: 0, legal: []}, {act: null, cards});
        return root.textContent;
    }""", cards)
    assert "wins the battle against any wizard that has an ability" in drawn  # Dancer's ability, from the data


def test_play_a_whole_game_against_the_computer(new_page):
    page = new_page()
    start_table(page, "computer", agent="random")
    assert "token=" not in page.url  # the secret leaves the address bar at once
    moves = play_to_end(page, random_chooser(1))
    assert moves >= 10  # five selections and five placements at least
    text = outcome_text(page)
    assert re.search(r"You win!|wins — you lose|draw|Nobody wins", text), text
    log = page.locator("[data-testid=log]").inner_text()
    assert "Cup 0 Selection" in log and "Cup 3 Settlement" in log  # narrated with rule citations
    assert "game over" in log

    # The replay steps through the same game, from this seat's point of view.
    page.locator("#replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    position = page.locator("[data-testid=position]")
    page.wait_for_function("() => document.querySelector('[data-testid=position]').textContent.startsWith('step')")
    assert re.fullmatch(r"step 0 of \d+", position.inner_text())
    last = int(position.inner_text().split()[-1])
    assert last >= moves
    assert "0. Selection" in page.locator("#board").inner_text()
    page.keyboard.press("End")
    assert position.inner_text() == f"step {last} of {last}"
    assert outcome_text(page) == text
    page.keyboard.press("ArrowLeft")
    # Before the last step's result come the fights of its battle, frames of their own.
    assert re.fullmatch(rf"step {last} of {last} · fight (\d+) of \1", position.inner_text())
    assert page.locator("[data-testid=outcome]").is_hidden()
    while "fight" in position.inner_text():
        page.keyboard.press("ArrowLeft")
    assert position.inner_text() == f"step {last - 1} of {last}"
    assert page.locator("[data-testid=outcome]").is_hidden()
    page.locator("#first").click()
    assert position.inner_text() == f"step 0 of {last}"
    page.keyboard.press("ArrowRight")
    assert position.inner_text() == f"step 1 of {last}"


def test_two_friends_play_through_an_invite_link(new_page):
    me, friend = new_page(), new_page()
    start_table(me, "friend")
    invite = me.locator("[data-testid=invite-1]").input_value()
    spectate = me.locator("[data-testid=spectate]").input_value()
    assert "token=" in invite and "token=" not in spectate
    friend.goto(invite)
    wait_ready(friend)
    me.locator("[data-testid=go-to-table]").click()
    wait_ready(me)
    assert table_data(me)["seat"] == "0" and table_data(friend)["seat"] == "1"
    # Both see the same commitment to a secret seed before the first move, and no seed.
    pledged = me.locator("[data-testid=commitment]").text_content()
    assert re.fullmatch(r"[0-9a-f]{64}", pledged)
    assert friend.locator("[data-testid=commitment]").text_content() == pledged
    assert me.locator("[data-testid=seed]").count() == 0

    choosers = {id(me): random_chooser(2), id(friend): random_chooser(3)}
    deadline = time.monotonic() + 60
    moves = 0
    while not (is_finished(me) and is_finished(friend)):
        assert time.monotonic() < deadline, "the game did not end in time"
        acted = False
        for page in (me, friend):
            if can_move(page):
                make_move(page, choosers[id(page)])
                moves += 1
                acted = True
        if not acted:
            me.wait_for_timeout(50)
    assert moves >= 20  # both players chose and ordered their wizards
    mine, theirs = outcome_text(me), outcome_text(friend)
    if "You win!" in mine:
        assert "P0 wins — you lose" in theirs
    elif "You win!" in theirs:
        assert "P1 wins — you lose" in mine
    else:
        assert "draw" in mine and "draw" in theirs
    # At the end the seed is shown, and each browser checks it against what it was shown.
    for page in (me, friend):
        check = page.locator("[data-testid=fairness-check]")
        check.wait_for(state="attached")
        assert check.text_content().startswith("✓ Checked in this browser"), check.text_content()
        assert re.fullmatch(r"[0-9a-f]{64}", page.locator("[data-testid=seed]").text_content())
    me.locator("#replay-link").click()
    me.wait_for_url(re.compile(r"/replay/"))
    me.locator("[data-testid=fairness-replay]").wait_for(state="attached")
    assert "the seed matches the commitment" in me.locator("[data-testid=fairness-replay]").text_content()
    assert me.locator("[data-testid=fairness-check]").text_content().startswith("✓")

    # A spectator sees the finished table, and no seat's secrets.
    watcher = new_page()
    watcher.goto(spectate)
    wait_ready(watcher)
    assert "spectator" in watcher.locator("[data-testid=whoami]").inner_text()
    assert watcher.locator("#actions button").count() == 0


def test_reload_restores_the_table_exactly(new_page):
    page = new_page()
    start_table(page, "computer", agent="random")
    choose = random_chooser(4)
    for _ in range(8):  # the selection and the first placements
        wait_move_or_end(page)
        make_move(page, choose)
    wait_move_or_end(page)
    # Seat 0 is half-way through laying its order, a simultaneous decision: nothing the
    # computer does can change this seat's table until seat 0 has moved again.
    before = table_data(page)
    assert before["status"] == "active"
    board, log = page.locator("#board").inner_text(), page.locator("#log").inner_text()
    page.reload()
    page.wait_for_function("seq => document.getElementById('table').dataset.seq === seq", arg=before["seq"])
    wait_move_or_end(page)
    assert page.locator("#board").inner_text() == board
    assert page.locator("#log").inner_text() == log
    assert table_data(page)["seat"] == "0"
    make_move(page, choose)  # and the seat still plays
    assert int(table_data(page)["seq"]) > int(before["seq"])


def test_screenshots_of_a_table_in_play(new_page, artifacts):
    page = new_page()
    start_table(page, "computer", agent="random")
    page.screenshot(path=str(artifacts / "cup-selection.png"), full_page=True)
    choose = preferring(MAY_CARDS, seed=5)
    # Select the "may" cards and place one first: the first battle asks this seat.
    for _ in range(40):
        wait_move_or_end(page)
        if is_finished(page) or page.locator("[data-testid=pending]").count():
            break
        make_move(page, choose)
    assert page.locator("[data-testid=pending]").count(), "no 'may' ability came up"
    assert page.locator(".cup-battle .card:not(.slot)").count() >= 1  # a wizard on a field
    assert page.locator(".cup-side.theirs .card.back").count() >= 1  # hidden cards drawn as backs
    page.screenshot(path=str(artifacts / "cup-table.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the table is {width}px wide on a {PHONE['width']}px phone"
    page.screenshot(path=str(artifacts / "cup-table-390.png"), full_page=True)
    play_to_end(page, random_chooser(6))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.eval_on_selector("#log", "log => { log.scrollTop = log.scrollHeight; }")
    page.screenshot(path=str(artifacts / "cup-game-over.png"), full_page=True)


def test_the_page_reconnects_after_the_server_restarts(new_page, tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'restart.db'}", tmp_path / "server.log").start()
    try:
        page = new_page(base_url=srv.url)
        start_table(page, "computer", agent="random")
        choose = random_chooser(7)
        for _ in range(6):
            wait_move_or_end(page)
            make_move(page, choose)
        wait_move_or_end(page)  # half-way through the order: only seat 0 can change its table now
        seq, board = table_data(page)["seq"], page.locator("#board").inner_text()
        srv.stop()
        page.wait_for_function("() => document.getElementById('conn').dataset.state === 'down'")
        srv = Server(srv.db_url, srv.log_path, port=srv.port).start()
        page.wait_for_function("() => document.getElementById('conn').dataset.state === 'open'", timeout=20000)
        page.wait_for_function("seq => document.getElementById('table').dataset.seq === seq", arg=seq)
        wait_move_or_end(page)
        assert page.locator("#board").inner_text() == board
        make_move(page, choose)
        assert int(table_data(page)["seq"]) > int(seq)
    finally:
        srv.stop()


def test_hot_seat_passes_the_screen_between_seats(new_page):
    page = new_page()
    start_table(page, "hotseat")
    assert page.locator(".seat-switch button").count() == 2
    choose = random_chooser(8)
    seats_shown = set()
    deadline = time.monotonic() + 60
    while not is_finished(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        seat = table_data(page)["seat"]
        seats_shown.add(seat)
        # The shown seat's own side is at the bottom, with its six face up.
        assert page.locator(f'.cup-side.mine[data-seat="{seat}"]').count() == 1
        if can_move(page):
            make_move(page, choose)
            continue
        passing = page.locator("[data-testid=pass]")
        if passing.count():
            passing.click()
            assert page.locator("[data-testid=curtain]").is_visible()  # the next player looks first
            page.locator("#curtain-go").click()
            wait_ready(page)
        else:
            page.wait_for_timeout(50)
    assert seats_shown == {"0", "1"}
    assert re.match(r"P[01] wins \(|A draw|Nobody wins", outcome_text(page)), outcome_text(page)


def test_an_absent_friend_is_handed_to_the_computer(new_page):
    me = new_page()
    start_table(me, "friend", timeout_s=1)
    me.locator("[data-testid=go-to-table]").click()
    wait_ready(me)
    button = me.locator("[data-testid=takeover-1]")
    button.wait_for(state="visible", timeout=10000)  # the friend never came
    button.click()
    button.wait_for(state="hidden", timeout=10000)  # seat 1 is the computer's now
    play_to_end(me, random_chooser(9))
    outcome_text(me)
    summary = me.evaluate(
        "async id => (await fetch('/api/tables/' + id)).json()", me.url.split("/table/")[1].split("?")[0]
    )
    assert summary["seats"][1]["kind"] == "agent"


@pytest.mark.parametrize("width", [PHONE["width"]])
def test_lobby_fits_a_phone(new_page, width):
    page = new_page(viewport={"width": width, "height": 844})
    page.goto("/")
    page.locator("[data-game] input").first.wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def _first_move_rewritten(page, instead) -> None:
    """Route the table's socket through the test: for the page's first move, `instead(move)`
    gives what to send the server in its place and what to answer the page with (either
    None); every other message passes unchanged."""

    def route(ws):
        server = ws.connect_to_server()
        done = []

        def from_page(message):
            data = json.loads(message) if isinstance(message, str) else {}
            if data.get("type") == "act" and not done:
                done.append(data)
                to_server, to_page = instead(data)
                if to_server is not None:
                    server.send(json.dumps(to_server))
                if to_page is not None:
                    ws.send(json.dumps(to_page))
            else:
                server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)


def test_a_refused_move_is_shown_and_the_seat_can_move_again(new_page):
    """The server's refusal (here injected into the real socket) is shown with its rule,
    nothing is played, and the next click goes through."""
    page = new_page()
    _first_move_rewritten(page, lambda data: (None, {"type": "error", "message": "refused for the test",
                                                     "rule": "Cup 0 Selection"}))
    start_table(page, "computer", agent="random")
    wait_move_or_end(page)
    seq = table_data(page)["seq"]
    make_move(page, random_chooser(10))
    error = page.locator("[data-testid=error]")
    assert error.is_visible()
    assert "refused for the test" in error.inner_text() and "Cup 0 Selection" in error.inner_text()
    assert table_data(page)["seq"] == seq  # nothing changed
    wait_move_or_end(page)
    make_move(page, random_chooser(11))
    assert int(table_data(page)["seq"]) > int(seq)
    assert error.is_hidden()


def test_a_refused_move_says_why_with_its_rule(new_page):
    """Issue 27, "Why not?": a move the rules refuse comes back from the real server with
    its reason in the player's terms and the rule that forbids it, shown at the table. The
    page only offers legal moves, so the test rewrites the page's first move on its way
    into one the rules forbid then (placing a wizard while the sixes are being chosen)."""
    page = new_page()
    _first_move_rewritten(page, lambda data: ({**data, "action": "place Golem"}, None))
    start_table(page, "computer", agent="random")
    wait_move_or_end(page)
    seq = table_data(page)["seq"]
    make_move(page, random_chooser(10))
    error = page.locator("[data-testid=error]")
    error.wait_for()
    assert "'place Golem' is not allowed now: it is time to select, not to place" in error.inner_text()
    assert error.locator("cite.rule").inner_text() == "Cup 0 Selection"
    assert table_data(page)["seq"] == seq  # nothing changed


def test_a_game_without_a_renderer_is_pretty_printed(new_page):
    page = new_page()
    page.goto("/")
    text = page.evaluate(
        """async () => {
          const { loadRenderer } = await import('/static/common.js');
          const mod = await loadRenderer('no_such_game');
          const root = document.createElement('div');
          document.body.append(root);
          mod.render(root, {view: {phase: 'play', players: [{seat: 0, score: 3}], secret_hand: ['A', 'B']},
                            seat: 0, legal: [], events: []}, {act: null});
          return mod.name + '\\n' + root.innerText;
        }"""
    )
    assert text.startswith("generic")
    for word in ("phase", "play", "score", "3", "secret hand", "A, B"):
        assert word in text
