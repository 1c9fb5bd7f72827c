"""The kernel protocol carries three seats, simultaneous secret choices and out-of-turn
answers: proved on the toy game, through the same entry points every tool uses."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from itertools import product
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wizarena.core import Action, IllegalAction, Record, load_game, play, replay

from .support import MANY, QUICK, SEEDS, random_agents, run, seen_events, views, walk
from .toy import (
    ACTIONS,
    CHALLENGE,
    COMMIT,
    COMMIT_A,
    OVER,
    PASS,
    R_COMMIT,
    R_WINDOW,
    RESPOND,
    RULES,
    ToyGame,
    ToyState,
)

GAME = ToyGame()
seeds = st.integers(min_value=SEEDS.start, max_value=SEEDS.stop - 1)


def snapshot(state: ToyState) -> dict[str, Any]:
    """Every field of the table, detached from it, so a later mutation shows up."""
    out = {k: copy.deepcopy(getattr(state, k)) for k in ToyState.__slots__ if k != "rng"}
    out["rng"] = state.rng.state
    return out


def refusal_leaves_table(state: ToyState, seat: Any, action: Any) -> IllegalAction:
    """Offer a move the rules refuse; check that the table, every view and the log stay put."""
    before, seen, log_len = snapshot(state), views(GAME, state), len(state.log or [])
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert info.value.reason
    assert info.value.rule in RULES
    assert snapshot(state) == before
    assert views(GAME, state) == seen
    assert len(state.log or []) == log_len
    return info.value


def until(state: ToyState, rng: random.Random, done: Any) -> ToyState:
    """Random moves until `done(state)` or the end of the game."""
    while not done(state) and GAME.to_act(state):
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def first_window(seed: int) -> ToyState | None:
    """The first challenge window of a random game, both responders still to answer; None
    when the game ends without a claim."""
    state = GAME.new_state(seed)
    until(state, random.Random(seed), lambda s: s.phase == RESPOND)
    if state.phase != RESPOND:
        return None
    assert len(GAME.to_act(state)) == 2
    return state


def window(seed: int) -> ToyState:
    """`first_window` inside a property test: games without a claim are skipped."""
    state = first_window(seed)
    assume(state is not None)
    assert state is not None
    return state


# -- whole games through the kernel --------------------------------------------------------
@MANY
@given(seed=seeds, variant=st.sampled_from([None, "quick"]), log=st.booleans())
def test_random_games_end_and_replay_exactly(seed: int, variant: str | None, log: bool) -> None:
    game = load_game("toy", variant)
    record, state = play(game, random_agents(game, seed), seed, log=log)
    outcome = game.outcome(state)
    assert outcome is not None and game.to_act(state) == ()
    assert len(record.moves) <= 5 * state.rounds  # three commits and two answers a round
    assert record.game == "toy" and record.variant == variant and record.outcome == outcome.to_json()
    assert set(outcome.winners) <= {0, 1, 2} and outcome.winners
    replayed_game, again = replay(record, log=log)
    assert views(replayed_game, again) == views(game, state)
    assert again.log == state.log
    _, from_json = replay(Record.from_json(json.loads(record.dumps())), log=not log)
    assert views(game, from_json) == views(game, state)


@QUICK
@given(seed=seeds, target=st.integers(1, 4), rounds=st.integers(1, 6))
def test_config_is_recorded_and_replayed(seed: int, target: int, rounds: int) -> None:
    config = {"target": target, "rounds": rounds}
    record, state = play(GAME, random_agents(GAME, seed), seed, config)
    assert record.config == {k: v for k, v in config.items() if v != {"target": 3, "rounds": 10}[k]}
    assert state.round <= rounds and max(state.scores) <= target
    _, again = replay(record)
    assert views(GAME, again) == views(GAME, state)


def test_every_rule_is_exercised_and_cited() -> None:
    cited: set[str] = set()
    for seed in range(200):
        for config in (None, {"rounds": 2}):
            state, _ = walk(GAME, seed, 200, config)
            assert GAME.outcome(state) is not None
            for e in state.log:
                assert e.rule in RULES and e.kind and e.text
                assert e.to is None or e.to in (1, 2, 4)  # a secret goes to one seat
            cited.update(e.rule for e in state.log)
    assert cited == set(RULES)


def test_draws_share_the_result() -> None:
    draws = [GAME.outcome(walk(GAME, seed, 200, {"rounds": 1})[0]) for seed in range(100)]
    tied = [o for o in draws if o.draw]
    assert tied, "a one-round game with a void round must end in a draw"
    for o in tied:
        assert len(o.winners) > 1 and all(o.reward(p) == 0.0 for p in range(3))
        assert len({o.scores[w] for w in o.winners}) == 1


def test_a_game_that_keeps_no_card_record_says_so() -> None:
    """The base Game's card hook: no verb, and None rather than empty sets, so a balance
    study can tell "this game cannot say" from "nobody used a card"."""
    _, state = play(GAME, random_agents(GAME, 4), 4)
    assert GAME.card_usage == "" and GAME.cards_used(state) is None


def test_unlogged_table_has_no_events() -> None:
    state, _ = walk(GAME, 5, 200, log=False)
    assert state.log is None
    assert all(GAME.events(state, p) == [] for p in (0, 1, 2, None))


# -- simultaneous secret choices -------------------------------------------------------------
def test_every_seat_commits_at_once_in_any_order() -> None:
    state = GAME.new_state(3)
    assert GAME.to_act(state) == (0, 1, 2)
    assert all(GAME.legal_actions(state, p) == list(COMMIT_A) for p in (0, 1, 2))
    GAME.apply(state, 2, COMMIT_A[0])
    assert GAME.to_act(state) == (0, 1)
    GAME.apply(state, 0, COMMIT_A[1])
    assert GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 2) == [] and GAME.legal_actions(state, 0) == []


@MANY
@given(seed=seeds, steps=st.integers(0, 40), observer=st.sampled_from([0, 1, 2, None]))
def test_uncommitted_numbers_are_invisible(seed: int, steps: int, observer: int | None) -> None:
    """Whatever the others committed this round, the observer's view and events are the
    same: nothing about their numbers reaches it until the reveal."""
    state, moves = walk(GAME, seed, steps)
    assume(state.phase == COMMIT)
    committed = sum(1 for n in state.commits if n)
    start = len(moves) - committed  # this round's commits are the latest moves
    others = [i for i in range(start, len(moves)) if moves[i][0] != observer]
    seen_view, seen = GAME.view(state, observer), GAME.events(state, observer)
    for values in product(range(3), repeat=len(others)):
        alt = list(moves)
        for i, v in zip(others, values, strict=True):
            alt[i] = (alt[i][0], COMMIT_A[v].id)
        twin = run(GAME, seed, alt)
        assert GAME.view(twin, observer) == seen_view
        assert GAME.events(twin, observer) == seen
    # ...while the committer does see its own number, in its view and its private event.
    if observer is not None and state.commits[observer]:
        n = state.commits[observer]
        assert seen_view["commits"][observer] == n
        assert f"you commit {n}" in [e.text for e in seen]
    if observer is None:
        assert seen_view["commits"] == [None, None, None]
    # Who has committed is as secret as what, until all have.
    assert seen_view["committed"] == [bool(n) if q == observer else None for q, n in enumerate(state.commits)]


@QUICK
@given(seed=seeds)
def test_reveal_shows_every_number_to_everyone(seed: int) -> None:
    state = window(seed)
    for p in (0, 1, 2, None):
        assert GAME.view(state, p)["commits"] == state.commits
    reveal = [e for e in GAME.events(state, None) if e.kind == "reveal"][-1]
    assert reveal.text.endswith(", ".join(f"P{q} {n}" for q, n in enumerate(state.commits)))


# -- out-of-turn answers ---------------------------------------------------------------------------
@MANY
@given(seed=seeds, first=st.sampled_from([CHALLENGE, PASS]), second=st.sampled_from([CHALLENGE, PASS]))
def test_responders_answer_in_any_order(seed: int, first: Action, second: Action) -> None:
    state = window(seed)
    r1, r2 = GAME.to_act(state)
    assert state.claimer not in (r1, r2)
    a, b = GAME.clone(state), GAME.clone(state)
    GAME.apply(a, r1, first)
    assert GAME.to_act(a) == (r2,)
    refusal_leaves_table(a, r1, second)  # one answer each
    GAME.apply(a, r2, second)
    GAME.apply(b, r2, second)
    assert GAME.to_act(b) == (r1,)
    GAME.apply(b, r1, first)
    assert views(GAME, a) == views(GAME, b)
    assert Counter(a.log) == Counter(b.log)  # the same events, told in the order they came


@QUICK
@given(seed=seeds)
def test_claimer_has_no_say_in_the_window(seed: int) -> None:
    state = window(seed)
    c = state.claimer
    assert c not in GAME.to_act(state)
    assert GAME.legal_actions(state, c) == [] and GAME.view(state, c)["legal"] == []
    for action in ACTIONS:
        assert refusal_leaves_table(state, c, action).rule == R_WINDOW
    with pytest.raises(IllegalAction, match="must wait: it is not your turn to decide"):
        GAME.parse_action(state, c, "pass")


# -- refusals change nothing ------------------------------------------------------------------------------
def test_wrong_seat_is_refused() -> None:
    state = GAME.new_state(1)
    GAME.apply(state, 1, COMMIT_A[2])
    assert refusal_leaves_table(state, 1, COMMIT_A[0]).rule == R_COMMIT
    for seat in (-1, 3, None, "0"):
        refusal_leaves_table(state, seat, COMMIT_A[0])


def test_illegal_action_is_refused() -> None:
    state = GAME.new_state(1)
    for action in (CHALLENGE, PASS, Action(9, "fly away"), "commit 1", None):
        assert refusal_leaves_table(state, 0, action).rule == R_COMMIT
    state = next(w for w in map(first_window, range(50)) if w is not None)
    responder = GAME.to_act(state)[0]
    for action in COMMIT_A:
        assert refusal_leaves_table(state, responder, action).rule == R_WINDOW


def test_an_equal_action_made_elsewhere_is_accepted() -> None:
    """A caller may rebuild an action from its JSON form; the game accepts it by id."""
    state = GAME.new_state(1)
    GAME.apply(state, 0, Action(1, "commit 2"))
    assert state.commits[0] == 2


def test_nothing_is_legal_after_the_game_is_over() -> None:
    _, state = play(GAME, random_agents(GAME, 9), 9, log=True)
    assert GAME.outcome(state) is not None
    for seat in (0, 1, 2):
        assert GAME.legal_actions(state, seat) == []
        for action in ACTIONS:
            refused = refusal_leaves_table(state, seat, action)
            assert "over" in refused.reason and refused.rule == state.log[-1].rule


@MANY
@given(seed=seeds, steps=st.integers(0, 60), seat=st.integers(-1, 3), aid=st.integers(0, len(ACTIONS) - 1))
def test_any_refused_move_changes_nothing(seed: int, steps: int, seat: int, aid: int) -> None:
    state, _ = walk(GAME, seed, steps)
    assume(ACTIONS[aid] not in GAME.legal_actions(state, seat) if seat in (0, 1, 2) else True)
    refusal_leaves_table(state, seat, ACTIONS[aid])


# -- determinize and clone -------------------------------------------------------------------------------
def twin_hiding_from(seed: int, steps: int, k: int, other_values: list[int], other_dice: int
                     ) -> tuple[ToyState, ToyState]:
    """A table and a second one that differs only in what seat k cannot see: the numbers the
    others committed this round, and the dice still to come."""
    state, moves = walk(GAME, seed, steps)
    alt = list(moves)
    if state.phase == COMMIT:
        start = len(moves) - sum(1 for n in state.commits if n)
        for i, v in zip(range(start, len(moves)), other_values, strict=False):
            if alt[i][0] != k:
                alt[i] = (alt[i][0], COMMIT_A[v].id)
    twin = run(GAME, seed, alt)
    twin.rng.state = other_dice
    return state, twin


@MANY
@given(seed=seeds, steps=st.integers(0, 40), k=st.sampled_from([0, 1, 2]),
       other_values=st.lists(st.integers(0, 2), min_size=3, max_size=3),
       other_dice=st.integers(0, 2**64 - 1), sample_seed=st.integers(0, 2**32))
def test_determinize_ignores_the_hidden_truth(seed: int, steps: int, k: int, other_values: list[int],
                                              other_dice: int, sample_seed: int) -> None:
    state, twin = twin_hiding_from(seed, steps, k, other_values, other_dice)
    assert GAME.view(twin, k) == GAME.view(state, k)
    assert GAME.events(twin, k) == GAME.events(state, k)
    d1 = GAME.determinize(state, k, random.Random(sample_seed))
    d2 = GAME.determinize(twin, k, random.Random(sample_seed))
    assert views(GAME, d1) == views(GAME, d2)
    assert seen_events(GAME, d1) == seen_events(GAME, d2)
    assert GAME.view(d1, k) == GAME.view(state, k)  # consistent with what k knows
    # ...and the futures they hold are the same futures: play both on identically.
    rng1, rng2 = random.Random(sample_seed), random.Random(sample_seed)
    while GAME.to_act(d1):
        assert GAME.to_act(d1) == GAME.to_act(d2)
        seat = rng1.choice(GAME.to_act(d1))
        assert seat == rng2.choice(GAME.to_act(d2))
        action = rng1.choice(GAME.legal_actions(d1, seat))
        assert action is rng2.choice(GAME.legal_actions(d2, seat))
        GAME.apply(d1, seat, action)
        GAME.apply(d2, seat, action)
        assert views(GAME, d1) == views(GAME, d2)
    assert GAME.outcome(d1) == GAME.outcome(d2)


def test_determinize_really_resamples_and_leaves_the_original_alone() -> None:
    state = GAME.new_state(4)
    GAME.apply(state, 0, COMMIT_A[0])
    GAME.apply(state, 1, COMMIT_A[2])
    before, log_len = views(GAME, state), len(state.log)
    samples = {tuple(GAME.determinize(state, 2, random.Random(i)).commits) for i in range(40)}
    assert {c[2] for c in samples} == {0}  # seat 2 has not committed: nothing to invent
    assert len(samples) > 1  # seat 2 does not get the truth handed back
    own = {tuple(GAME.determinize(state, 0, random.Random(i)).commits)[0] for i in range(40)}
    assert own == {1}  # a seat's own number is never resampled
    d = GAME.determinize(state, 2, random.Random(0))
    assert all(e.visible_to(2) for e in d.log)
    GAME.apply(d, 2, COMMIT_A[1])
    assert views(GAME, state) == before and len(state.log) == log_len


@QUICK
@given(seed=seeds, steps=st.integers(0, 40))
def test_clone_is_an_independent_copy(seed: int, steps: int) -> None:
    state, _ = walk(GAME, seed, steps)
    assume(GAME.to_act(state))
    before, snap = views(GAME, state), snapshot(state)
    twin = GAME.clone(state)
    assert snapshot(twin) == snap
    until(twin, random.Random(seed), lambda s: s.phase == OVER)
    assert views(GAME, state) == before and snapshot(state) == snap


def test_actions_are_shared_singletons_with_stable_ids() -> None:
    assert [a.id for a in GAME.actions] == list(range(GAME.num_distinct_actions))
    assert [a.text for a in GAME.actions] == ["commit 1", "commit 2", "commit 3", "challenge", "pass"]
    state, _ = walk(GAME, 2, 7)
    for seat in GAME.to_act(state):
        for a in GAME.legal_actions(state, seat):
            assert GAME.action(a.id) is a
