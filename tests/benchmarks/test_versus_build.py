"""Agent A of this install against agent B of another: here, the same install twice."""

from __future__ import annotations

import sys

import pytest
from benchmarks.versus_build import run


def test_two_installs_play_the_same_games_and_a_result_comes_back() -> None:
    res = run("mickey/mini", "ismcts:iterations=10", "random", sys.executable, 2, 0, 1, False)
    assert res["wins"] + res["draws"] + res["losses"] == 2 and res["b"] == "random"


def test_a_missing_interpreter_is_named() -> None:
    with pytest.raises(SystemExit, match="no such file"):
        run("cup", "random", "random", "/nonexistent/python", 1, 0, 1, False)
