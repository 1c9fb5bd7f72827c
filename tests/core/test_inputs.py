"""Bounds on outside input and the quoting of it in messages (core/inputs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizarena.core.inputs import (
    MAX_DEPTH,
    depth,
    json_depth,
    load_json,
    load_toml,
    printable,
    read_capped,
    shown,
    whole_number,
)

from .support import QUICK


class Bad(Exception):
    pass


def test_shown_quotes_a_short_text_whole_and_a_long_one_cut() -> None:
    assert shown("frobnicate") == "'frobnicate'"
    long = shown("x" * 60_000)
    assert long.startswith("'xxx") and "...'" in long and "(60,000 characters)" in long and len(long) < 80


@pytest.mark.parametrize("text", ["\x1b[2J", "a\nb", "\u202eevil", "\x00", "\ud800", "\u2028"])
def test_control_characters_are_escaped(text: str) -> None:
    for made in (shown(text), printable(text)):
        assert made.isprintable()


def test_printable_keeps_ordinary_text() -> None:
    assert printable("Élan d'été 3") == "Élan d'été 3"


@pytest.mark.parametrize(("text", "number"), [("12", 12), ("007", 7), ("²", None), ("①", None), ("٣", None),
                                              ("", None), ("1 2", None), ("9" * 5000, -1), ("1234567", -1)])
def test_whole_number_reads_ascii_digits_only(text: str, number: int | None) -> None:
    assert whole_number(text) == number


@given(st.text(max_size=60))
@QUICK
def test_whole_number_never_raises(text: str) -> None:
    whole_number(text)


def test_depth_is_measured_without_recursion() -> None:
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]
    assert depth(deep) == 100_000
    assert depth({"a": [1, {"b": 2}]}) == 3 and depth(5) == 0


def test_json_depth_skips_strings() -> None:
    assert json_depth('{"a": "[[[[\\"[[["}') == 1
    assert json_depth("[" * 5000) == 5000


@pytest.mark.parametrize(("text", "words"), [
    ("[" * 5000 + "]" * 5000, f"nested deeper than {MAX_DEPTH} levels"),
    ("9" * 5000, "4300"),
    ("[Infinity]", "Infinity"),
    ("NaN", "NaN"),
    ("{", "not valid JSON"),
])
def test_load_json_refuses_with_the_caller_s_error(text: str, words: str) -> None:
    with pytest.raises(Bad, match=f"^where: .*{words}"):
        load_json(text, "where", Bad)


@pytest.mark.parametrize(("text", "words"), [
    ("a = " + "[" * 3000 + "]" * 3000, "nested deeper"),
    (".".join(["a"] * 3000) + " = 1", "nested deeper"),
    ("a = 1" + "0" * 5000, "4300"),
    ("a = inf", "inf and nan"),
    ("a = [nan]", "inf and nan"),
    ("a = ", "not valid TOML"),
])
def test_load_toml_refuses_with_the_caller_s_error(text: str, words: str) -> None:
    with pytest.raises(Bad, match=f"^where: .*{words}"):
        load_toml(text.encode(), "where", Bad)


def test_load_toml_refuses_bytes_that_are_not_utf8() -> None:
    with pytest.raises(Bad, match="not UTF-8"):
        load_toml(b"a = '\xff'", "where", Bad)


def test_read_capped_stops_at_the_limit(tmp_path: Path) -> None:
    with pytest.raises(Bad, match="larger than a deck file may be"):
        read_capped("/dev/zero", 1000, "deck file", Bad)
    (tmp_path / "d.toml").write_bytes(b"x" * 1000)
    assert len(read_capped(str(tmp_path / "d.toml"), 1000, "deck file", Bad)) == 1000
    with pytest.raises(Bad, match="no such deck file"):
        read_capped(str(tmp_path / "none"), 1000, "deck file", Bad)
    with pytest.raises(Bad, match="is a directory"):
        read_capped(str(tmp_path), 1000, "deck file", Bad)
