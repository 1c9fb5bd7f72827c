"""What the 8e card and rule tests share: a table on open boards, and a cast played through
the whole flow (the card or item, its energy, its aims, the answers)."""

from __future__ import annotations

from wizarena.core import Rng
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.eighth import attacking
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import ANSWERING, POWERING, EighthState

from ..helpers import open_map, sq


def open_table(n: int = 2, seed: int = 1) -> EighthState:
    """An `n`-player game on boards with no inner walls, past the first round (attacks
    allowed), seat 0 to move, each wizard at his slot's centre, every hand emptied into the
    discard pile."""
    s = deal(seed, n)
    s.map = open_map(n)
    s.sight = vision.rows_for(s.map)
    s.turn, s.round = 0, 2
    s.pos = [sq(s.map.asm, q, 2, 2) for q in range(n)]
    for q in range(n):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    return s


def declare(s: EighthState, me: int, card: int, *aims: int, power: int = -1, item: bool = False) -> None:
    """`me` casts `card` (put in his hand) or uses the item `card` (put among his items),
    powered by `power` (-1: energy 1), and aims it; the answers are left to the caller."""
    if power >= 0:
        s.hands[me].append(power)
    if item:
        if card not in s.items[me]:
            s.items[me].append(card)
        assert card in attacking.usable_items(s, me)
    else:
        s.hands[me].append(card)
        assert card in attacking.castable(s, me)
    attacking.begin(s, me, card, item=item)
    if s.phase == POWERING:
        attacking.power(s, me, power)
    for aim in aims:
        assert aim in attacking.picks(s), (aim, attacking.picks(s))
        attacking.aim(s, aim)


def let_be(s: EighthState) -> None:
    """Every seat still asked lets the cast be."""
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)


def answer(s: EighthState, seat: int, card: int, power: int = -1) -> None:
    """`seat`, asked now, answers with `card` (put in his hand), powered by `power`."""
    assert s.phase == ANSWERING and s.asking[0] == seat
    s.hands[seat].append(card)
    if power >= 0:
        s.hands[seat].append(power)
    assert card in attacking.answers(s, seat)
    attacking.answer(s, seat, card)
    if s.phase == POWERING:
        attacking.power(s, seat, power)


def loaded(*faces: int) -> Rng:
    """The game's own generator, seeded so that its next d4 rolls show `faces` (1-4), in
    order: the compiled build takes no stand-in for it."""
    for seed in range(100_000):
        rng = Rng(seed)
        trial = rng.copy()
        if all(trial.below(4) + 1 == face for face in faces):
            return rng
    raise AssertionError(f"no seed rolls {faces}")
