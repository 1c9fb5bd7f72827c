"""The player count as a game parameter: chosen when the game is made, refused with a
one-line error when the game does not allow it, carried by records and outcomes."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from wizarena.core import (
    Game,
    Outcome,
    Record,
    RecordError,
    Turn,
    UnknownGame,
    load_game,
    play,
    replay,
)

from .support import random_agents

pytestmark = pytest.mark.usefixtures("stand_registered")


# -- making a game for a count --------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_count_is_chosen_when_the_game_is_made(n: int) -> None:
    game = load_game("stand", players=n)
    assert game.num_players == n
    state = game.new_state(1)
    assert len(game.view(state, 0)["lives"]) == n


def test_without_a_count_a_game_gets_its_default() -> None:
    assert load_game("stand").num_players == 3  # the first of its player_counts
    assert load_game("cup").num_players == 2
    assert load_game("toy").num_players == 3
    assert load_game("cup", players=2).num_players == 2


def test_two_games_of_one_class_keep_their_own_counts() -> None:
    two, four = load_game("stand", players=2), load_game("stand", players=4)
    assert (two.num_players, four.num_players) == (2, 4)
    assert type(two).player_counts == (3, 2, 4)


@pytest.mark.parametrize(("game_id", "players", "words"), [
    ("cup", 3, "cup is played by 2 players, not 3"),
    ("mickey/mini", 4, "mickey/mini is played by 2 players, not 4"),
    ("toy", 2, "toy is played by 3 players, not 2"),
    ("stand", 5, "stand takes 2, 3 or 4 players, not 5"),
    ("stand", 1, "stand takes 2, 3 or 4 players, not 1"),
    ("stand", True, "not True"),
    ("stand", "3", "not '3'"),
    ("stand", 10**30, "not 1000000000000000000"),
])
def test_a_count_the_game_does_not_allow_is_one_line_naming_the_allowed(game_id: str, players: object,
                                                                         words: str) -> None:
    with pytest.raises(UnknownGame) as info:
        load_game(game_id, players=players)
    message = str(info.value)
    assert words in message and "\n" not in message and len(message) < 120


def test_a_game_still_declaring_num_players_on_its_class_is_told_what_to_write() -> None:
    class Old(Game):
        id = "old"
        num_players = 3  # type: ignore[misc]  # the declaration of before

    with pytest.raises(TypeError, match=r"player_counts = \(3,\)"):
        Old()


# -- outcomes of many players ----------------------------------------------------------------------
def test_rewards_share_a_win_and_a_loss_and_add_up_to_zero() -> None:
    assert Outcome((1,), 2).rewards() == (-1.0, 1.0)
    assert Outcome((), 2).rewards() == (0.0, 0.0)
    assert Outcome((0, 1), 2).rewards() == (0.0, 0.0)
    assert Outcome((2,), 4).rewards() == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    assert Outcome((0, 3), 4).rewards() == (0.5, -0.5, -0.5, 0.5)
    assert Outcome((0, 2), 3).rewards() == (0.5, -1.0, 0.5)
    assert Outcome((0, 1, 2), 3).rewards() == (0.0, 0.0, 0.0)
    assert Outcome((), 4).rewards() == (0.0,) * 4
    for o in (Outcome((2,), 4), Outcome((0, 3), 4), Outcome((1,), 3)):
        assert abs(sum(o.rewards())) < 1e-12
        assert all(o.reward(s) == r for s, r in enumerate(o.rewards()))


def test_the_elimination_order_is_kept_through_json_copy_and_pickle() -> None:
    o = Outcome((3,), 4, "P3 is the last one standing", (0.0, 0.0, 0.0, 2.0), (1, 0, 2))
    data = json.loads(json.dumps(o.to_json()))
    assert data["eliminated"] == [1, 0, 2]
    again = Outcome.from_json(data, 4)
    assert again == o and again.eliminated == (1, 0, 2)
    assert again != Outcome((3,), 4, o.reason, o.scores, (0, 1, 2))
    for c in (copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert c == o and c.eliminated == (1, 0, 2) and c.num_players == 4


def test_an_outcome_without_eliminations_keeps_its_old_json() -> None:
    o = Outcome((1,), 2, "won", (1.0, 2.0))
    assert o.to_json() == {"winners": [1], "scores": [1.0, 2.0], "reason": "won"}
    assert Outcome.from_json({"winners": [1], "scores": None, "reason": ""}, 2).eliminated == ()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_eliminated_players_leave_to_act_for_good_and_the_outcome_lists_them(n: int) -> None:
    game = load_game("stand", players=n)
    seen_out = 0
    for seed in range(40):
        state = game.new_state(seed)
        agents = random_agents(game, seed)
        gone: list[int] = []
        while game.to_act(state):
            seat = game.to_act(state)[0]
            assert seat not in gone
            assert all(game.legal_actions(state, q) == [] for q in gone)
            game.apply(state, seat, agents[seat].act(Turn(game, state, seat)))
            gone = list(game.view(state, None)["out"])
        out = game.outcome(state)
        assert out is not None and out.num_players == n
        assert list(out.eliminated) == gone and not set(out.winners) & set(gone)
        seen_out += len(gone)
    assert seen_out > 0


# -- records carry the count -------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_record_carries_the_count_and_replay_makes_the_same_game(n: int) -> None:
    game = load_game("stand", players=n)
    record, state = play(game, random_agents(game, 5), 5, log=True)
    data = json.loads(record.dumps())
    assert data["players"] == n and data["format"] == 2
    again, final = replay(Record.from_json(data))
    assert again.num_players == n
    assert again.outcome(final) == game.outcome(state)


def test_a_game_of_one_count_writes_no_players_field() -> None:
    from wizarena.core.record import players_field

    cup = load_game("cup")
    record, _ = play(cup, random_agents(cup, 2), 2)
    assert players_field(cup) is None and "players" not in record.to_json()


def test_a_record_without_players_is_the_default_count() -> None:
    game = load_game("stand")
    record, _ = play(game, random_agents(game, 8), 8, log=True)
    data = record.to_json()
    data.pop("players")
    g, _ = replay(Record.from_json(data))
    assert g.num_players == 3
    four = load_game("stand", players=4)
    rec4, _ = play(four, random_agents(four, 8), 8, log=True)
    data4 = rec4.to_json()
    data4.pop("players")
    with pytest.raises(RecordError):  # the default game is not the one recorded
        replay(Record.from_json(data4))


@pytest.mark.parametrize(("players", "words"), [(0, "'players' must be"), (17, "'players' must be"),
                                                (True, "'players' must be"), ("3", "'players' must be")])
def test_a_malformed_players_field_is_refused(players: object, words: str) -> None:
    game = load_game("stand")
    record, _ = play(game, random_agents(game, 1), 1)
    with pytest.raises(RecordError, match=words):
        Record.from_json(record.to_json() | {"players": players})


def test_a_record_of_a_count_the_game_does_not_take_is_a_record_error() -> None:
    cup = load_game("cup")
    record, _ = play(cup, random_agents(cup, 1), 1)
    with pytest.raises(RecordError, match="cup is played by 2 players, not 3"):
        replay(Record.from_json(record.to_json() | {"players": 3}))


def test_play_wants_one_agent_per_seat() -> None:
    game = load_game("stand", players=4)
    with pytest.raises(Exception, match="made for 4 players: give 4 agents, not 3"):
        play(game, random_agents(load_game("stand"), 1), 1)
