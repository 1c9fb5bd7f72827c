"""Balance-study reports in the browser, and the replay link of a finished table.

A server of our own is started with `--reports FOLDER` over two real (tiny) studies: the
lobby lists them, and a study's link opens its report, drawn under the report's strict
Content-Security-Policy (its data: images load, nothing is refused). A finished table's
turn area says the game is over and links to the table's replay, on a phone too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import PHONE, Server
from .play import play_to_end, random_chooser, start_table


def write_study(folder: Path, game: str) -> None:
    """A real, tiny balance study, as `wizarena study GAME --kind seats --games 2 --out FOLDER`."""
    from wizarena.sim.report import write_report
    from wizarena.sim.study import run_study

    write_report(run_study(game, ["seats"], agents=["random"], games=2, workers=1), folder)


IMAGES_LOADED_JS = """() => [...document.images].filter((img) => img.complete && img.naturalWidth > 0).length"""


@pytest.fixture(scope="module")
def reports_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("reports-e2e")
    folder = tmp / "studies"
    write_study(folder / "cup-study", "cup")
    write_study(folder / "wars-study", "wars")
    (folder / "not-a-study").mkdir()
    srv = Server(f"sqlite:///{tmp / 'reports.db'}", tmp / "server.log", extra=("--reports", str(folder))).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_the_lobby_lists_the_studies_and_opens_a_report(new_page, reports_server):
    page = new_page(base_url=reports_server.url)
    console_errors: list[str] = []
    page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
    page.goto("/")
    panel = page.locator("[data-testid=reports]")
    panel.wait_for(state="visible")
    assert panel.locator("h2").inner_text() == "Balance studies"
    rows = panel.locator("li.report-row")
    assert rows.count() == 2
    assert sorted(rows.evaluate_all("els => els.map(e => e.dataset.report)")) == ["cup-study", "wars-study"]
    cup = panel.locator('li[data-report="cup-study"]')
    assert "Wizards Cup" in cup.inner_text() and "2 games" in cup.inner_text()
    cup.locator("a[data-testid=open-report]").click()
    page.wait_for_url(re.compile(r"/reports/cup-study$"))
    assert page.locator("h1").inner_text().startswith("Balance study: Wizards Cup")
    page.wait_for_function(f"() => ({IMAGES_LOADED_JS})() >= 1")
    assert page.evaluate("() => document.images.length") >= 1
    assert not console_errors, console_errors  # nothing the report holds was refused


def test_without_reports_the_lobby_shows_no_studies(new_page):
    page = new_page()
    with page.expect_response(re.compile(r"/api/reports$")) as answer:
        page.goto("/")
    assert answer.value.json() == {"reports": []}
    page.locator("[data-testid=games] input").first.wait_for()
    assert page.locator("[data-testid=reports]").is_hidden()


def test_a_finished_table_offers_its_replay(new_page):
    page = new_page()
    start_table(page, "computer", "random", game="cup", seed=11)
    table_id = page.url.split("/table/")[1].split("?")[0]
    play_to_end(page, random_chooser(11))
    turn = page.locator("[data-testid=turn]")
    assert "The game is over" in turn.inner_text()
    link = turn.locator("[data-testid=replay-after-game]")
    assert link.is_visible() and link.inner_text() == "Watch the replay"
    assert link.get_attribute("href") == page.locator("#replay-link").get_attribute("href")
    assert link.get_attribute("href") == f"/replay/{table_id}?seat=0"
    page.set_viewport_size(PHONE)  # on a phone the banner says it: the link stays
    assert link.is_visible()
    link.click()
    page.wait_for_url(re.compile(rf"/replay/{table_id}\?seat=0$"))
