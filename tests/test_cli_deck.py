"""`wizarena deck check GAME FILE [--format F]`, driven in-process through `main(argv)`.

The command only knows the generic hook `game.check_deck(path, fmt)`; here `load_game` is
replaced by a stub whose hook checks deck files against the fixture collection of
tests/games/mickey/test_deck.py, so these tests need no shipped cards."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import wizarena.cli
from tests.games.mickey.test_deck import CARDS, CASTLES, MAGIC_40, PHANTOM
from tests.test_cli import assert_one_line_error
from wizarena.cli import main
from wizarena.games.mickey.deck import check_deck_file


class StubMickey:
    full_id = "mickey"
    deck_rules = True

    def check_deck(self, path: str, fmt: str | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        violations, notes = check_deck_file(path, fmt, CARDS)
        return [tuple(v) for v in violations], [tuple(n) for n in notes]  # type: ignore[misc]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """Call the CLI with the stub game; (exit code, stdout, stderr). Records the ids loaded."""
    loaded: list[str] = []

    def load_game(game_id: str, variant: str | None = None) -> Any:
        loaded.append(game_id)
        return StubMickey()

    monkeypatch.setattr(wizarena.cli.catalogue, "load_game", load_game)

    def call(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        cap = capsys.readouterr()
        return code, cap.out, cap.err

    call.loaded = loaded  # type: ignore[attr-defined]
    return call


def write_deck(path: Path, fmt: str | None = "grande", affiliation: str = "Wizards of Mickey",
               team: tuple[str, ...] = ("Aldo (Brightstaff)", "Bruna", "Cato"),
               magic: dict[str, int] | None = None, castles: list[str] | None = None) -> str:
    lines = ['name = "Ember Court"']
    if fmt is not None:
        lines.append(f"format = {json.dumps(fmt)}")
    lines.append(f"affiliation = {json.dumps(affiliation)}")
    lines.append(f"team = {json.dumps(list(team))}")
    lines.append(f"castles = {json.dumps(CASTLES[:8] if castles is None else castles)}")
    lines.append("")
    lines.append("[magic]")
    lines += [f"{json.dumps(k)} = {n}" for k, n in (MAGIC_40 if magic is None else magic).items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_legal_deck(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    code, out, err = run("deck", "check", "mickey", path)
    assert code == 0, err
    assert out.splitlines() == [f"{path}: legal grande deck (Ember Court)"]
    assert run.loaded == ["mickey"]


def test_legal_deck_prints_notes(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml", fmt="official", affiliation=PHANTOM)
    code, out, err = run("deck", "check", "mickey", path)
    assert code == 0, err
    assert out.splitlines() == [
        f"{path}: legal official deck (Ember Court)",
        "note: -3 Final Magic Power: 3 team Wizards are not of the declared affiliation (4.2, 10.25)"]


def test_illegal_deck_lists_every_violation(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml", team=("Aldo (Brightstaff)", "Bruna"),
                      magic=dict(MAGIC_40, Cinder=4), castles=CASTLES[:7] + [CASTLES[0]])
    code, out, err = run("deck", "check", "mickey", path)
    assert code == 1
    assert err == ""
    assert out.splitlines() == [
        "4.2: the team has 2 Wizards; it must have exactly 3",
        "4.2: the Magic deck has 41 cards; a grande deck needs exactly 40",
        "1.3: 4 copies of Cinder in the Magic deck; at most 3",
        "4.2: Mist is blue, but no team Wizard is blue",
        "4.2: Ripple is blue, but no team Wizard is blue",
        "4.2: Frost is blue, but no team Wizard is blue",
        "4.2: Wave is blue, but no team Wizard is blue",
        "4.2: Tide is blue, but no team Wizard is blue",
        "4.2: Storm is red/blue, but no team Wizard is blue",
        "1.4: 2 copies of Tower of Glass in the Castle deck; at most 1",
    ]


def test_format_option_overrides_the_file(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    code, out, _ = run("deck", "check", "mickey", path, "--format", "mini")
    assert code == 1
    assert out.splitlines() == ["4.1: the Magic deck has 40 cards; a mini deck needs exactly 25",
                                "4.1: the Castle deck has 8 cards; a mini deck needs exactly 5"]
    code, out, _ = run("deck", "check", "mickey", path, "--format", "official")
    assert code == 0 and out.splitlines() == [f"{path}: legal official deck (Ember Court)"]


@pytest.mark.parametrize(("content", "error"), [
    (None, "no such deck file"),
    ('name = "x"\nformat = mini\n', "not valid TOML: Invalid value (at line 2"),
    ('name = "x"\nformat = "mini"\nteam = ["Nobody", "Aldo (Brightstaff)"]\ncastles = ["Atlantis"]\n',
     "unknown card names: 'Nobody', 'Atlantis'"),
    ('name = "x"\nteam = ["Firebolt"]\n', "the team holds Wizards only: 'Firebolt' is a Magic"),
    ('name = "x"\ncolour = "red"\n', "unknown key(s) 'colour'"),
    ('name = "x"\n[magic]\nFirebolt = 0\n', "copies must be whole numbers from 1 to 99"),
])
def test_bad_file_is_one_error_line(run, tmp_path: Path, content: str | None, error: str) -> None:
    path = tmp_path / "deck.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = run("deck", "check", "mickey", str(path))
    line = assert_one_line_error(code, out, err)
    assert code == 1 and out == ""
    assert str(path) in line and error in line, line


def test_unknown_format_is_one_error_line(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    code, out, err = run("deck", "check", "mickey", path, "--format", "huge")
    line = assert_one_line_error(code, out, err)
    assert "unknown deck format 'huge'" in line and "mini, grande, official" in line


def test_missing_format_is_one_error_line(run, tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml", fmt=None)
    code, out, err = run("deck", "check", "mickey", path)
    line = assert_one_line_error(code, out, err)
    assert "names no format" in line
    code, out, _ = run("deck", "check", "mickey", path, "--format", "grande")
    assert code == 0 and out.splitlines() == [f"{path}: legal grande deck (Ember Court)"]


def test_game_without_deck_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_deck(tmp_path / "ember.toml")
    code = main(["deck", "check", "cup", path])  # the real registry: Wizards Cup has no decks
    cap = capsys.readouterr()
    assert assert_one_line_error(code, cap.out, cap.err) == "error: cup has no deck rules"


def test_deck_help_names_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "--help"]) == 0
    assert "check" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", ["mickey", "wars"])
def test_a_ready_deck_is_listed_shown_as_a_file_and_that_file_is_legal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, game_id: str) -> None:
    """Issue 27: `deck list GAME` names the ready decks, `deck show GAME NAME` prints one as a
    deck file to start from, and the file it prints passes `deck check` (the real games)."""
    assert main(["deck", "list", game_id]) == 0
    listed = capsys.readouterr().out.splitlines()
    names = [line.split()[0] for line in listed if not line.startswith("`")]
    assert len(names) >= 3 and all(" · " in line for line in listed[:len(names)])
    for name in names:
        assert main(["deck", "show", game_id, name]) == 0
        text = capsys.readouterr().out
        assert isinstance(tomllib.loads(text).get("name"), str)
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        assert main(["deck", "check", game_id, str(path)]) == 0, capsys.readouterr()
        assert "legal" in capsys.readouterr().out


def test_showing_a_deck_that_does_not_ship_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A name that does not ship (a path among them) never reaches the file system."""
    for name in ("nope", "../emberhold", "/etc/passwd"):
        code = main(["deck", "show", "wars", name])
        cap = capsys.readouterr()
        assert assert_one_line_error(code, cap.out, cap.err).startswith("error: wars has no ready deck")
    code = main(["deck", "list", "cup"])
    cap = capsys.readouterr()
    assert assert_one_line_error(code, cap.out, cap.err) == "error: cup has no ready decks"
