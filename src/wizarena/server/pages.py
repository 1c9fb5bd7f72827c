"""The browser pages and static files, served from the `wizarena.web` package folder.

The client is plain files (no build step) that a colleague maintains in src/wizarena/web;
this module only serves them. Opening a table or replay page with `?token=` stores the
token in the table's cookie (HttpOnly, so page scripts never handle it again), merged
with the tokens already there so one browser can hold several seats (hot-seat).
"""

from __future__ import annotations

import html
from pathlib import Path

import markdown
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.staticfiles import StaticFiles

import wizarena
from wizarena import rules

from .errors import TableError
from .identity import cookie_header, cookie_name, split_tokens
from .tables import TableManager

WEB_DIR = Path(wizarena.__file__).parent / "web"
# Pages may carry a token in their URL: keep it out of Referer headers and caches.
PAGE_HEADERS = {"Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}

router = APIRouter(include_in_schema=False)


def _missing(title: str, text: str, status: int = 404) -> HTMLResponse:
    body = (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title></head>"
            f"<body><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>")
    return HTMLResponse(body, status_code=status, headers=PAGE_HEADERS)


def page(name: str) -> Response:
    path = WEB_DIR / name
    if not path.is_file():
        return _missing("wizarena", f"The page {name} is not installed with this server yet.")
    return FileResponse(path, media_type="text/html", headers=PAGE_HEADERS)


async def _table_page(request: Request, table_id: str, name: str) -> Response:
    manager: TableManager = request.app.state.manager
    try:
        table = await manager.get(table_id)
    except TableError as exc:
        return _missing("wizarena", exc.message, exc.status)
    response = page(name)
    offered = split_tokens(request.query_params.get("token"))
    if offered:
        kept = [t for t in split_tokens(request.cookies.get(cookie_name(table_id))) if table.seats_for([t])]
        new = [t for t in offered if table.seats_for([t]) and t not in kept]
        if new:
            response.headers.append("set-cookie", cookie_header(table_id, kept + new,
                                                                secure=request.url.scheme == "https"))
    return response


@router.get("/")
async def lobby() -> Response:
    return page("index.html")


@router.get("/table/{table_id}")
async def table_page(table_id: str, request: Request) -> Response:
    return await _table_page(request, table_id, "table.html")


@router.get("/replay/{table_id}")
async def replay_page(table_id: str, request: Request) -> Response:
    return await _table_page(request, table_id, "replay.html")


@router.get("/rules/{game_id:path}")
async def rules_page(game_id: str) -> Response:
    """A game's rules in our own words (wizarena.rules), as a page of its own."""
    try:
        source = rules.text(game_id)
    except ValueError as exc:
        return _missing("wizarena — rules", str(exc))
    return HTMLResponse(rules_html(source), headers=PAGE_HEADERS)


def rules_html(source: str) -> str:
    """A rules page's Markdown as a whole HTML page, styled as the table's pages are. The
    Markdown is the package's own, never a client's."""
    title = html.escape(rules.title(source))
    body = markdown.markdown(source, extensions=["tables", "sane_lists"])
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>wizarena — {title}</title><link rel=\"icon\" href=\"data:,\">"
            "<link rel=\"stylesheet\" href=\"/static/app.css\"></head><body class=\"page-rules\">"
            "<header class=\"topbar\"><a class=\"brand\" href=\"/\">wizarena</a>"
            f"<span class=\"subtitle\">{title}</span></header>"
            f"<main class=\"rules\" data-testid=\"rules\">{body}</main></body></html>")


def mount_static(app: FastAPI) -> None:
    # check_dir=False: the server starts even before the client files are in place.
    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")
