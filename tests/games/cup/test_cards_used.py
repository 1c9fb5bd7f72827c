"""`cards_used`: the cards each seat picked, read from the state, for the card-balance study.

Simulations play without the event log, so the answer must come from the state; these
tests check it against the log of the same game, against a table built by hand, and
through clones (search agents clone constantly)."""

from __future__ import annotations

import random
import re

from wizarena.agents import make_agent
from wizarena.core import play
from wizarena.games.cup.game import NAMES
from wizarena.games.cup.state import SWAP, CupState

from .helpers import GAME, SWAP_GAME, act, select_and_order

CATALOGUE = {c.name for c in GAME.cards}


def finish_randomly(game, s: CupState, seed: int) -> None:
    rng = random.Random(seed)
    while game.to_act(s):
        p = game.to_act(s)[0]
        game.apply(s, p, rng.choice(game.legal_actions(s, p)))


def test_cup_says_picked_and_reports_each_six_in_catalogue_names() -> None:
    assert GAME.card_usage == "picked"
    for seed in range(5):
        _record, s = play(GAME, [make_agent("random", seed), make_agent("random", seed + 1)], seed)
        used = GAME.cards_used(s)
        assert isinstance(used, tuple) and len(used) == 2
        for p in (0, 1):
            assert isinstance(used[p], frozenset) and used[p] <= CATALOGUE
            assert used[p] == {NAMES[c] for c in s.six[p]} and len(used[p]) == 6


def test_the_random_draw_and_the_five_selected_are_picked_and_the_rest_are_not() -> None:
    s = GAME.new_state(4, log=False)
    drawn = [NAMES[s.pick[0]], NAMES[s.pick[1]]]
    free = [[n for n in NAMES if n != drawn[p]] for p in (0, 1)]
    picks = (free[0][:5], free[1][-5:])
    select_and_order(GAME, s, picks)
    finish_randomly(GAME, s, 4)
    used = GAME.cards_used(s)
    for p in (0, 1):
        assert used[p] == {drawn[p], *picks[p]}
    theirs = next(n for n in picks[1] if n != drawn[0])  # P1 selected it, P0 left it in the box
    assert theirs in used[1] and theirs not in used[0]


def test_a_card_swapped_away_stays_picked_and_the_one_swapped_in_joins() -> None:
    s = SWAP_GAME.new_state(7, log=True)
    rng = random.Random(7)
    while s.phase != SWAP:
        p = SWAP_GAME.to_act(s)[0]
        SWAP_GAME.apply(s, p, rng.choice(SWAP_GAME.legal_actions(s, p)))
    six_before = [{NAMES[c] for c in s.six[p]} for p in (0, 1)]
    out = sorted(six_before[0])[0]
    new = sorted(set(NAMES) - six_before[0])[0]
    act(SWAP_GAME, s, 0, f"swap out {out}")
    act(SWAP_GAME, s, 0, f"swap in {new}")
    act(SWAP_GAME, s, 1, "keep my six")
    used = SWAP_GAME.cards_used(s)
    assert used[0] == six_before[0] | {new} and out in used[0] and out not in {NAMES[c] for c in s.six[0]}
    assert used[1] == six_before[1]
    # the log of the same game tells the same story
    swaps = [re.match(r"you swap (.+) for (.+)", e.text) for e in s.log if e.to == 1]
    assert [m.groups() for m in swaps if m] == [(out, new)]
    finish_randomly(SWAP_GAME, s, 7)
    assert {out, new} <= SWAP_GAME.cards_used(s)[0]


def test_clone_keeps_the_record_and_is_independent_of_it() -> None:
    s = SWAP_GAME.new_state(11, log=False)
    rng = random.Random(11)
    while s.phase != SWAP:
        p = SWAP_GAME.to_act(s)[0]
        SWAP_GAME.apply(s, p, rng.choice(SWAP_GAME.legal_actions(s, p)))
    before = SWAP_GAME.cards_used(s)
    c = SWAP_GAME.clone(s)
    assert SWAP_GAME.cards_used(c) == before
    out = NAMES[sorted(c.six[1])[0]]
    new = NAMES[next(x for x in range(len(NAMES)) if x not in c.six[1])]
    act(SWAP_GAME, c, 1, f"swap out {out}")
    act(SWAP_GAME, c, 1, f"swap in {new}")
    act(SWAP_GAME, c, 0, "keep my six")
    assert SWAP_GAME.cards_used(c)[1] == before[1] | {new}
    assert SWAP_GAME.cards_used(s) == before  # the original is untouched
    again = SWAP_GAME.clone(c)
    assert SWAP_GAME.cards_used(again) == SWAP_GAME.cards_used(c)


def test_no_view_reads_the_record() -> None:
    s = SWAP_GAME.new_state(7, log=False)
    rng = random.Random(7)
    while s.phase != SWAP:
        p = SWAP_GAME.to_act(s)[0]
        SWAP_GAME.apply(s, p, rng.choice(SWAP_GAME.legal_actions(s, p)))
    act(SWAP_GAME, s, 0, f"swap out {NAMES[sorted(s.six[0])[0]]}")
    act(SWAP_GAME, s, 0, f"swap in {NAMES[next(x for x in range(len(NAMES)) if x not in s.six[0])]}")
    act(SWAP_GAME, s, 1, "keep my six")
    assert s.swapped_away[0]
    blank = SWAP_GAME.clone(s)
    blank.swapped_away = (0, 0)
    for seat in (0, 1, None):  # the card swapped away face down stays secret
        assert SWAP_GAME.view(blank, seat) == SWAP_GAME.view(s, seat)
