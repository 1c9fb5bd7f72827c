"""The one refusal type of the web table, shared by the HTTP API and the WebSocket."""

from __future__ import annotations


class TableError(Exception):
    """A refused request: `status` is its HTTP status; over a WebSocket it becomes an error
    message to the sender alone. The message is one line meant for the person; `rule` is
    the rulebook section when the game refused a move."""

    def __init__(self, status: int, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
