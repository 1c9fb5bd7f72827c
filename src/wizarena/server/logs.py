"""Keep seat tokens out of the server's logs.

The protocol lets a token ride in a URL (`?token=` on pages, the WebSocket and the API),
and uvicorn logs every request's path with its query string. Anyone who can read the logs
could then play for that seat, so the access and error loggers mask token values.
"""

from __future__ import annotations

import logging
import re

_TOKEN_IN_URL = re.compile(r"(token=)[^&\s\"']+")
LOGGERS = ("uvicorn.access", "uvicorn.error")


class RedactTokens(logging.Filter):
    """Rewrites `token=...` in a record's message arguments to `token=***`."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args:
            record.args = tuple(_TOKEN_IN_URL.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = _TOKEN_IN_URL.sub(r"\1***", record.msg)
        return True


def redact_tokens() -> None:
    """Install the filter on uvicorn's loggers (once per process)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
