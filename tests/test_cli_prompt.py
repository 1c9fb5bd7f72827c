"""What a person types at `wizarena play` (cli/prompt.py): menu numbers that keep their
meaning, and on a terminal a line editor with history and completion (issue 27: the Up
arrow used to send `^[[A`; typing the number shown for Pyromancer picked Tide Caller)."""

from __future__ import annotations

import contextvars
import threading
import time

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

import wizarena.cli.prompt as prompt
from wizarena.cli.prompt import Menu, Phrases
from wizarena.core import Action, IllegalAction


def _actions(*ids: int) -> list[Action]:
    return [Action(i, f"select card {i}") for i in ids]


def test_a_menu_that_only_lost_choices_keeps_their_numbers() -> None:
    menu = Menu()
    first = menu.number(_actions(10, 11, 12, 13))
    assert [(n, a.id) for n, a in first] == [(1, 10), (2, 11), (3, 12), (4, 13)]
    after = _actions(10, 12, 13)  # card 11 was picked
    assert [(n, a.id) for n, a in menu.number(after)] == [(1, 10), (3, 12), (4, 13)]
    assert menu.pick("3", after).id == 12  # what 3 named on the last screen
    with pytest.raises(IllegalAction, match=r"no choice 2 on this menu: the choices are 1, 3-4"):
        menu.pick("2", after)
    assert menu.pick("select card 12", after) is None  # not a number: the game reads it


def test_a_menu_with_a_new_choice_is_numbered_afresh() -> None:
    menu = Menu()
    menu.number(_actions(10, 11, 12))
    menu.number(_actions(11, 12))
    assert [(n, a.id) for n, a in menu.number(_actions(12, 20))] == [(1, 12), (2, 20)]


def test_completion_finishes_a_choice_from_its_start_or_a_word_in_it() -> None:
    phrases = Phrases(["select Dancer", "select Detective", "cast Fireball", "help Fireball", "quit"])
    assert phrases.matches("sel") == ["select Dancer", "select Detective"]
    assert phrases.matches("SELECT DA") == ["select Dancer"]
    assert phrases.matches("fire") == ["cast Fireball", "help Fireball"]
    assert phrases.matches("") == []
    done = [c.text for c in phrases.get_completions(Document("cast f"), None)]
    assert done == ["cast Fireball"]


def test_on_a_terminal_tab_completes_and_up_recalls_the_last_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line editor itself, driven through a pipe as a terminal would drive it. It runs
    in a thread of its own (with this test's terminal session), as the terminal's main
    thread would, whatever event loop another test left behind here."""
    monkeypatch.setattr(prompt, "_session", None)
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        context = contextvars.copy_context()

        def typed(phrases: list[str], keystrokes: str, shown: str) -> str | None:
            """What the editor returns for `keystrokes`, Enter pressed once it shows `shown`."""
            got: list[str | None] = []
            editor = threading.Thread(target=lambda: got.append(context.run(prompt._edited, "P0> ", phrases)))
            editor.start()
            keys.send_text(keystrokes)
            for _ in range(500):  # completion runs in the background: Enter once it is in
                session = prompt._session
                if session is not None and session.default_buffer.text == shown:
                    break
                time.sleep(0.01)
            keys.send_text("\r")
            editor.join(10)
            return got[0] if got else None

        assert typed(["select Dancer", "select Detective"], "select De\t", "select Detective") == "select Detective"
        assert typed([], "\x1b[A", "select Detective") == "select Detective"  # the Up arrow recalls it
