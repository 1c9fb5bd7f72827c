"""Pages and static files from the web client's folder, and the seat cookie a page sets."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wizarena.server import pages

from .helpers import new_table, state


@pytest.fixture
def web(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., Any],
        sqlite_url: str) -> Iterator[TestClient]:
    """An app whose client folder holds a lobby, a table page and one renderer, and no replay page."""
    folder = tmp_path / "web"
    (folder / "renderers").mkdir(parents=True)
    (folder / "index.html").write_text("<p>lobby</p>")
    (folder / "table.html").write_text("<p>table</p>")
    (folder / "renderers" / "cup.js").write_text("export const name = 'cup';")
    monkeypatch.setattr(pages, "WEB_DIR", folder)
    with open_app(sqlite_url) as client:
        yield client


def test_pages_and_static_files(web: TestClient) -> None:
    t = new_table(web)
    assert web.get("/").text == "<p>lobby</p>"
    page = web.get(f"/table/{t['id']}")
    assert page.status_code == 200 and page.text == "<p>table</p>"
    assert page.headers["referrer-policy"] == "no-referrer"
    js = web.get("/static/renderers/cup.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    assert web.get("/static/renderers/none.js").status_code == 404
    assert web.get("/static/../pyproject.toml").status_code == 404


def test_a_missing_page_says_so(web: TestClient) -> None:
    t = new_table(web)
    r = web.get(f"/replay/{t['id']}")
    assert r.status_code == 404 and "replay.html" in r.text and r.headers["content-type"].startswith("text/html")
    assert web.get("/table/no-such-table").status_code == 404


def test_a_page_opened_with_a_token_sets_the_seat_cookie(web: TestClient) -> None:
    t = new_table(web)
    tid, t0, t1 = t["id"], t["tokens"][0], t["tokens"][1]
    set_cookie = web.get(f"/table/{tid}?token={t0}").headers["set-cookie"]
    assert set_cookie.startswith(f"wz_{tid}={t0};")
    for part in ("Path=/", "HttpOnly", "SameSite=Lax"):
        assert part in set_cookie
    assert state(web, tid)["seat"] == 0  # the cookie alone now acts for seat 0
    web.get(f"/replay/{tid}?token={t1}")  # a second seat joins the first (hot-seat)
    assert web.cookies.get(f"wz_{tid}") == f"{t0},{t1}"
    assert "set-cookie" not in web.get(f"/table/{tid}?token={t1}").headers  # nothing new
    other = new_table(web)
    assert "set-cookie" not in web.get(f"/table/{tid}?token={other['tokens'][0]}").headers  # not this table's


def test_every_game_s_rules_page_is_served_and_listed(web: TestClient) -> None:
    """The lobby's and the table's rules links: /api/games names each game's page, and the
    page is the package's Markdown as HTML, styled as the other pages."""
    listed = web.get("/api/games").json()
    for game in listed:
        page = web.get(game["rules_url"])
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html"), game["full_id"]
        assert "<h2" in page.text and "/static/app.css" in page.text and "<script" not in page.text
    cup = web.get("/rules/cup").text
    assert "<title>wizarena — Wizards Cup: the rules</title>" in cup and "Cup 2 Battle" in cup
    assert web.get("/rules/cup/swap").text == cup


@pytest.mark.parametrize("name", ["chess", "cup/swap/more", "x" * 500])
def test_no_rules_page_for_what_is_not_a_game(web: TestClient, name: str) -> None:
    page = web.get(f"/rules/{name}")
    assert page.status_code == 404 and "no rules page" in page.text and "x" * 100 not in page.text
