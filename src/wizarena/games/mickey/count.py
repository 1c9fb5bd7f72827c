"""The count of 7.8 as one seat may know it: each Magic's Modified Magic Power and each
side's running total, for the board in the terminal and the browser.

The numbers come from the rules' own count (`magic_power.magic_values` and `final_powers`:
the order of 8.4 and every floor), never from a second copy of it, run on copies of the
table.

A seat does not know the other player's face-down Magics (a spectator knows neither
side's). Each copy puts a stand-in Magic in their place, so the count never reads the
real card. A face-down Magic counts with its printed power (7.8) and a Magic that "adds"
or "subtracts" printed power may read it (10.15); so a value is known when it is the same
whatever power the stand-ins have (each hidden Magic tried at every printed power in the
collection, the others at the lowest and then all at the highest), and unknown otherwise.
A side's total is then exact when it holds no hidden Magic and does not change with the
stand-ins; otherwise the seat is shown a floor: the known values, less any penalty (10.25),
never below 0, for every unknown value is at least 0 (10.17). The display note in
docs/games/mickey.md says how this reads on the board.
"""

from __future__ import annotations

from typing import Any, Final

from . import magic_power
from .effects import MAGICS, POWER
from .state import MickeyState, copy_state

# One Magic of each printed power in the collection, lowest first: the stand-ins.
_STAND_INS: Final[tuple[int, ...]] = tuple(
    sorted({POWER[m]: m for m in reversed(MAGICS)}.values(), key=lambda magic: POWER[magic]))


def _run(s: MickeyState, stand_in: dict[int, int]) -> tuple[list[int], list[int]]:
    """The count on a copy of the table with the stand-ins at these indices of `s.play`:
    each counted Magic's value and the two Final Magic Powers."""
    c = copy_state(s)
    c.log = None
    for i, card in stand_in.items():
        c.play[i].card = card
    return magic_power.magic_values(c), magic_power.final_powers(c)


def seat_count(s: MickeyState,
               seat: int | None) -> tuple[dict[int, int | None], list[dict[str, Any]]]:
    """For `seat` (None: a spectator): the Modified Magic Power of each counted Magic it may
    see, by index in `s.play` (None when it depends on a card the seat cannot see), and per
    player {"power": n, "exact": bool} (n a floor when not exact)."""
    over = s.result is not None
    order = [i for i, x in enumerate(s.play) if not x.kept]
    hidden = [i for i in order if s.play[i].down and not over and s.play[i].owner != seat]
    low, high = _STAND_INS[0], _STAND_INS[-1]
    runs = [_run(s, {i: low for i in hidden})]
    if hidden:
        for h in hidden:
            for card in _STAND_INS[1:]:
                runs.append(_run(s, {i: card if i == h else low for i in hidden}))
        runs.append(_run(s, {i: high for i in hidden}))
    first_values, first_total = runs[0]
    by_play: dict[int, int | None] = {}
    known_sum = [0, 0]
    unknown = [False, False]
    for k, i in enumerate(order):
        q = s.play[i].owner
        if i in hidden:
            unknown[q] = True
            continue
        v = first_values[k]
        if any(r[0][k] != v for r in runs[1:]):
            by_play[i] = None
            unknown[q] = True
        else:
            by_play[i] = v
            known_sum[q] += v
    sides = []
    for q in range(2):
        exact = not any(s.play[i].owner == q for i in hidden) and all(r[1][q] == first_total[q] for r in runs[1:])
        if exact:
            sides.append({"power": first_total[q], "exact": True})
        else:
            floor = known_sum[q] - s.penalty[q] if unknown[q] else first_total[q]
            sides.append({"power": max(floor, 0), "exact": False})
    return by_play, sides
