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

from wizarena.core import read_records, replay
from wizarena.core.rng import commitment

from .test_cli import assert_one_line_error

PLAY = ("play", "cup", "--vs", "random")


# -- play: a bad line never ends a game -----------------------------------------------------------
@pytest.mark.parametrize("line", ["²", "①", "9" * 5000, "x" * 60_000, "\x1b[2J", "c²"])
def test_play_refuses_an_odd_line_and_goes_on(run, line: str) -> None:
    code, out, err = run(*PLAY, "--seed", "7", stdin=line + "\n" + "1\n" * 400)
    assert code == 0, err
    refusals = [x for x in out.splitlines() if "not accepted" in x]
    assert len(refusals) == 1 and len(refusals[0]) < 200
    assert "\x1b" not in out and "game over:" in out
    assert max(map(len, out.splitlines())) < 400  # the echo of a long line is cut too


@pytest.mark.parametrize(("stdin", "mine"), [("quit\n", 0), ("", 0), ("select dancer\nexit\n", 1), ("1\n1\n", 2)])
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
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
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
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(tmp_path / where), stdin="1\n" * 400)
    line = assert_one_line_error(code, out, err)
    assert "--out" in line and "P0>" not in out


def test_out_check_leaves_no_file_behind_when_the_game_is_refused(run, tmp_path: Path) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(out_file), "--config", "[")
    assert code != 0 and not out_file.exists()


def test_a_finished_game_still_exits_0_with_its_record(run, tmp_path: Path) -> None:
    out_file = tmp_path / "mine.jsonl"
    code, out, err = run(*PLAY, "--seed", "7", "--out", str(out_file), stdin="1\n" * 400)
    assert code == 0, err
    [record] = list(read_records(out_file))
    assert record.outcome is not None and json.dumps(record.to_json())
