"""The study report: files written, a self-contained and escaped page, numbers that round-trip."""

from __future__ import annotations

import base64
import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from wizarena.sim.report import CARD_CAP, write_report  # noqa: E402
from wizarena.sim.stats import rate, wilson  # noqa: E402

HOSTILE = "<script>alert(1)</script>"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _pair(a: str, b: str, wins: int, draws: int, games: int) -> dict[str, Any]:
    losses = games - wins - draws
    return {
        "a": a, "b": b, "games": games, "wins": wins, "draws": draws, "losses": losses,
        "win_rate": rate(wins, games), "ci": list(wilson(wins, games)),
        "score": (wins + draws / 2) / games,
        "a_first": {"games": games // 2, "wins": wins // 2 + 3},
        "a_second": {"games": games - games // 2, "wins": wins - wins // 2 - 3},
    }


def _cards(n: int) -> list[dict[str, Any]]:
    rows = []
    for i in range(n):
        games = 100 + 7 * i
        wins = int(games * (0.75 - 0.5 * i / max(1, n - 1)))
        lo, hi = wilson(wins, games)
        verdict = "above" if lo > 0.5 else "below" if hi < 0.5 else None
        rows.append({"card": f"Card {i}", "games": games, "wins": wins, "win_rate": rate(wins, games),
                     "ci": [lo, hi], "verdict": verdict})
    rows[1]["card"] = HOSTILE
    rows[2]["card"] = "Price $5 and $6"  # two dollars would be mathtext to matplotlib
    return sorted(rows, key=lambda r: -r["win_rate"])


def _seats() -> dict[str, Any]:
    return {
        "games": 1200, "draws": 12,
        "seats": [{"seat": 0, "wins": 640, "win_rate": 640 / 1200, "ci": list(wilson(640, 1200))},
                  {"seat": 1, "wins": 548, "win_rate": 548 / 1200, "ci": list(wilson(548, 1200))}],
        "first_player_advantage": (640 - 548) / 1200,
        "lengths": {"histogram": [[12, 1], [30, 40], [40, 300], [41, 280], [55, 60], [90, 2]],
                    "mean": 41.2, "median": 40, "p10": 30, "p90": 55, "min": 12, "max": 90},
    }


def _study(entrants: list[str] | None = None, n_cards: int = 12) -> dict[str, Any]:
    entrants = entrants or ["deckA", HOSTILE, "deck & co"]
    n = len(entrants)
    pairs, matrix, matrix_ci = [], [[None] * n for _ in range(n)], [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            games = 400
            wins = 150 + 13 * ((i * 7 + j * 3) % 9)
            draws = 4
            p = _pair(entrants[i], entrants[j], wins, draws, games)
            pairs.append(p)
            matrix[i][j], matrix_ci[i][j] = p["win_rate"], p["ci"]
            back = games - wins - draws
            matrix[j][i], matrix_ci[j][i] = rate(back, games), list(wilson(back, games))
    return {
        "game": "mickey/mini", "title": "Wizards of Mickey (MiniSfida)", "kinds": ["matchups", "cards", "seats"],
        "entrant_kind": "deck", "entrants": entrants, "agents": ["greedy"], "games_per_pairing": 200,
        "seed": 0, "players": 2, "games": 1200, "seconds": 12.3,
        "command": "wizarena study mickey/mini --kind matchups --out out",
        "matchups": {"pairs": pairs, "matrix": matrix, "matrix_ci": matrix_ci},
        "cards": {"usage": "picked", "rows": _cards(n_cards)},
        "seats": _seats(),
    }


def _images(html: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'<img[^>]*src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)]


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_full_study_writes_every_file(tmp_path: Path) -> None:
    study = _study()
    out = tmp_path / "new" / "dir"
    paths = write_report(study, out)
    names = {p.name for p in paths}
    assert names == {"report.html", "matchups.csv", "cards.csv", "seats.csv", "lengths.csv", "study.json"}
    assert all(p.is_file() and p.parent == out for p in paths)
    assert paths[0].name == "report.html"


def test_page_is_self_contained_and_escaped(tmp_path: Path) -> None:
    write_report(_study(), tmp_path)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") >= 3
    assert html.count("<img") >= 3
    assert "http://" not in html and "https://" not in html
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "deck &amp; co" in html
    images = _images(html)
    assert len(images) >= 3
    assert all(img.startswith(PNG_SIGNATURE) for img in images)
    # intervals formatted as "52.9% [49.8, 56.0]"
    assert re.search(r"\d+\.\d% \[\d+\.\d, \d+\.\d\]", html)
    for section in ('id="matchups"', 'id="cards"', 'id="seats"', 'id="lengths"'):
        assert section in html
    assert "mickey/mini" in html and "wizarena study mickey/mini" in html


def test_csv_round_trips_numbers(tmp_path: Path) -> None:
    study = _study()
    write_report(study, tmp_path)

    pairs = _read_csv(tmp_path / "matchups.csv")
    assert len(pairs) == len(study["matchups"]["pairs"])
    for got, want in zip(pairs, study["matchups"]["pairs"], strict=True):
        assert (got["a"], got["b"]) == (want["a"], want["b"])
        assert int(got["games"]) == want["games"] and int(got["wins"]) == want["wins"]
        assert int(got["draws"]) == want["draws"] and int(got["losses"]) == want["losses"]
        assert float(got["win_rate"]) == want["win_rate"]
        assert [float(got["ci_low"]), float(got["ci_high"])] == want["ci"]
        assert float(got["score"]) == want["score"]
        assert int(got["a_first_wins"]) == want["a_first"]["wins"]
        assert int(got["a_second_games"]) == want["a_second"]["games"]

    cards = _read_csv(tmp_path / "cards.csv")
    assert [c["card"] for c in cards] == [r["card"] for r in study["cards"]["rows"]]
    for rank, (got, want) in enumerate(zip(cards, study["cards"]["rows"], strict=True), start=1):
        assert int(got["rank"]) == rank
        assert int(got["games"]) == want["games"] and int(got["wins"]) == want["wins"]
        assert float(got["win_rate"]) == want["win_rate"]
        assert [float(got["ci_low"]), float(got["ci_high"])] == want["ci"]
        assert got["verdict"] == (want["verdict"] or "")

    seats = _read_csv(tmp_path / "seats.csv")
    for got, want in zip(seats, study["seats"]["seats"], strict=True):
        assert int(got["seat"]) == want["seat"] and int(got["wins"]) == want["wins"]
        assert float(got["win_rate"]) == want["win_rate"]
        assert [float(got["ci_low"]), float(got["ci_high"])] == want["ci"]

    lengths = _read_csv(tmp_path / "lengths.csv")
    assert [[int(r["length"]), int(r["count"])] for r in lengths] == study["seats"]["lengths"]["histogram"]


def test_study_json_equals_the_dict(tmp_path: Path) -> None:
    study = _study()
    write_report(study, tmp_path)
    assert json.loads((tmp_path / "study.json").read_text(encoding="utf-8")) == study


def test_seats_only(tmp_path: Path) -> None:
    study = {"game": "mickey/mini", "title": "Mini", "kinds": ["seats"], "agents": ["random"], "seed": 3,
             "players": 2, "games": 1200, "seconds": 1.0, "seats": _seats()}
    paths = write_report(study, tmp_path)
    assert {p.name for p in paths} == {"report.html", "seats.csv", "lengths.csv", "study.json"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lengths.csv", "report.html", "seats.csv", "study.json"]
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="seats"' in html
    assert 'id="matchups"' not in html and 'id="cards"' not in html
    assert "Matchups" not in html and "Cards" not in html
    images = _images(html)
    assert len(images) == 2 and all(img.startswith(PNG_SIGNATURE) for img in images)
    assert "+7.7 points" in html  # (640 - 548) / 1200


def test_empty_cards_says_so(tmp_path: Path) -> None:
    study = _study()
    study["cards"] = {"usage": "played", "rows": []}
    write_report(study, tmp_path)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "cannot say which cards were used" in html
    assert "Card win rates" not in html
    assert _read_csv(tmp_path / "cards.csv") == []
    assert (tmp_path / "cards.csv").read_text(encoding="utf-8").startswith("rank,card,")


def test_many_cards_are_capped_in_the_chart_not_the_table(tmp_path: Path) -> None:
    study = _study(n_cards=2 * CARD_CAP + 30)
    write_report(study, tmp_path)
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert f"top {CARD_CAP} and bottom {CARD_CAP} of {2 * CARD_CAP + 30} cards" in html
    assert len(_read_csv(tmp_path / "cards.csv")) == 2 * CARD_CAP + 30
    for row in study["cards"]["rows"]:
        assert html.count(f"<td>{row['card']}</td>") == 1 or row["card"] == HOSTILE


def test_a_big_study_draws_every_plot(tmp_path: Path) -> None:
    study = _study(entrants=[f"deck number {i}" for i in range(10)], n_cards=100)
    write_report(study, tmp_path / "big")
    html = (tmp_path / "big" / "report.html").read_text(encoding="utf-8")
    assert len(_images(html)) == 4


def test_the_heat_map_is_centred_at_even_and_marks_what_the_intervals_tell_apart() -> None:
    """Issue 27: a 43% whose interval holds 50% must not be drawn as a rout. The colour
    scale is fixed at 0-100% around 50%, and only a cell whose 95% interval excludes 50%
    is starred and outlined."""
    from matplotlib.patches import Rectangle

    from wizarena.sim.report import _matchup_heatmap

    entrants = ["a", "b", "c"]
    matrix = [[None, 0.43, 0.9], [0.57, None, 0.5], [0.1, 0.5, None]]
    close, sure = wilson(43, 100), wilson(90, 100)
    intervals = [[None, list(close), list(sure)], [list(wilson(57, 100)), None, [0.4, 0.6]],
                 [list(wilson(10, 100)), [0.4, 0.6], None]]
    figure = _matchup_heatmap(entrants, matrix, intervals, kind="deck")
    ax = figure.axes[0]
    image = ax.get_images()[0]
    assert (image.norm.vmin, image.norm.vmax) == (0.0, 1.0)
    pale, white = image.cmap(image.norm(0.43)), image.cmap(image.norm(0.5))
    assert max(abs(x - y) for x, y in zip(pale, white, strict=True)) < 0.25  # a light tint, not dark red
    texts = {t.get_text() for t in ax.texts}
    assert {"43%", "57%", "90%*", "10%*", "50%"} <= texts
    assert sum(isinstance(p, Rectangle) for p in ax.patches) == 2
