"""The d4 as both editions use it to start a game: the roll-off for the first player."""

from __future__ import annotations

from collections.abc import Callable


def roll_off(roll: Callable[[], int], seats: int, tell: Callable[[list[int], list[int]], None] | None) -> int:
    """Everyone rolls the d4 (`roll` gives 1 to 4); the highest goes first, and those tied
    for it roll again (6e 1 and 10; 8e ruling R8-13). `tell(rolling, rolls)` hears each
    round of rolls, for the log."""
    rolling = list(range(seats))
    while True:
        rolls = [roll() for _ in rolling]
        if tell is not None:
            tell(rolling, rolls)
        best = max(rolls)
        rolling = [seat for seat, rolled in zip(rolling, rolls, strict=True) if rolled == best]
        if len(rolling) == 1:
            return rolling[0]
