"""`wizarena rules GAME`: a game's rules page in the terminal (wizarena.rules)."""

from __future__ import annotations

import pytest

from tests.test_cli import assert_one_line_error
from wizarena import rules
from wizarena.cli import main


def test_rules_prints_the_game_s_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "mickey/mini"]) == 0
    assert capsys.readouterr().out == rules.text("mickey")  # piped: the Markdown as it is
    assert main(["rules", "cup", "--markdown"]) == 0
    assert capsys.readouterr().out.startswith("# Wizards Cup: the rules\n")


def test_rules_of_no_such_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rules", "chess"])
    captured = capsys.readouterr()
    line = assert_one_line_error(code, captured.out, captured.err)
    assert "no rules page for 'chess'" in line and "wizwar/8e" in line
