"""The determinization benchmark: positions from random games, both measures reported."""

from __future__ import annotations

from benchmarks.determinize_cost import measure, positions

from wizarena.core import load_game


def test_positions_are_copies_with_the_seat_to_move() -> None:
    game = load_game("cup")
    found = positions(game, 2, 0)
    assert found and all(seat in game.to_act(state) for state, seat in found)


def test_both_measures_come_back_for_every_position() -> None:
    result = measure("mickey/mini", games=1, rounds=1)
    assert result["positions"] > 0 and result["determinize_us"] > 0 and result["clone_us"] > 0
