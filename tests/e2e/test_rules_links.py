"""The rules at hand in a real browser: the lobby links each game's rules page, the table
links its own game's, and the page reads at desktop and phone width. Screenshots for a
person to look at: artifacts/rules-*.png."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .play import start_table


def test_the_lobby_links_every_game_s_rules(new_page) -> None:
    page = new_page()
    page.goto("/")
    links = page.locator("[data-testid=rules-link]")
    links.first.wait_for()
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    games = page.locator("[data-game]").count()
    assert len(hrefs) == games and all(h and h.startswith("/rules/") for h in hrefs), hrefs
    assert links.first.get_attribute("target") == "_blank"
    for href in hrefs:
        page.goto(href)
        assert page.locator("[data-testid=rules] h1").inner_text().endswith("the rules")
        assert page.locator("[data-testid=rules] h2").count() >= 5


@pytest.mark.parametrize(("game", "heading"), [("wizwar/8e", "Wiz-War, 8th edition: the rules"),
                                               ("mickey/mini", "Wizards of Mickey: the rules")])
@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_the_table_links_its_game_s_rules(new_page, artifacts, game: str, heading: str, viewport) -> None:
    page = new_page(viewport)
    start_table(page, "computer", game=game)
    href = page.locator("#rules-link").get_attribute("href")
    assert href == f"/rules/{game}"
    with page.context.expect_page() as opened:
        page.locator("#rules-link").click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.locator("[data-testid=rules] h1").inner_text() == heading
    width = rules.evaluate("document.documentElement.scrollWidth")
    assert width <= (viewport or {"width": 1280})["width"] + 1  # nothing runs off a phone's screen
    name = "phone" if viewport else "desktop"
    rules.screenshot(path=str(artifacts / f"rules-{game.replace('/', '-')}-{name}.png"))
