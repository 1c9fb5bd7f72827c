"""Studies: a small study of every game produces its report, the numbers add up to the
games played, and bad input is refused in one line before anything runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from wizarena.sim.study import StudyError, run_study

pytest.importorskip("matplotlib")
pytest.importorskip("pyarrow")


@pytest.mark.parametrize("game, args", [
    ("cup", []),
    ("cup/swap", ["--agents", "random,greedy:samples=1,greedy:samples=2"]),
    ("mickey/mini", ["--agents", "random"]),
    ("mickey", ["--agents", "random"]),
    ("mickey/official", ["--agents", "random"]),
    ("wars", ["--agents", "random"]),
    ("wizwar", ["--agents", "random"]),
    ("wizwar", ["--agents", "random", "--players", "3", "--kind", "cards,seats"]),
])
def test_a_small_study_of_every_game_writes_its_report(run, tmp_path: Path, game: str, args: list[str]) -> None:
    out = tmp_path / "report"
    code, stdout, err = run("study", game, "--games", "4", "--workers", "1", "--out", str(out), *args)
    assert code == 0, err
    html = (out / "report.html").read_text()
    assert not re.search(r"https?://", html)  # opens offline: nothing to fetch
    study = json.loads((out / "study.json").read_text())
    kinds = study["kinds"]
    assert html.count("data:image/png;base64,") >= len(kinds)
    assert (out / "seats.csv").exists() and (out / "lengths.csv").exists()
    seats = study["seats"]
    assert seats["games"] == study["games"] > 0
    assert sum(s["wins"] for s in seats["seats"]) + seats["draws"] == seats["games"]
    assert sum(c for _, c in seats["lengths"]["histogram"]) == seats["games"]
    if "matchups" in kinds:
        pairs = study["matchups"]["pairs"]
        assert sum(p["games"] for p in pairs) == study["games"]
        n = len(study["entrants"])
        assert len(pairs) == max(1, n * (n - 1) // 2)
    cards = study["cards"]["rows"]
    assert cards, "every game here says which cards each side used"
    assert all(0 < row["games"] and 0 <= row["wins"] <= row["games"] for row in cards)
    assert [row["win_rate"] for row in cards] == sorted((row["win_rate"] for row in cards), reverse=True)


def test_deck_matchups_play_both_seat_orders_and_fill_the_matrix() -> None:
    study = run_study("wars", ["matchups"], agents=["random"], games=6, seed=9, workers=1)
    assert study["entrant_kind"] == "deck" and study["entrants"] == ["emberhold", "gloamveil", "tidecourt"]
    for pair in study["matchups"]["pairs"]:
        assert pair["games"] == 6 and pair["a_first"]["games"] == pair["a_second"]["games"] == 3
        assert pair["a_first"]["wins"] + pair["a_second"]["wins"] == pair["wins"]
    matrix = study["matchups"]["matrix"]
    for i in range(3):
        assert matrix[i][i] is None
        for j in range(3):
            if i != j:  # the row's wins and the column's wins and the draws make the whole
                pair = next(p for p in study["matchups"]["pairs"] if {p["a"], p["b"]} == {study["entrants"][i],
                                                                                          study["entrants"][j]})
                assert matrix[i][j] + matrix[j][i] == pytest.approx(1 - pair["draws"] / pair["games"])


def test_card_rates_are_the_sides_that_used_them() -> None:
    study = run_study("cup", ["cards"], agents=["random", "greedy:samples=1"], games=40, workers=1)
    rows = study["cards"]["rows"]
    assert study["cards"]["usage"] == "picked"
    # Each game's two sides each pick cards: the sides counted are at least the games played.
    assert sum(row["games"] for row in rows) >= 2 * 40
    for row in rows:
        lo, hi = row["ci"]
        assert lo <= row["win_rate"] <= hi
        assert row["verdict"] == ("above" if lo > 0.5 else "below" if hi < 0.5 else None)


def test_a_deck_file_can_enter_a_study(tmp_path: Path) -> None:
    from importlib import resources

    text = resources.files("wizarena.games.wars").joinpath("data/decks/tidecourt.toml").read_text()
    mine = tmp_path / "my-tide.toml"
    mine.write_text(text)
    study = run_study("wars", ["matchups"], decks=[str(mine), "emberhold"], agents=["random"], games=2, workers=1)
    assert study["entrants"] == ["my-tide", "emberhold"]


@pytest.mark.parametrize("args, message", [
    (["wars", "--decks", "emberhold,nosuchdeck"], "deck nosuchdeck: no ready-made deck is called 'nosuchdeck'"),
    (["wars", "--kind", "vibes"], "--kind is one or more of matchups, cards, seats"),
    (["cup", "--decks", "a,b"], "has no decks to study"),
    (["wars", "--decks", "emberhold"], "needs two or more decks"),
    (["wars", "--agents", "random,greedy"], "one agent pilot every deck"),
    (["wizwar", "--players", "3"], "a matchup matrix compares two sides"),
    (["cup", "--games", "-5"], "--games"),
    (["cup", "--backend", "ray", "--address", "ray://127.0.0.1:1"], "no Ray cluster answers at 127.0.0.1:1"),
])
def test_bad_study_input_is_one_line(run, tmp_path: Path, args: list[str], message: str) -> None:
    code, _, err = run("study", *args, "--out", str(tmp_path / "s"))
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and "Traceback" not in err, err
    assert message in err, err
    assert not (tmp_path / "s").exists()  # nothing written


def test_an_illegal_deck_file_is_one_line(run, tmp_path: Path) -> None:
    bad = tmp_path / "tiny.toml"
    bad.write_text('name = "tiny"\nfaction = "Emberhold"\n[cards]\n')
    code, _, err = run("study", "wars", "--decks", f"{bad},emberhold", "--out", str(tmp_path / "s"))
    assert code == 1 and err.startswith("error: deck tiny: ") and len(err.strip().splitlines()) == 1, err


def test_study_error_is_a_wizarena_error() -> None:
    from wizarena.core import WizarenaError

    assert issubclass(StudyError, WizarenaError)


def test_a_study_prints_its_headline_numbers(run, tmp_path: Path) -> None:
    """Issue 27: `study` prints what it found, not only the files it wrote: each pairing's
    result, the cards at both ends of the ranking, the seats."""
    code, stdout, err = run("study", "cup", "--games", "6", "--workers", "1", "--out", str(tmp_path / "s"))
    assert code == 0, err
    assert re.search(r"random against greedy: [\d.]+% won \([\d.]+-[\d.]+%\), \d+ drawn, of 6", stdout)
    assert re.search(r"cards: \d+ ranked; \d+ above even and \d+ below", stdout)
    assert "best: " in stdout and "worst: " in stdout
    assert re.search(r"seats: P0 [\d.]+% .*; P1 [\d.]+% .*; \d+ draws", stdout)


def test_a_study_without_its_extra_stops_before_the_first_game(run, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27: without matplotlib (the lab extra) the study used to play every game and
    then fail, writing nothing. It now says which extra to install before it plays."""
    import sys

    import wizarena.sim.study as study_module

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    monkeypatch.setattr(study_module, "run_study", never)
    out = tmp_path / "s"
    code, stdout, err = run("study", "cup", "--games", "4", "--out", str(out))
    assert code == 1
    assert err.count("\n") == 1 and "pip install 'wizarena[lab]'" in err and "matplotlib" in err
    assert not out.exists()
