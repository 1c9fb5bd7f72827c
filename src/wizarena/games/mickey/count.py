"""The count of 7.8 as one seat may know it: each Magic's Modified Magic Power and each
side's running total, for the board in the terminal and the browser.

The numbers come from the rules' own count (`MickeyGame._final_powers`, the order of 8.4
and every floor), never from a second copy of it: the count is run on copies of the
table and each Magic's value is read from the 8.4 events it writes ("X (P0): +1 from Y
-> 4"), which come grouped by Magic in casting order.

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

import re
from typing import TYPE_CHECKING, Any, Final

from .effects import LABEL, MAGICS, POWER
from .state import MickeyState, copy_state

if TYPE_CHECKING:
    from .game import MickeyGame

# One Magic of each printed power in the collection, lowest first: the stand-ins.
_STAND_INS: Final[tuple[int, ...]] = tuple(
    sorted({POWER[m]: m for m in reversed(MAGICS)}.values(), key=lambda m: POWER[m]))
_STEP: Final = re.compile(r"^(?P<name>.+) \(P(?P<owner>[01])\): .* -> (?P<value>\d+)$")
_RULE: Final = "WoM 8.4"


def _table(s: MickeyState, stand_in: dict[int, int], *, log: bool, penalty: bool) -> MickeyState:
    """A copy of the table with the stand-ins at these indices of `s.play`."""
    c = copy_state(s)
    c.log = [] if log else None
    if not penalty:
        c.penalty = [0, 0]  # each side's sum is then the sum of its Magics (all at least 0, 10.17)
    for i, card in stand_in.items():
        c.play[i].card = card
    return c


def _read(c: MickeyState) -> list[int | None]:
    """Each counted Magic's value from the 8.4 events of a count just run on `c`.

    The events come Magic by Magic in casting order, each naming its Magic and owner, so a
    walk along the counted Magics places each event on the first Magic from here with that
    label. Where two counted Magics share a label (two copies of a card, one owner) their
    events cannot be told apart: both values are None when either was modified."""
    counted = [x for x in c.play if not x.kept]
    values: list[int | None] = [POWER[x.card] for x in counted]
    labels = [(LABEL[x.card], x.owner) for x in counted]
    touched: set[tuple[str, int]] = set()
    i = 0
    for e in c.log or ():
        if e.kind != "modifier" or e.rule != _RULE:
            continue
        m = _STEP.match(e.text)
        label = ("", -1) if m is None else (m.group("name"), int(m.group("owner")))
        while i < len(labels) and labels[i] != label:
            i += 1
        if m is None or i == len(labels):  # not the events expected: read nothing
            return [None] * len(counted)
        values[i] = int(m.group("value"))
        touched.add(label)
    return [None if labels.count(lb) > 1 and lb in touched else v for lb, v in zip(labels, values, strict=True)]


def _run(game: MickeyGame, s: MickeyState, stand_in: dict[int, int]) -> tuple[list[int | None], list[int]]:
    """The count with these stand-ins: each counted Magic's value (None where it cannot be
    read) and the two Final Magic Powers.

    A copy of a card whose events mix with its twin's is counted once more with the twin
    set aside (marked as a Magic kept from an earlier challenge: it is then not counted,
    while its effects still reach the others). That is the same value unless it adds the
    twin's printed power, so the values are kept only if each side's values still sum to
    what the rules count for it."""
    order = [i for i, x in enumerate(s.play) if not x.kept]
    c = _table(s, stand_in, log=True, penalty=False)
    raw = game._final_powers(c)
    values = _read(c)
    labels = [(LABEL[c.play[i].card], c.play[i].owner) for i in order]
    redone: set[int] = set()
    for k, v in enumerate(values):
        if v is not None:
            continue
        twins = [order[j] for j in range(len(order)) if j != k and labels[j] == labels[k]]
        if not twins:
            continue
        d = _table(s, stand_in, log=True, penalty=False)
        for i in twins:
            d.play[i].kept = True
        game._final_powers(d)
        alone = [j for j in range(len(order)) if order[j] not in twins]
        values[k] = _read(d)[alone.index(k)]
        redone.add(k)
    for q in (0, 1):
        mine = [k for k in range(len(order)) if c.play[order[k]].owner == q]
        if any(k in redone for k in mine):
            parts = [values[k] for k in mine]
            if None in parts or sum(v for v in parts if v is not None) != raw[q]:
                for k in mine:
                    if k in redone:
                        values[k] = None
    total = game._final_powers(_table(s, stand_in, log=False, penalty=True))
    return values, total


def seat_count(game: MickeyGame, s: MickeyState,
               seat: int | None) -> tuple[dict[int, int | None], list[dict[str, Any]]]:
    """For `seat` (None: a spectator): the Modified Magic Power of each counted Magic it may
    see, by index in `s.play` (None when it depends on a card the seat cannot see), and per
    player {"power": n, "exact": bool} (n a floor when not exact)."""
    over = s.result is not None
    order = [i for i, x in enumerate(s.play) if not x.kept]
    hidden = [i for i in order if s.play[i].down and not over and s.play[i].owner != seat]
    low, high = _STAND_INS[0], _STAND_INS[-1]
    runs = [_run(game, s, {i: low for i in hidden})]
    if hidden:
        for h in hidden:
            for card in _STAND_INS[1:]:
                runs.append(_run(game, s, {i: card if i == h else low for i in hidden}))
        runs.append(_run(game, s, {i: high for i in hidden}))
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
        if v is None or any(r[0][k] != v for r in runs[1:]):
            by_play[i] = None
            unknown[q] = True
        else:
            by_play[i] = v
            known_sum[q] += v
    sides = []
    for q in (0, 1):
        exact = not any(s.play[i].owner == q for i in hidden) and all(r[1][q] == first_total[q] for r in runs[1:])
        if exact:
            sides.append({"power": first_total[q], "exact": True})
        else:
            floor = known_sum[q] - s.penalty[q] if unknown[q] else first_total[q]
            sides.append({"power": max(floor, 0), "exact": False})
    return by_play, sides
