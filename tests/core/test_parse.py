"""Reading actions typed by people or sent as JSON, through the Game defaults."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizarena.core import Action, Game, IllegalAction, load_game

from .support import QUICK, SEEDS, walk
from .toy import CHALLENGE, COMMIT_A, PASS, ToyGame, ToyState

GAME = ToyGame()


def committing() -> ToyState:
    return GAME.new_state(1)


def responding() -> ToyState:
    """P0 claims with the only 3; P1 and P2 may answer."""
    state = GAME.new_state(1)
    for seat, n in ((0, 3), (1, 1), (2, 1)):
        GAME.apply(state, seat, COMMIT_A[n - 1])
    assert GAME.to_act(state) == (1, 2) and state.claimer == 0
    return state


def test_toy_uses_the_default_readers() -> None:
    assert ToyGame.parse_action is Game.parse_action
    assert ToyGame.action_from_json is Game.action_from_json


@pytest.mark.parametrize(("text", "expected"), [
    ("1", COMMIT_A[0]), ("3", COMMIT_A[2]), (" 2 ", COMMIT_A[1]),
    ("commit 2", COMMIT_A[1]), ("COMMIT 3", COMMIT_A[2]), ("  Commit \t 1 ", COMMIT_A[0]),
])
def test_number_or_exact_text(text: str, expected: Action) -> None:
    assert GAME.parse_action(committing(), 0, text) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("c", CHALLENGE), ("CHAL", CHALLENGE), ("pa", PASS), ("p", PASS), ("1", CHALLENGE), ("2", PASS),
])
def test_unique_prefix(text: str, expected: Action) -> None:
    assert GAME.parse_action(responding(), 2, text) is expected


def test_ambiguous_prefix_names_the_candidates() -> None:
    with pytest.raises(IllegalAction, match="ambiguous") as info:
        GAME.parse_action(committing(), 0, "commit")
    assert all(a.text in str(info.value) for a in COMMIT_A)


def test_a_bare_card_name_is_read_where_one_action_has_it() -> None:
    cup = load_game("cup")
    state = cup.new_state(3)
    legal = cup.legal_actions(state, 0)
    name = legal[0].text.removeprefix("select ")
    assert cup.parse_action(state, 0, name.upper()) is legal[0]
    with pytest.raises(IllegalAction, match="not a legal action"):
        cup.parse_action(state, 0, "lect")  # part of a word is not a word


def test_a_name_several_actions_share_is_ambiguous() -> None:
    """A Magic in hand can be cast with more than one Wizard: its bare name lists the ways."""
    mickey = load_game("mickey/mini")
    state, rng = mickey.new_state(5), random.Random(5)
    while True:
        seat = mickey.to_act(state)[0]
        legal = mickey.legal_actions(state, seat)
        casts = [a for a in legal if a.text.startswith("cast ")]
        if len(casts) >= 2:
            break
        mickey.apply(state, seat, rng.choice(legal))
    card = casts[0].text.removeprefix("cast ").rsplit(" with ", 1)[0]
    with pytest.raises(IllegalAction, match="ambiguous") as info:
        mickey.parse_action(state, seat, card)
    assert casts[0].text in str(info.value)


@pytest.mark.parametrize(("text", "words"), [
    ("0", "pick 1 to 3"), ("4", "pick 1 to 3"), ("99", "no choice 99"),
    ("", "empty"), ("   ", "empty"), ("challenge", "'challenge' is not a legal choice for you now"),
    ("fly", "not a legal action"),
    ("-1", "not a legal action"),
])
def test_unreadable_text(text: str, words: str) -> None:
    state = committing()
    with pytest.raises(IllegalAction, match=words):
        GAME.parse_action(state, 0, text)


def test_a_refused_action_says_why_in_the_game_s_words_and_cites_its_rule() -> None:
    """Issue 27: a refusal says why, with its rule, where the game can (`why_not`); it
    says whose turn it is when it is not the seat's; and `explain` asks without playing."""

    class Explaining(ToyGame):
        def why_not(self, state: ToyState, player: int, action: Action) -> tuple[str, str] | None:
            return ("only a claim can be challenged", "Toy 2") if action == CHALLENGE else None

    game = Explaining()
    state = game.new_state(1)
    with pytest.raises(IllegalAction) as info:
        game.parse_action(state, 0, "challenge")
    assert info.value.reason == "'challenge' is not allowed now: only a claim can be challenged"
    assert info.value.rule == "Toy 2"
    with pytest.raises(IllegalAction, match="only a claim can be challenged"):
        game.action_from_json(state, 0, {"id": CHALLENGE.id})
    assert game.explain(state, 0, "challenge") == ("'challenge' is not allowed now: only a claim can be "
                                                   "challenged", "Toy 2")
    assert game.explain(state, 0, "1") == ("", "")
    game.apply(state, 0, COMMIT_A[0])
    reason, rule = game.explain(state, 0, "challenge")
    assert reason == "'challenge' must wait: it is not your turn to decide (P1, P2 to act)" and rule == ""


