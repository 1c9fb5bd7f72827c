"""Balance-study reports (`wizarena serve --reports FOLDER`): the listing, the report pages
and their files, read-only, with no client path reaching the file system unchecked."""

from __future__ import annotations

import json
import os
import urllib.parse
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

from wizarena.core import WizarenaError
from wizarena.server import reports as study_reports
from wizarena.server.app import ENV_DB, ENV_LIMITS, ENV_REPORTS, app_from_env
from wizarena.server.run import reports_folder

from .helpers import write_study

CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
TRAVERSALS = [
    "/reports/..", "/reports/%2e%2e", "/reports/%2E%2E/report.html", "/reports/.hidden",
    "/reports/..%2f..%2fsecret.txt", "/reports/%2e%2e%2fsecret.txt", "/reports/cup-study/..%2f..%2fsecret.txt",
    "/reports/cup-study/%2e%2e%2fwars-study%2freport.html", "/reports/cup-study/%2e%2e",
    "/reports/%2fetc%2fpasswd", "/reports/cup-study/%2fetc%2fpasswd", "/reports/cup-study%2f..%2f..%2fsecret.txt",
    "/reports/escape", "/reports/escape/study.json", "/reports/linked-page", "/reports/bad%20name",
    "/reports/cup-study/report.html/..", "/reports/cup-study/.%2fstudy.json", "/reports/cup-study/study.json%00",
    "/reports/%5c..%5csecret.txt", "/reports/cup-study/..%5c..%5csecret.txt",
]


