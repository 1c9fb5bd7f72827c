"""The last challenge stays on the table (issue 27, "see the game happen"): once a challenge
is counted, the view keeps its board - every Magic where it was cast, turned over, with its
Modified Magic Power - and its Final Magic Powers and winner, the same for every seat."""

from __future__ import annotations

import random

from .helpers import GAME, MINI, act
from .test_view_power import echo_table


def test_no_record_before_a_challenge_is_counted():
    s = echo_table()
    assert GAME.view(s, 0)["last_challenge"] is None


def test_the_counted_board_stays_with_its_final_count_and_winner():
    s = echo_table()
    act(GAME, s, "cast Ripple with left", "cast Cinder Spark with right", "cast Sprout with centre")
    views = [GAME.view(s, seat)["last_challenge"] for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]  # all of it was turned over (7.7): public
    last = views[0]
    assert last["turn"] == 1 and last["turn_player"] == 0
    assert last["power"] == [12, 9] and last["winner"] == 0 and last["rule"] == "WoM 7.9"
    assert last["castle"]["name"] == "Ember Keep" and last["castle"]["owner"] == 0
    left, centre, right = last["team"][0]
    assert left["cast"]["name"] == "Echo Mirror" and left["cast"]["modified_power"] == 6
    assert centre["cast"]["name"] == "Emberbolt" and centre["cast"]["modified_power"] == 4
    assert right["cast"]["name"] == "Cinder Spark" and right["hidden"] is None
    assert [w["cast"]["name"] for w in last["team"][1][:2]] == ["Ripple", "Sprout"]
    crown = last["team"][1][2]["hidden"]
    assert crown["name"] == "Molten Crown" and crown["was_face_down"] and crown["without_effect"]
    assert crown["modified_power"] == 7
    # the Magics themselves have left the Areas of Cast Magics
    assert all(w.get("cast") is None for p in GAME.view(s, 0)["players"] for w in p["team"])


def test_the_record_is_the_last_challenge_counted_and_public_in_random_games():
    for seed in range(6):
        rng = random.Random(seed)
        s = MINI.new_state(seed)
        counted = 0
        while MINI.to_act(s):
            views = [MINI.view(s, seat)["last_challenge"] for seat in (0, 1, None)]
            assert views[0] == views[1] == views[2]
            if views[0] is not None:
                assert views[0]["turn"] <= s.turn
                counted += 1
            p = rng.choice(MINI.to_act(s))
            MINI.apply(s, p, rng.choice(MINI.legal_actions(s, p)))
        assert counted


def test_a_table_without_events_keeps_no_record():
    s = MINI.new_state(2, log=False)
    rng = random.Random(2)
    while MINI.to_act(s):
        p = rng.choice(MINI.to_act(s))
        MINI.apply(s, p, rng.choice(MINI.legal_actions(s, p)))
    assert MINI.view(s, 0)["last_challenge"] is None


def test_the_terminal_mirrors_the_other_team_and_gives_its_magics_text():
    s = echo_table()
    act(GAME, s, "cast Ripple with left")
    lines = GAME.render_text(GAME.view(s, 0)).splitlines()
    theirs = [line for line in lines if "(opposite your" in line]
    # P1's right stands opposite P0's left: listed first, across from it
    assert [line.split("(")[0].strip() for line in theirs] == ["right", "centre", "left"]
    assert "opposite your left" in theirs[0] and "opposite your right" in theirs[2]
    assert "cast Echo Mirror: Adds the printed Magic Power of the opposite Magic." in [x.strip() for x in lines]
    act(GAME, s, "cast Cinder Spark with right", "cast Sprout with centre")
    text = GAME.render_text(GAME.view(s, None))
    assert "last challenge (turn 1): Final Magic Power P0 12, P1 9 - P0 won the challenge (WoM 7.9)" in text
    assert "opposite P0's left" in text  # a spectator reads P1's side across from P0's
