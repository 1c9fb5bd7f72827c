"""The lobby's player-count control in a real browser: it offers the counts the server
lists for a game (`player_counts`), starts at the game's default, and the table asked for
has one seat per player, friends' tables with some seats left to the computer. The
server's own games are all two-player, so the game list is given one of two to four
players on its way to the page, and the table request is caught before it reaches the
server."""

from __future__ import annotations

import json


def test_the_lobby_offers_a_games_counts_and_asks_for_that_many_seats(new_page):
    page = new_page()
    sent: list[dict] = []

    def games(route):
        listed = route.fetch().json()
        listed.append({"id": "stand", "variant": None, "full_id": "stand", "name": "Last Stand",
                       "title": "Last Stand", "same_as": None, "description": "2 to 4 players",
                       "num_players": 3, "player_counts": [2, 3, 4]})
        route.fulfill(status=200, content_type="application/json", body=json.dumps(listed))

    def tables(route):
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(route.request.post_data_json)
        route.fulfill(status=400, content_type="application/json", body=json.dumps({"detail": "caught"}))

    page.route("**/api/games", games)
    page.route("**/api/tables", tables)
    page.goto("/")
    page.locator('[data-game="cup"] input').wait_for()
    page.locator('[data-game="cup"] input').check()
    assert page.locator("#players-options").is_hidden()  # one count: nothing to choose
    page.locator('[data-game="stand"] input').check()
    assert page.locator("#players-options").is_visible()
    offered = page.eval_on_selector_all("#players option", "els => els.map(e => e.value)")
    assert offered == ["2", "3", "4"] and page.locator("#players").input_value() == "3"

    page.locator('input[name="mode"][value="computer"]').check()
    page.locator("#agent").select_option("random")
    page.locator("#players").select_option("4")
    page.locator("#start").click()
    page.locator("#start-error").wait_for(state="visible")
    page.locator('input[name="mode"][value="friend"]').check()
    page.locator("#start").click()
    page.wait_for_function("() => document.querySelector('#start').disabled === false")
    # Friends at a table of four may leave the last seats to the computer.
    assert page.locator("#computers-label").is_visible()
    assert page.eval_on_selector_all("#computers option", "els => els.map(e => e.value)") == ["0", "1", "2"]
    page.locator("#computers").select_option("1")
    page.locator("#agent").select_option("greedy")
    page.locator("#start").click()
    page.wait_for_function("() => document.querySelector('#start').disabled === false")
    assert len(sent) == 3
    computer, friend, mixed = sent
    assert computer["game"] == "stand" and computer["players"] == 4
    assert computer["seats"] == [{"kind": "human"}] + [{"kind": "agent", "agent": "random"}] * 3
    assert friend["players"] == 4 and friend["seats"] == [{"kind": "human"}] * 4
    assert mixed["seats"] == [{"kind": "human"}] * 3 + [{"kind": "agent", "agent": "greedy"}]
    page.locator('[data-game="cup"] input').check()  # two players: no seat left to give away
    assert page.locator("#computers-label").is_hidden()


def test_the_lobby_offers_the_options_that_fit_the_count_and_sends_those_ticked(new_page):
    """Wiz-War's variants are tick boxes (GET /api/games, `options`): crossed exits only at
    two players, team play only at four, the doors variant at any count; the table asked for carries the ticked
    options that fit the count chosen, and nothing when none is ticked."""
    page = new_page()
    sent: list[dict] = []

    def tables(route):
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(route.request.post_data_json)
        route.fulfill(status=400, content_type="application/json", body=json.dumps({"detail": "caught"}))

    page.route("**/api/tables", tables)
    page.goto("/")
    page.locator('[data-game="cup"] input').wait_for()
    page.locator('[data-game="cup"] input').check()
    assert page.locator("#rules-options").is_hidden()  # Cup has no options
    page.locator('[data-game="wizwar"] input').check()
    page.locator("#players").select_option("2")
    assert page.locator("#rules-options").is_visible()
    assert page.eval_on_selector_all("#rules-list input", "els => els.map(e => e.value)") == ["crossed", "own_doors"]
    page.locator('[data-option="crossed"] input').check()
    page.locator('input[name="mode"][value="hotseat"]').check()
    page.locator("#start").click()
    page.locator("#start-error").wait_for(state="visible")
    page.locator("#players").select_option("4")  # crossed exits are for two players, team play for four
    assert page.eval_on_selector_all("#rules-list input", "els => els.map(e => e.value)") == ["own_doors", "teams"]
    page.locator("#start").click()
    page.wait_for_function("() => document.querySelector('#start').disabled === false")
    page.locator("#players").select_option("2")  # the tick was kept
    assert page.locator('[data-option="crossed"] input').is_checked()
    page.locator('[data-option="crossed"] input').uncheck()
    page.locator("#start").click()
    page.wait_for_function("() => document.querySelector('#start').disabled === false")
    assert [(b["players"], b["config"]) for b in sent] == [(2, {"crossed": True}), (4, {}), (2, {})]


def test_the_lobby_offers_each_games_own_computer_player_until_the_person_picks_one(new_page):
    """Each game names the opponent it recommends (`default_agent`): Wiz-War its look-ahead
    player. Once the person picks a player, that choice stays across games."""
    page = new_page()
    page.goto("/")
    page.locator('[data-game="wizwar"] input').wait_for()
    page.wait_for_function("() => document.querySelectorAll('#agent option').length > 1")
    page.locator('[data-game="wizwar"] input').check()
    assert page.locator("#agent").input_value() == "lookahead"
    page.locator('[data-game="cup"] input').check()
    assert page.locator("#agent").input_value() == "greedy"
    page.locator('input[name="mode"][value="computer"]').check()
    page.locator("#agent").select_option("random")
    page.locator('[data-game="wizwar"] input').check()
    assert page.locator("#agent").input_value() == "random"
