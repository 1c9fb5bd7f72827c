"""Bounds on what comes from outside, and the one way messages quote it.

Text a person types, a deck file, a record line and a command-line option all reach code
that was written for sensible values. Unchecked, a few characters can still crash it
(`int('²')` raises though `'²'.isdigit()` holds; Python refuses to read an integer of more
than 4,300 digits; a parser recurses once per level of nesting) or make it work without
end (`/dev/zero` read as a deck). So every such value is bounded here before any work, and
each bound fails with the caller's own error naming the file or option and the limit.

Messages that quote what was given use `shown` (a short prefix, control characters
escaped), and text from a file printed as it is uses `printable`: a 60,000-character
action is not echoed whole, and a deck name cannot clear a terminal.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from typing import Any, Final

MAX_TYPED = 200  # characters of one typed action; the longest action text of any game is 67
MAX_CHOICE_DIGITS = 6  # a menu number: no game offers a million choices at once
QUOTE_CHARS = 40  # characters of bad input a message quotes
MAX_DEPTH = 32  # levels of nesting in a deck, a config or a record; real ones use 5
MAX_DECK_BYTES = 1 << 20  # a deck file; real ones are under 2 KB
MAX_RECORD_LINE = 64 << 20  # one record as a JSON line; a game of a million moves is under 30 MB


def printable(text: object) -> str:
    """`text` with every character a terminal would act on (controls, bidirectional
    overrides, line separators) written as an escape such as `\\x1b`, for printing text
    that came from a file or a person."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in s)


def shown(text: object, limit: int = QUOTE_CHARS) -> str:
    """`text` quoted for a message: `'frobnicate'`, escaped as `printable` does, cut to
    `limit` characters with its length said ("'aaa...' (60,000 characters)")."""
    s = str(text)
    if len(s) <= limit:
        return repr(s)  # repr escapes what str.isprintable refuses
    quoted = repr(s[:limit])
    return f"{quoted[:-1]}...{quoted[-1]} ({len(s):,} characters)"


def whole_number(text: str, digits: int = MAX_CHOICE_DIGITS) -> int | None:
    """The whole number `text` is, written in ASCII digits ("12"), or None for anything
    else: `'²'.isdigit()` holds but `int('²')` raises, and int() refuses thousands of
    digits too. A number of more than `digits` digits (a menu choice, a board's row
    number: none is that large) comes back as -1, which nothing offers."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= digits else -1


def check_typed(text: str, error: type[Exception]) -> None:
    """Refuse typed text over MAX_TYPED characters, before any parser looks at it."""
    if len(text) > MAX_TYPED:
        raise error(f"{shown(text)} is too long for an action: at most {MAX_TYPED} characters")


def depth(data: Any) -> int:
    """How deeply lists and dicts nest in `data` (a scalar is 0), without recursion: a
    structure too deep for recursive code to walk (json.dumps, copy) is measured too."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list | tuple):
            deepest = max(deepest, level)
            stack.extend((x, level + 1) for x in item)
    return deepest


# JSON strings (which may hold brackets) and every run of characters that is no bracket.
_JSON_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deeply brackets nest in JSON text, strings skipped: measured before parsing,
    whose recursion a deep enough text exhausts. The strings and everything but brackets
    are cut out by regular expressions first, so Python looks only at the brackets (a
    record line of a few kilobytes has a few hundred)."""
    deepest = level = 0
    for c in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        if c == "[" or c == "{":
            level += 1
            if level > deepest:
                deepest = level
        else:
            level -= 1
    return deepest


def load_json(text: str, where: str, error: type[Exception], limit: int | None = MAX_DEPTH) -> Any:
    """`text` parsed as JSON, or `error` naming `where` for invalid JSON, nesting deeper
    than `limit`, numbers of too many digits, and infinities (no JSON has them; Python's
    reader takes `Infinity` and `NaN`). With `limit` None the caller bounds the depth of
    what it reads itself (a record checks its free-form parts: scanning a record line of
    moves for brackets cost as much as reading it): the reader still stops, cleanly, at
    the interpreter's recursion limit."""
    if limit is not None and json_depth(text) > limit:
        raise error(f"{where}: nested deeper than {limit} levels")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON ({exc.msg})") from None
    except ValueError as exc:  # a number of more than 4,300 digits, Infinity or NaN
        raise error(f"{where}: {exc}") from None
    except RecursionError:  # cannot happen within MAX_DEPTH; without a limit it can
        raise error(f"{where}: nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_toml(data: bytes, where: str, error: type[Exception], limit: int = MAX_DEPTH) -> dict[str, Any]:
    """TOML bytes parsed, or `error` naming `where`: not UTF-8, invalid TOML, nested deeper
    than `limit` (dotted keys nest without brackets, so the table is measured after
    parsing too), integers of too many digits, and infinite or NaN floats."""
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise error(f"{where}: not UTF-8 text ({exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: not valid TOML: {exc}") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise error(f"{where}: {exc}") from None
    except RecursionError:
        raise error(f"{where}: nested deeper than {limit} levels") from None
    if depth(table) > limit:
        raise error(f"{where}: nested deeper than {limit} levels")
    if _has_odd_float(table):
        raise error(f"{where}: inf and nan are not numbers a deck can use")
    return table


def _has_odd_float(data: Any) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def read_capped(path: str, limit: int, what: str, error: type[Exception]) -> bytes:
    """The bytes of the file at `path`, or `error` naming it: missing, a folder,
    unreadable, or larger than `limit` bytes (read no further: `/dev/zero` never ends)."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not a {what}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the {what}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"{path}: larger than a {what} may be ({limit:,} bytes)")
    return data
