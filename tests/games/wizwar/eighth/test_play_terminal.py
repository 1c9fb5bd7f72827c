"""A whole three-player 8e game played in the terminal (`wizarena play`), a person at seat
0 answering each menu by a number (one the menu does not show is refused and asked again),
two random computer players at the others."""

from __future__ import annotations

import random
from collections.abc import Callable


def test_a_whole_three_player_game_in_the_terminal(run: Callable[..., tuple[int, str, str]]) -> None:
    choices = random.Random(3)
    typed = "".join(f"{choices.randint(1, 12)}\n" for _ in range(60_000))
    code, out, err = run("play", "wizwar/8e", "--players", "3", "--vs", "random", "--seed", "7", stdin=typed)
    assert code == 0, err
    assert "game over:" in out
    assert "the purple portal joins" in out and "the cyan portal joins" in out   # the L's portals (R8-2)
    assert "[WW8 Moving]" in out                                                 # events cite the 8e rules
    assert "P0> 2" in out and "you:" in out                                      # his prompts and his view
