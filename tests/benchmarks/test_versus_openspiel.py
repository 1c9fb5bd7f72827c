"""Our search against OpenSpiel's IS-MCTS bot: both ways of pairing them play whole games."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from benchmarks.versus_openspiel import run  # noqa: E402


@pytest.mark.parametrize("equal_time", [False, True])
def test_a_game_each_way_comes_back_with_both_paces(equal_time: bool) -> None:
    res = run("cup", "ismcts", 2, 10, 2.0, 0, 1, equal_time, False)
    assert res["wins"] + res["draws"] + res["losses"] == 2 and res["equal_time"] is equal_time
    assert res["our_seconds_per_decision"] > 0 and res["their_seconds_per_decision"] > 0
