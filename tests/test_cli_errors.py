"""The `wizarena` command under hostile input: odd lines typed into `play`, input that
ends or output that fails mid-game, files and options past every bound. Each failure is
one `error:` line and a non-zero exit, and a game in progress is never lost."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from tests.typed import any_choice
from wizarena.core import read_records, replay
from wizarena.core.rng import commitment

from .test_cli import assert_one_line_error

PLAY = ("play", "cup", "--vs", "random")


# -- play: a bad line never ends a game -----------------------------------------------------------
@pytest.mark.parametrize("line", ["²", "①", "9" * 5000, "x" * 60_000, "\x1b[2J", "c²"])
def test_play_refuses_an_odd_line_and_goes_on(run, line: str) -> None:
    code, out, err = run(*PLAY, "--seed", "7", stdin=line + "\n" + any_choice(400))
    assert code == 0, err
    refusals = [x for x in out.splitlines() if "not accepted" in x]
    assert len(refusals[0]) < 200  # the odd line, refused with a short reason
    assert all("there is no choice" in x and len(x) < 200 for x in refusals[1:])  # any_choice's numbers
    assert "\x1b" not in out and "game over:" in out
    assert max(map(len, out.splitlines())) < 400  # the echo of a long line is cut too


# The deal is secret: a card named here could be the one drawn at random into P0's six, and so
# not selectable (one deal in 18); menu numbers are always there.
@pytest.mark.parametrize(("stdin", "mine"), [("quit\n", 0), ("", 0), ("2\nexit\n", 1), ("1\n2\n", 2)])
def test_quit_or_end_of_input_keeps_the_game_and_reveals_the_seed(run, tmp_path: Path, stdin: str,
                                                                    mine: int) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run(*PLAY, "--out", str(out_file), stdin=stdin)
    line = assert_one_line_error(code, out, err)
    assert "game abandoned" in line and str(out_file) in line
    pledged = re.search(r"SHA-256 ([0-9a-f]{64})", out)
    revealed = re.search(r"the secret seed was (\d+)", line)
    assert pledged and revealed and commitment(int(revealed.group(1))) == pledged.group(1)
    [record] = list(read_records(out_file))
    assert record.outcome is None and record.seed == int(revealed.group(1))
    assert sum(seat == 0 for seat, _ in record.moves) == mine
    replay(record)  # what was played replays


def test_a_known_seed_is_not_called_secret_when_abandoned(run) -> None:
    code, out, err = run(*PLAY, "--seed", "7", stdin="quit\n")
    line = assert_one_line_error(code, out, err)
    assert "game abandoned" in line and "secret seed" not in line


class _FailingOut(io.StringIO):
    """A terminal that breaks after some output (a closed pipe, a full disk)."""

    def __init__(self, after: int) -> None:
        super().__init__()
        self.after = after

    def write(self, s: str) -> int:
        if self.tell() + len(s) > self.after:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(s)


def test_a_write_error_mid_game_keeps_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from wizarena.cli import main

    out_file = tmp_path / "mine.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO(any_choice(400)))
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", _FailingOut(3000))
    code = main([*PLAY, "--seed", "7", "--out", str(out_file)])
    err = capsys.readouterr().err
    line = assert_one_line_error(code, "", err)
    assert "game abandoned" in line
    [record] = list(read_records(out_file))
    assert record.seed == 7 and record.moves and record.outcome is None


@pytest.mark.parametrize("where", ["folder", "missing/x.jsonl", "file/x.jsonl"])
def test_play_checks_out_before_the_first_move(run, tmp_path: Path, where: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("", encoding="utf-8")
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(tmp_path / where), stdin=any_choice(400))
    line = assert_one_line_error(code, out, err)
    assert "--out" in line and "P0>" not in out


def test_out_check_leaves_no_file_behind_when_the_game_is_refused(run, tmp_path: Path) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(out_file), "--config", "[")
    assert code != 0 and not out_file.exists()


def test_a_finished_game_still_exits_0_with_its_record(run, tmp_path: Path) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(out_file), stdin=any_choice(400))
    assert code == 0, err
    [record] = list(read_records(out_file))
    assert record.outcome is not None and json.dumps(record.to_json())


# -- files and options past every bound -------------------------------------------------------------
DEEP_JSON = "[" * 5000 + "]" * 5000


def _legal_deck(tmp_path: Path, name: str) -> Path:
    from importlib import resources

    text = resources.files("wizarena.games.mickey").joinpath("data/decks/mini-tide.toml").read_text("utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(re.sub(r'(?m)^name = .*$', lambda _: f"name = {json.dumps(name)}", text), encoding="utf-8")
    return path


def test_deck_check_escapes_what_the_deck_file_says(run, tmp_path: Path) -> None:
    code, out, err = run("deck", "check", "mickey", str(_legal_deck(tmp_path, "Tide\x1b[2J\x1b]0;owned\x07")))
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\\x1b[2J" in out


@pytest.mark.parametrize("content", ["a = " + "[" * 3000 + "]" * 3000, ".".join(["a"] * 3000) + " = 1",
                                     "a = 1" + "0" * 5000])
def test_deck_check_of_a_hostile_file_is_one_line(run, tmp_path: Path, content: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(content, encoding="utf-8")
    assert "deck.toml" in assert_one_line_error(*run("deck", "check", "mickey", str(path)))


@pytest.mark.parametrize("args", [("deck", "check", "mickey", "/dev/zero"), ("deck", "check", "wars", "/dev/zero"),
                                  ("replay", "/dev/zero"), ("replay", "/dev/zero", "--verify")])
def test_an_endless_file_is_one_line(run, args: tuple[str, ...]) -> None:
    line = assert_one_line_error(*run(*args))
    assert "/dev/zero" in line and "larger than" in line


def test_a_deck_named_in_a_config_is_bounded_too(run, tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 3000 + "]" * 3000, encoding="utf-8")
    config = json.dumps({"decks": [str(path), "mini-tide"]})
    assert "deep.toml" in assert_one_line_error(*run("simulate", "mickey/mini", "--games", "2", "--config", config))


@pytest.mark.parametrize("line", [DEEP_JSON, '{"game": "cup", "seed": 1, "config": ' + DEEP_JSON + "}",
                                  '{"game": "cup", "seed": 1, "moves": [[0, Infinity]]}',
                                  '{"game": "cup", "seed": ' + "9" * 5000 + "}"])
def test_a_hostile_record_is_one_line_naming_the_file(run, tmp_path: Path, line: str) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    for extra in ((), ("--verify",)):
        assert "games.jsonl:1" in assert_one_line_error(*run("replay", str(path), *extra))


def test_a_record_line_past_the_limit_is_refused(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import wizarena.core.record as record

    monkeypatch.setattr(record, "MAX_RECORD_LINE", 1000)
    path = tmp_path / "games.jsonl"
    path.write_text('{"game": "cup", "seed": 1, "meta": {"x": "' + "x" * 2000 + '"}}\n', encoding="utf-8")
    line = assert_one_line_error(*run("replay", str(path)))
    assert "games.jsonl:1" in line and "1,000" in line


@pytest.mark.parametrize("command", [("play", "cup"), ("simulate", "cup", "--games", "2")])
def test_a_deep_config_is_one_line_naming_the_option(run, command: tuple[str, ...]) -> None:
    line = assert_one_line_error(*run(*command, "--config", '{"a": ' + DEEP_JSON + "}"))
    assert "--config" in line and "nested deeper than 32 levels" in line


@pytest.mark.parametrize("seconds", ["inf", "1e300", "nan", "-inf"])
def test_bench_seconds_are_bounded(run, seconds: str) -> None:
    assert "--seconds" in assert_one_line_error(*run("bench", "cup", "--seconds", seconds))


@pytest.mark.parametrize("args", [
    ("study", "mickey/mini", "--decks", ",,,"),
    ("study", "mickey/mini", "--decks", " , "),
    ("study", "cup", "--agents", ","),
    ("study", "cup", "--kind", ","),
    ("study", "cup", "--kind", ""),
    ("simulate", "cup", "--agents", ","),
    ("simulate", "cup", "--agents", ""),
    ("play", "cup", "--vs", ","),
    ("play", "cup", "--vs", ""),
])
def test_an_empty_list_is_refused_not_replaced_by_defaults(run, tmp_path: Path, args: tuple[str, ...]) -> None:
    extra = ("--out", str(tmp_path / "study"), "--games", "2") if args[0] == "study" else ()
    line = assert_one_line_error(*run(*args, *extra))
    assert args[2] in line and not (tmp_path / "study").exists()
