"""The rows as the last round ended (issue 27, "see the game happen"): a round's rows are
cleared at its end (Wars Round End), so the view keeps them, with that round's scores and
winner, for the table to show - the same for every seat, for every card of a row is face up."""

from __future__ import annotations

import random

import wizarena

GAME = wizarena.load_game("wars")


def play(seed: int, log: bool = True):
    rng = random.Random(seed)
    s = GAME.new_state(seed, log=log)
    rounds_seen = []
    while GAME.to_act(s):
        views = [GAME.view(s, seat)["last_round"] for seat in (0, 1, None)]
        assert views[0] == views[1] == views[2]
        if views[0] is not None and (not rounds_seen or rounds_seen[-1] != views[0]["round"]):
            rounds_seen.append(views[0]["round"])
        p = rng.choice(GAME.to_act(s))
        GAME.apply(s, p, rng.choice(GAME.legal_actions(s, p)))
    return s, rounds_seen


def test_each_finished_round_is_kept_until_the_next_one_ends():
    for seed in range(4):
        s, seen = play(seed)
        view = GAME.view(s, 0)
        last = view["last_round"]
        assert last["round"] == len(view["results"])
        assert last["scores"] == view["round_scores"][-1]
        assert last["winner"] == (None if view["results"][-1] < 0 else view["results"][-1])
        assert seen == list(range(1, last["round"])) or seen == list(range(1, last["round"] + 1))


def test_the_rows_are_those_the_round_was_scored_on():
    s, _ = play(2)
    last = GAME.view(s, 0)["last_round"]
    assert any(last["rows"])
    for q in (0, 1):
        row = last["rows"][q]
        assert [c["slot"] for c in row] == list(range(1, len(row) + 1))
        units = [c for c in row if c["type"] == "unit"]
        assert sum(c["power"] for c in units) <= last["scores"][q] or not units


def test_a_table_without_events_keeps_no_rows():
    s, _ = play(1, log=False)
    assert GAME.view(s, 0)["last_round"] is None
