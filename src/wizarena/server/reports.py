"""Balance-study reports, read-only: `wizarena serve --reports FOLDER` lists the studies in
FOLDER and serves their pages.

A study is a direct subfolder of FOLDER holding a report.html, as `wizarena study --out DIR`
writes it (report.html, the CSV tables, study.json). Only subfolders with a plain name
(`NAME_PATTERN`) count; a subfolder, or a file in one, that resolves outside FOLDER (a
symlink) is skipped. A client's path reaches the file system only as a name checked
against the pattern or the fixed allow-list of files, and no response names a server path.
The server never writes into FOLDER.
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from .pages import PAGE_HEADERS, _missing

ENV_REPORTS = "WIZARENA_REPORTS"  # the folder `wizarena serve --reports` passes its workers
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
REPORT = "report.html"
STUDY = "study.json"
# The files of a study folder a client may fetch besides the page, with their media types.
FILES = {"matchups.csv": "text/csv; charset=utf-8", "cards.csv": "text/csv; charset=utf-8",
         "seats.csv": "text/csv; charset=utf-8", "lengths.csv": "text/csv; charset=utf-8",
         STUDY: "application/json"}
MAX_LISTED = 200  # studies in one listing, newest first
MAX_SCANNED = 5000  # folder entries looked at for one listing
MAX_STUDY_BYTES = 5 * 1024 * 1024  # a bigger study.json is not read
MAX_TEXT = 200  # characters kept of a title or game id
MAX_KINDS = 16
# The report is self-contained: inline styles and data: images, nothing else (no scripts).
REPORT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
REPORT_HEADERS = {**PAGE_HEADERS, "Content-Security-Policy": REPORT_CSP}
FILE_HEADERS = {**PAGE_HEADERS, "Content-Security-Policy": "default-src 'none'"}

router = APIRouter()


def reports_folder(value: str | os.PathLike[str] | None) -> Path | None:
    """The folder as the app keeps it (resolved), or None for no reports."""
    if value is None or str(value) == "":
        return None
    return Path(value).resolve()


def _inside(root: Path, path: Path) -> Path | None:
    """`path` resolved, if it is a regular file or folder within `root`; None otherwise."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    return real if real == root or real.is_relative_to(root) else None


def _study_file(root: Path, name: str, file: str) -> Path | None:
    """The file `file` of the study `name`, if both names are safe and it lies within root."""
    if not NAME_PATTERN.fullmatch(name) or (file != REPORT and file not in FILES):
        return None
    folder = _inside(root, root / name)
    if folder is None or folder == root or not folder.is_dir():
        return None
    found = _inside(root, folder / file)
    return found if found is not None and found.is_file() else None


def _text(value: Any) -> str | None:
    return value[:MAX_TEXT] if isinstance(value, str) and value.strip() else None


def _read_study(root: Path, name: str) -> dict[str, Any]:
    """What the listing shows of a study.json: {} when it is missing, too big or not an object."""
    path = _study_file(root, name, STUDY)
    if path is None:
        return {}
    try:
        if path.stat().st_size > MAX_STUDY_BYTES:
            return {}
        with path.open("rb") as f:
            data = json.loads(f.read(MAX_STUDY_BYTES + 1))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def list_reports(root: Path | None) -> list[dict[str, Any]]:
    """The studies in `root`, newest report.html first, at most MAX_LISTED of them."""
    if root is None:
        return []
    found: list[tuple[float, str]] = []
    try:
        with os.scandir(root) as entries:
            for i, entry in enumerate(entries):
                if i >= MAX_SCANNED:
                    break
                if not NAME_PATTERN.fullmatch(entry.name):
                    continue
                page = _study_file(root, entry.name, REPORT)
                if page is None:
                    continue
                try:
                    found.append((page.stat().st_mtime, entry.name))
                except OSError:
                    continue
    except OSError:
        return []
    found.sort(key=lambda item: (-item[0], item[1]))
    listed = []
    for mtime, name in found[:MAX_LISTED]:
        study = _read_study(root, name)
        games = study.get("games")
        kinds = study.get("kinds")
        listed.append({
            "name": name,
            "title": _text(study.get("title")) or _text(study.get("game")) or name,
            "game": _text(study.get("game")),
            "games": games if isinstance(games, int) and not isinstance(games, bool) and games >= 0 else None,
            "kinds": [k[:MAX_TEXT] for k in kinds[:MAX_KINDS] if isinstance(k, str)] if isinstance(kinds, list) else [],
            "written": datetime.fromtimestamp(mtime, tz=UTC).isoformat(timespec="seconds"),
        })
    return listed


def _root(request: Request) -> Path | None:
    return getattr(request.app.state, "reports", None)


@router.get("/api/reports")
def api_reports(request: Request) -> dict[str, Any]:
    """The balance studies this server shows (none without --reports)."""
    return {"reports": list_reports(_root(request))}


def _no_report() -> Response:
    return _missing("wizarena", "There is no such report.")


@router.get("/reports/{name}", include_in_schema=False)
def report_page(name: str, request: Request) -> Response:
    root = _root(request)
    path = _study_file(root, name, REPORT) if root is not None else None
    if path is None:
        return _no_report()
    return FileResponse(path, media_type="text/html; charset=utf-8", headers=REPORT_HEADERS)


@router.get("/reports/{name}/{file}", include_in_schema=False)
def report_file(name: str, file: str, request: Request) -> Response:
    root = _root(request)
    path = _study_file(root, name, file) if root is not None and file in FILES else None
    if path is None:
        return _no_report()
    return FileResponse(path, media_type=FILES[file], headers=FILE_HEADERS)