def test_seat_with_nothing_to_do() -> None:
    state = committing()
    GAME.apply(state, 0, COMMIT_A[0])
    with pytest.raises(IllegalAction, match="nothing to do"):
        GAME.parse_action(state, 0, "1")


@QUICK
@given(game_id=st.sampled_from(["toy", "cup", "cup/swap"]), seed=st.integers(0, SEEDS.stop - 1),
       steps=st.integers(0, 80))
def test_str_round_trips(game_id: str, seed: int, steps: int) -> None:
    """What a menu shows can always be typed back: the text, the number, the JSON form."""
    game = load_game(game_id)
    state, _ = walk(game, seed, steps, log=False)
    for seat in game.to_act(state):
        legal = game.legal_actions(state, seat)
        for i, a in enumerate(legal, 1):
            assert game.parse_action(state, seat, str(a)) is a
            assert game.parse_action(state, seat, str(a).upper()) is a
            assert game.parse_action(state, seat, str(i)) is a
            assert game.action_from_json(state, seat, a.to_json()) is a
            assert game.action_from_json(state, seat, a.id) is a


@pytest.mark.parametrize(("data", "expected"), [
    (1, COMMIT_A[1]), ({"id": 2}, COMMIT_A[2]), ({"id": 0, "text": "ignored"}, COMMIT_A[0]),
    ({"text": "commit 2"}, COMMIT_A[1]), ("commit 3", COMMIT_A[2]), ("1", COMMIT_A[0]),
])
def test_action_from_json(data: object, expected: Action) -> None:
    assert GAME.action_from_json(committing(), 0, data) is expected


@pytest.mark.parametrize(("data", "words"), [
    (True, "an action is"), (1.0, "an action is"), ([1], "an action is"), (None, "an action is"),
    ({}, "an action is"), ({"id": None}, "an action is"),
    (3, "is not a legal choice for you now"), ({"id": 4}, "is not a legal choice for you now"),
    (5, "no action has id 5"), (-1, "no action has id -1"), ("pass", "'pass' is not a legal choice for you now"),
])
def test_action_from_json_refuses(data: object, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.action_from_json(committing(), 0, data)


def test_game_action_lookup() -> None:
    assert GAME.action(3) is CHALLENGE
    for bad in (-1, 5, 10**9):
        with pytest.raises(IllegalAction, match="no action has id"):
            GAME.action(bad)


# -- no typed text raises anything but IllegalAction -----------------------------------------------
ODD_TEXTS = ["²", "①", "٣", "1²", "9" * 5000, "1" * 4301, "x" * 60_000, "\x1b[2J", "\x00", "\ud800"]


@pytest.mark.parametrize("text", ODD_TEXTS)
@pytest.mark.parametrize("game_id", ["cup", "mickey/mini", "wars", "wizwar"])
def test_odd_text_is_refused_as_an_illegal_action(game_id: str, text: str) -> None:
    """Digits that str.isdigit accepts but int refuses, numbers past int's 4,300 digits and
    very long lines are refused with the game's own error, for every game's parser."""
    game = load_game(game_id)
    state = game.new_state(3)
    seat = game.to_act(state)[0]
    for parse in (game.parse_action, game.parse_plan):
        with pytest.raises(IllegalAction):
            parse(state, seat, text)
    with pytest.raises(IllegalAction):
        game.action_from_json(state, seat, {"text": text})


def test_a_refusal_quotes_a_short_prefix_of_long_text() -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(committing(), 0, "x" * 60_000)
    assert len(str(info.value)) < 200 and "60,000 characters" in str(info.value)


def test_a_refusal_escapes_control_characters() -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(committing(), 0, "bad\x1b[2Jtext")
    assert "\x1b" not in str(info.value) and "\\x1b" in str(info.value)


def test_a_huge_action_id_is_refused_in_few_words() -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.action_from_json(committing(), 0, {"id": 10 ** 4000})
    assert len(str(info.value)) < 100


@given(st.text(max_size=300))
@QUICK
def test_any_text_gives_an_action_or_an_illegal_action(text: str) -> None:
    try:
        GAME.parse_action(committing(), 0, text)
    except IllegalAction:
        pass
