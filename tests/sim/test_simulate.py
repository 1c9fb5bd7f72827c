"""The simulation function: tallies that add up, seats that rotate, results that do not
depend on how the work is split, and records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wizarena.core import WizarenaError, read_records, replay
from wizarena.sim import bench, simulate, split_agents


def test_tallies_add_up() -> None:
    r = simulate("cup", ["random", "random"], 60, seed=3)
    assert sum(r.wins) + r.draws == 60
    assert sum(r.seat_wins) + r.draws == 60
    assert r.steps > 0 and r.mean_steps == r.steps / 60
    data = r.to_json()
    for key in ("game", "games", "agents", "seed", "wins", "draws", "mean_steps", "seat_wins", "win_rate_ci"):
        assert key in data
    assert all(lo <= w / 60 <= hi for w, (lo, hi) in zip(r.wins, data["win_rate_ci"], strict=True))


def test_chunking_does_not_change_results() -> None:
    a = simulate("cup", ["random", "greedy:samples=1"], 24, seed=11, chunk=1)
    b = simulate("cup", ["random", "greedy:samples=1"], 24, seed=11, chunk=7)
    c = simulate("cup", ["random", "greedy:samples=1"], 24, seed=11)
    assert (a.wins, a.seat_wins, a.draws, a.steps) == (b.wins, b.seat_wins, b.draws, b.steps)
    assert (a.wins, a.seat_wins, a.draws, a.steps) == (c.wins, c.seat_wins, c.draws, c.steps)


def test_workers_do_not_change_results() -> None:
    one = simulate("cup", ["random", "random"], 200, seed=5, workers=1)
    two = simulate("cup", ["random", "random"], 200, seed=5, workers=2, chunk=16)
    assert (one.wins, one.seat_wins, one.draws, one.steps) == (two.wins, two.seat_wins, two.draws, two.steps)
    assert two.workers == 2


def test_records_stream_rotate_seats_and_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    specs = ["random", "greedy:samples=1"]
    r = simulate("cup", specs, 9, seed=40, out=out, chunk=4)
    records = list(read_records(out))
    assert [rec.seed for rec in records] == [40 + i for i in range(9)]
    wins = [0, 0]
    for i, rec in enumerate(records):
        seated = rec.meta["agents"]
        assert rec.meta["index"] == i
        assert seated == (specs if i % 2 == 0 else specs[::-1])
        game, state = replay(rec, log=False)
        assert game.outcome(state).to_json() == rec.outcome
        if len(rec.outcome["winners"]) == 1:
            wins[specs.index(seated[rec.outcome["winners"][0]])] += 1
    # The per-agent tally follows the agent, not the seat.
    assert wins == r.wins


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[int] = []
    simulate("cup", ["random", "random"], 25, chunk=10, progress=seen.append)
    assert seen == [10, 20, 25]


@pytest.mark.parametrize("games", [0, -4])
def test_no_games_is_refused(games: int) -> None:
    with pytest.raises(ValueError):
        simulate("cup", ["random", "random"], games)


def test_wrong_agent_count_or_name_is_refused() -> None:
    with pytest.raises(WizarenaError, match="2 players"):
        simulate("cup", ["random"], 5)
    with pytest.raises(WizarenaError, match="unknown agent"):
        simulate("cup", ["random", "nobody"], 5)


def test_bad_config_is_refused() -> None:
    with pytest.raises(ValueError):
        simulate("cup", ["random", "random"], 5, config={"nonsense": 1})


def test_variant_reaches_the_records(tmp_path: Path) -> None:
    out = tmp_path / "swap.jsonl"
    r = simulate("cup/swap", ["random", "random"], 4, out=out)
    assert r.game == "cup/swap"
    assert all(json.loads(line)["variant"] == "swap" for line in out.read_text().splitlines())


def test_agent_specs_with_options_split_correctly() -> None:
    assert split_agents("random,ismcts:iterations=50,c=0.7") == ["random", "ismcts:iterations=50,c=0.7"]
    assert split_agents(" random , greedy ") == ["random", "greedy"]


def test_bench_keys() -> None:
    result = bench("cup", 0.05)
    assert result["game"] == "cup" and result["steps_per_s"] > 0 and result["games_per_s"] > 0
    if result["reference"] is None:
        assert result["reference_steps_per_s"] is None and result["ratio"] is None
    else:  # the median of neighbouring slices' ratios lies between the extremes of the two medians
        assert result["slices"] >= 1 and result["ratio"] > 0
    assert result["engine"].split()[0] in ("compiled", "interpreted")


def test_bench_takes_the_player_count_and_refuses_a_wrong_one() -> None:
    from wizarena.core.errors import UnknownGame

    assert bench("cup", 0.05, players=2, reference=False)["players"] == 2
    with pytest.raises(UnknownGame, match="2 players, not 3"):
        bench("cup", 0.05, players=3)


def test_bench_refuses_a_time_that_is_not_a_number() -> None:
    for seconds in (-1.0, float("nan")):
        with pytest.raises(ValueError, match="seconds must be"):
            bench("cup", seconds)