def raw_get(client: TestClient, raw_path: str) -> tuple[int, str]:
    """GET a path exactly as written, dot segments included (an HTTP client would remove
    them), as uvicorn hands it to the app: `path` percent-decoded, `raw_path` as sent."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": urllib.parse.unquote(raw_path), "raw_path": raw_path.encode(),
             "query_string": b"", "root_path": "", "headers": [(b"host", b"testserver")],
             "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
    sent: list[dict[str, Any]] = []

    async def run() -> None:
        done = anyio.Event()
        requested = False

        async def receive() -> dict[str, Any]:
            nonlocal requested
            if not requested:
                requested = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await done.wait()  # the client goes once the whole answer is in
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                done.set()

        await client.app(scope, receive, send)

    assert client.portal is not None  # the client's own event loop, as its requests use
    client.portal.call(run)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body.decode(errors="replace")


def _tree(root: Path) -> dict[str, tuple[int, int]]:
    """Every path under root (symlinks not followed) with its size and modification time."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            st = os.lstat(os.path.join(dirpath, name))
            out[os.path.relpath(os.path.join(dirpath, name), root)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def studies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A reports folder: two real studies (the Wars one newer), an alias of one, and folders
    that must not be listed or served, next to a secret file outside the folder."""
    base = tmp_path_factory.mktemp("reports")
    (base / "secret.txt").write_text("not for clients")
    outside = base / "outside"
    outside.mkdir()
    (outside / "report.html").write_text("<h1>outside</h1>")
    (outside / "study.json").write_text("{}")
    root = base / "studies"
    root.mkdir()
    write_study(root / "cup-study", "cup")
    write_study(root / "wars-study", "wars")
    os.utime(root / "cup-study" / "report.html", (1_700_000_000, 1_700_000_000))
    os.utime(root / "wars-study" / "report.html", (1_700_100_000, 1_700_100_000))
    (root / "alias").symlink_to(root / "cup-study")  # a symlink within the folder is fine
    (root / "no-report").mkdir()  # no report.html
    (root / "no-report" / "study.json").write_text('{"title": "no page"}')
    for bad in ("bad name", ".hidden", "-dash"):
        (root / bad).mkdir()
        (root / bad / "report.html").write_text("<h1>bad</h1>")
    (root / "escape").symlink_to(outside)  # points outside the folder
    (root / "linked-page").mkdir()
    (root / "linked-page" / "report.html").symlink_to(outside / "report.html")
    (root / "corrupt").mkdir()
    (root / "corrupt" / "report.html").write_text("<h1>corrupt</h1>")
    (root / "corrupt" / "study.json").write_text('{"title": "cut off')
    (root / "a-list").mkdir()
    (root / "a-list" / "report.html").write_text("<h1>list</h1>")
    (root / "a-list" / "study.json").write_text("[1, 2, 3]")
    (root / "odd-types").mkdir()
    (root / "odd-types" / "report.html").write_text("<h1>odd</h1>")
    (root / "odd-types" / "study.json").write_text(json.dumps({"title": 7, "game": ["x"], "games": True,
                                                               "kinds": "seats"}))
    (root / "report.html").write_text("<h1>a stray page in the folder itself</h1>")
    for name in ("corrupt", "a-list", "odd-types", "linked-page"):
        os.utime(root / name / "report.html", (1_600_000_000, 1_600_000_000))
    return root


@pytest.fixture
def served(studies: Path, open_app: Callable[..., Any], sqlite_url: str) -> Iterator[TestClient]:
    with open_app(sqlite_url, reports=studies) as client:
        yield client


def test_the_listing_shows_the_studies_newest_first(served: TestClient, studies: Path) -> None:
    r = served.get("/api/reports")
    assert r.status_code == 200
    listed = r.json()["reports"]
    names = [x["name"] for x in listed]
    assert names[:3] in (["wars-study", "alias", "cup-study"], ["wars-study", "cup-study", "alias"])
    assert sorted(names[3:]) == ["a-list", "corrupt", "odd-types"]
    wars, cup = listed[0], next(x for x in listed if x["name"] == "cup-study")
    study = json.loads((studies / "wars-study" / "study.json").read_text())
    assert wars == {"name": "wars-study", "title": study["title"], "game": "wars", "games": study["games"],
                    "kinds": ["seats"], "written": wars["written"]}
    assert cup["title"] == "Wizards Cup" and cup["game"] == "cup" and cup["games"] == 2
    assert datetime.fromisoformat(wars["written"]).timestamp() == 1_700_100_000
    assert datetime.fromisoformat(cup["written"]).timestamp() == 1_700_000_000
    # a bad study.json never fails the listing: the folder's name stands in
    for name in ("corrupt", "a-list", "odd-types"):
        entry = next(x for x in listed if x["name"] == name)
        assert entry == {"name": name, "title": name, "game": None, "games": None, "kinds": [],
                         "written": entry["written"]}
    assert str(studies.parent) not in r.text


def test_a_report_is_served_with_its_own_policy(served: TestClient, studies: Path) -> None:
    r = served.get("/reports/cup-study")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"
    assert r.content == (studies / "cup-study" / "report.html").read_bytes()
    assert "data:image/png;base64," in r.text
    assert served.get("/reports/alias").content == r.content


def test_only_the_allowed_files_of_a_study_are_served(served: TestClient, studies: Path) -> None:
    r = served.get("/reports/cup-study/study.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.json() == json.loads((studies / "cup-study" / "study.json").read_text())
    csv = served.get("/reports/cup-study/seats.csv")
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert csv.content == (studies / "cup-study" / "seats.csv").read_bytes()
    assert served.get("/reports/cup-study/lengths.csv").status_code == 200
    assert served.get("/reports/cup-study/matchups.csv").status_code == 404  # allowed, not written
    for other in ("report.html", "secret.txt", "study.JSON", "x.csv", "seats.csv.bak"):
        assert served.get(f"/reports/cup-study/{other}").status_code == 404, other


def test_unknown_and_unsafe_names_are_404_and_name_no_path(served: TestClient, studies: Path) -> None:
    assert served.get("/reports/no-such-study").status_code == 404
    assert served.get("/reports/no-report").status_code == 404
    assert raw_get(served, "/reports/cup-study")[0] == 200  # the raw request does reach the reports
    for url in TRAVERSALS:
        status, text = raw_get(served, url)
        assert status == 404, url
        for leak in (str(studies.parent), "not for clients", "<h1>outside</h1>", "<h1>bad</h1>"):
            assert leak not in text, (url, leak)
        if "%" in url:  # what an HTTP client sends as it is
            r = served.get(url)
            assert r.status_code == 404 and str(studies.parent) not in r.text, url


def test_the_server_never_writes_into_the_folder(served: TestClient, studies: Path) -> None:
    before = _tree(studies)
    served.get("/api/reports")
    served.get("/reports/cup-study")
    served.get("/reports/cup-study/study.json")
    for url in TRAVERSALS:
        raw_get(served, url)
    assert _tree(studies) == before


def test_a_huge_study_json_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "report.html").write_text("<h1>big</h1>")
    (tmp_path / "big" / "study.json").write_text(json.dumps({"title": "big", "pad": "x" * 2000}))
    assert study_reports.list_reports(tmp_path)[0]["title"] == "big"
    monkeypatch.setattr(study_reports, "MAX_STUDY_BYTES", 1000)
    assert study_reports.list_reports(tmp_path)[0]["title"] == "big"  # the folder's name now
    (tmp_path / "big" / "study.json").write_text(json.dumps({"title": "small"}))
    assert study_reports.list_reports(tmp_path)[0]["title"] == "small"


def test_the_listing_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(5):
        (tmp_path / f"s{i}").mkdir()
        (tmp_path / f"s{i}" / "report.html").write_text("<h1>s</h1>")
        os.utime(tmp_path / f"s{i}" / "report.html", (1_700_000_000 + i, 1_700_000_000 + i))
    monkeypatch.setattr(study_reports, "MAX_LISTED", 3)
    assert [x["name"] for x in study_reports.list_reports(tmp_path)] == ["s4", "s3", "s2"]
    assert study_reports.list_reports(tmp_path / "missing") == []


def test_without_reports_nothing_is_listed_or_served(client: TestClient) -> None:
    assert client.get("/api/reports").json() == {"reports": []}
    assert client.get("/reports/cup-study").status_code == 404
    assert client.get("/reports/cup-study/study.json").status_code == 404


def test_the_folder_reaches_the_app_factory_and_a_bad_one_stops_serve(
        studies: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DB, f"sqlite:///{tmp_path / 'w.db'}")
    monkeypatch.setenv(ENV_LIMITS, "")
    monkeypatch.setenv(ENV_REPORTS, str(studies))
    assert app_from_env().state.reports == studies.resolve()
    monkeypatch.setenv(ENV_REPORTS, "")
    assert app_from_env().state.reports is None
    assert reports_folder(str(studies)) == str(studies.resolve())
    assert reports_folder(None) == ""
    with pytest.raises(WizarenaError, match="not a folder"):
        reports_folder(str(tmp_path / "missing"))
