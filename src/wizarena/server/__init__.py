"""The web table: an ASGI app that seats people and computer players at a game, plays it
over HTTP and WebSocket by the protocol in docs/web-protocol.md, and keeps every accepted
move in a database so that a table survives a restart.

It needs the `web` extra (`pip install 'wizarena[web]'`); `wizarena serve` runs it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so the database modules load without the web framework.
    if name == "create_app":
        from .app import create_app
        return create_app
    raise AttributeError(name)
