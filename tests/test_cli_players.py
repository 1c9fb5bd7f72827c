"""The `wizarena` command with a chosen player count: play, simulate and replay a game of
two to four players, and refuse a count the game does not take in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.typed import any_choice
from wizarena.core import read_records

from .test_cli import assert_one_line_error

pytestmark = pytest.mark.usefixtures("stand_registered")



@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_against_computer_seats_for_a_chosen_count(run, tmp_path: Path, n: int) -> None:
    out_file = tmp_path / "g.jsonl"
    code, out, err = run("play", "stand", "--players", str(n), "--vs", "random", "--seed", "4",
                         "--out", str(out_file), stdin=any_choice(200))
    assert code == 0, err
    first = out.splitlines()[0]
    assert "you are P0, against " + ", ".join(f"P{s} (random)" for s in range(1, n)) in first
    assert "game over:" in out
    (record,) = read_records(out_file)
    assert record.players == n and record.meta["agents"] == ["person"] + ["random"] * (n - 1)
    code, checked, _ = run("replay", str(out_file), "--verify")
    assert code == 0 and "ok: 1 record(s)" in checked


def test_play_names_one_computer_per_seat(run) -> None:
    code, out, err = run("play", "stand", "--players", "4", "--seat", "2", "--vs", "random,greedy,ismcts:iterations=5",
                         "--seed", "4", stdin=any_choice(200))
    assert code == 0, err
    assert "you are P2, against P0 (random), P1 (greedy), P3 (ismcts:iterations=5)" in out.splitlines()[0]


def test_hotseat_for_all_the_people_of_a_chosen_count(run) -> None:
    code, out, err = run("play", "stand", "--players", "4", "--hotseat", "--seed", "2", stdin=any_choice(400))
    assert code == 0, err
    assert "hot-seat for 4 players" in out and "pass the terminal to P3" in out


def test_simulate_a_chosen_count_reports_every_seat_and_the_elimination_order(run) -> None:
    code, out, err = run("simulate", "stand", "--players", "4", "--agents", "greedy,random,random,random",
                         "--games", "24", "--workers", "1", "--seed", "5", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["players"] == 4 and len(data["seat_wins"]) == 4 and len(data["win_rate_ci"]) == 4
    assert data["rotate"] is True and len(data["eliminated"]) == 4
    code, out, err = run("simulate", "stand", "--players", "3", "--games", "12", "--workers", "1")
    assert code == 0, err
    assert "seat advantage" in out and "elimination order" in out
    assert "2: random" in out  # three agents by default, one per seat


def test_simulate_without_rotation_keeps_the_seats(run, tmp_path: Path) -> None:
    out_file = tmp_path / "g.jsonl"
    code, out, err = run("simulate", "stand", "--agents", "greedy,random,random", "--no-rotate", "--games", "6",
                         "--workers", "1", "--out", str(out_file), "--json")
    assert code == 0, err
    assert json.loads(out)["rotate"] is False
    assert all(r.meta["agents"] == ["greedy", "random", "random"] for r in read_records(out_file))


def test_replay_narrates_a_game_of_four(run, tmp_path: Path) -> None:
    out_file = tmp_path / "g.jsonl"
    assert run("simulate", "stand", "--players", "4", "--games", "2", "--workers", "1", "--out",
               str(out_file))[0] == 0
    code, out, err = run("replay", str(out_file), "--seat", "3")
    assert code == 0, err
    assert "seats: P0 random, P1 random, P2 random, P3 random" in out and "[Stand 2.2]" in out


@pytest.mark.parametrize(("args", "words"), [
    (("play", "stand", "--players", "5"), "stand takes 2, 3 or 4 players, not 5"),
    (("play", "cup", "--players", "3"), "cup is played by 2 players, not 3"),
    (("play", "stand", "--players", "2", "--seat", "2"), "seats 0 to 1, not 2"),
    (("play", "stand", "--players", "4", "--vs", "random,random"), "3 computer seats"),
    (("simulate", "stand", "--players", "5", "--games", "2"), "stand takes 2, 3 or 4 players, not 5"),
    (("simulate", "cup", "--players", "3", "--games", "2"), "cup is played by 2 players, not 3"),
    (("simulate", "stand", "--players", "4", "--agents", "random,random", "--games", "2"), "give 4 agents, not 2"),
    (("play", "stand", "--players", "99999999999999999999999"), "4 players, not 9999"),
])
def test_a_count_the_game_does_not_take_is_one_line(run, args: tuple[str, ...], words: str) -> None:
    line = assert_one_line_error(*run(*args, stdin=any_choice(50)))
    assert words in line


def test_games_lists_the_player_counts(run) -> None:
    code, out, _ = run("games")
    assert code == 0 and "players" in out
    line = next(x for x in out.splitlines() if "Last Stand" in x)
    assert "2-4" in line
