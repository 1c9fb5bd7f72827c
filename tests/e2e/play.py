"""What a person does on the pages, as small steps the tests share.

The table page marks its state on `#table`: data-seq (moves so far), data-to-act,
data-status ("active"/"finished") and data-pending ("1" while a move is on its way).
A person's move is a click on a clickable card of the board or on an action button.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

MOVES = "#board [data-action-id]:not([disabled]), #actions > button.action:not([disabled])"
READY_JS = """() => {
  const t = document.getElementById('table');
  return Boolean(t && t.dataset.seq !== undefined && t.dataset.pending !== '1');
}"""
CAN_MOVE_OR_DONE_JS = """(moves) => {
  const t = document.getElementById('table');
  if (!t || t.dataset.seq === undefined) return false;
  if (t.dataset.status === 'finished') return true;
  if (t.dataset.pending === '1') return false;
  return Boolean(document.querySelector(moves));
}"""
# A chooser gets the texts of the clickable moves (card names for cards) and returns an index.
Chooser = Callable[[list[str]], int]


def start_table(page, mode: str, agent: str = "random", game: str = "cup", timeout_s: int | None = None,
                seed: int | None = None) -> None:
    """From the lobby: pick the game and the opponent, start. For 'computer' and 'hotseat'
    the browser lands on the table; for 'friend' the lobby shows the invite links. A
    `seed` fixes the deal and the computer's moves, so that a test repeats."""
    page.goto("/")
    page.locator(f'[data-game="{game}"] input').check()
    page.locator(f'input[name="mode"][value="{mode}"]').check()
    if mode == "computer":
        page.locator("#agent").select_option(agent)
    if timeout_s is not None or seed is not None:
        page.locator("details.options summary").click()
    if timeout_s is not None:
        page.locator("#timeout").fill(str(timeout_s))
    if seed is not None:
        page.locator("#seed").fill(str(seed))
    page.locator("#start").click()
    if mode != "friend":
        page.wait_for_url(re.compile(r"/table/"))
        wait_ready(page)


def wait_ready(page) -> None:
    page.wait_for_function(READY_JS)


def table_data(page) -> dict[str, str]:
    return page.eval_on_selector("#table", "t => ({...t.dataset})")


def is_finished(page) -> bool:
    return table_data(page).get("status") == "finished"


def can_move(page) -> bool:
    return bool(page.evaluate(CAN_MOVE_OR_DONE_JS, MOVES)) and not is_finished(page)


def wait_move_or_end(page, timeout_ms: float = 15000) -> None:
    page.wait_for_function(CAN_MOVE_OR_DONE_JS, arg=MOVES, timeout=timeout_ms)


def move_labels(page) -> list[str]:
    return page.eval_on_selector_all(MOVES, "els => els.map(e => e.dataset.card || e.textContent.trim())")


def make_move(page, choose: Chooser) -> str:
    """Click one of the moves the page offers now and wait until the table answers."""
    labels = move_labels(page)
    assert labels, "no move to make"
    i = choose(labels)
    page.locator(MOVES).nth(i).click()
    wait_ready(page)
    return labels[i]


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda labels: rng.randrange(len(labels))


def preferring(names: list[str], seed: int) -> Chooser:
    """Pick the first offered card of `names` (in that order of preference), else at random."""
    rng = random.Random(seed)

    def choose(labels: list[str]) -> int:
        for name in names:
            if name in labels:
                return labels.index(name)
        return rng.randrange(len(labels))

    return choose


def play_to_end(page, choose: Chooser, max_moves: int = 200) -> int:
    """Play this page's seat until the winner is announced; returns the moves made."""
    moves = 0
    while True:
        wait_move_or_end(page)
        if is_finished(page):
            return moves
        make_move(page, choose)
        moves += 1
        assert moves <= max_moves, "the game did not end"
