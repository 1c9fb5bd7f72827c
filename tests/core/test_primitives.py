"""The kernel's small values: actions, events, outcomes and seeded chance."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizarena.core import Action, Event, Outcome, Rng, only, others, visible
from wizarena.core import rng as rng_module
from wizarena.core.events import EventLog
from wizarena.core.rng import commitment, derive, generator_of, secret_seed

from .support import MANY


# -- Action -----------------------------------------------------------------------------------------
def test_action_is_readable_and_serialisable() -> None:
    a = Action(7, "cast Fireball at P2", ("fireball", 2))
    assert (a.id, a.text, a.data) == (7, "cast Fireball at P2", ("fireball", 2))
    assert str(a) == "cast Fireball at P2"
    assert repr(a) == "Action(7, 'cast Fireball at P2')"
    assert a.to_json() == {"id": 7, "text": "cast Fireball at P2", "kind": "", "fields": {}}
    assert json.loads(json.dumps(a.to_json())) == a.to_json()
    assert Action(1, "pass").data is None


@pytest.mark.parametrize("name", ["id", "text", "data", "kind", "fields", "colour"])
def test_action_cannot_be_changed(name: str) -> None:
    a = Action(1, "pass")
    with pytest.raises(AttributeError):
        setattr(a, name, 2)
    assert (a.id, a.text, a.data) == (1, "pass", None)
    assert not hasattr(a, "__dict__")  # __slots__: no room for stray attributes


def test_action_attributes_cannot_be_deleted() -> None:
    a = Action(1, "pass")
    with pytest.raises(AttributeError):
        del a.text


def test_actions_compare_by_identity() -> None:
    """Games hand out one object per action, so `in legal` is an identity test in C."""
    a = Action(1, "pass")
    assert a == a and a != Action(1, "pass")
    assert len({a, a}) == 1


# -- Event ------------------------------------------------------------------------------------------
def test_public_event_is_seen_by_all() -> None:
    e = Event("battle", "Cup 2 Battle", "Dancer wins")
    assert e.to is None
    assert all(e.visible_to(s) for s in (None, 0, 1, 5))


def test_private_event_is_seen_by_its_seats_only() -> None:
    e = Event("select", "Cup 0 Selection", "you select Dancer", only(1))
    assert e.visible_to(1)
    assert not e.visible_to(0) and not e.visible_to(2) and not e.visible_to(None)
    both = Event("pact", "Toy 9", "you two agree", only(0) | only(2))
    assert [both.visible_to(s) for s in (0, 1, 2, None)] == [True, False, True, False]


def test_event_json_leaves_out_the_audience() -> None:
    e = Event("select", "Cup 0 Selection", "you select Dancer", only(0))
    assert e.to_json() == {"kind": "select", "rule": "Cup 0 Selection", "text": "you select Dancer"}
    assert isinstance(e, tuple)  # cheap to build in the hot loop


@pytest.mark.parametrize("seat", range(6))
def test_only(seat: int) -> None:
    assert only(seat) == 1 << seat
    assert Event("k", "r", "t", only(seat)).visible_to(seat)


masks = st.one_of(st.none(), st.integers(0, 15))
events = st.lists(st.builds(Event, st.sampled_from(["a", "b"]), st.just("Toy 1"), st.text(max_size=3), masks))


@MANY
@given(log=events, seat=st.one_of(st.none(), st.integers(0, 4)))
def test_visible_agrees_with_visible_to(log: list[Event], seat: int | None) -> None:
    seen = visible(log, seat)
    assert seen == [e for e in log if e.visible_to(seat)]
    if seat is None:
        assert all(e.to is None for e in seen)
    assert all(e in seen for e in log if e.to is None)  # public events reach everybody


@MANY
@given(parts=st.lists(events, max_size=4), seat=st.one_of(st.none(), st.integers(0, 4)), since=st.integers(0, 12))
def test_event_log_reads_as_the_events_it_took(parts: list[list[Event]], seat: int | None, since: int) -> None:
    """The server's column log gives every seat what `visible` gives it from the same events,
    from any cursor on, however the moves' events arrived, and empties what it takes."""
    log, everything = EventLog(), []
    for part in parts:
        everything += part
        log.take(part)
        assert part == []
    assert len(log) == len(everything)
    assert log.visible(seat, since) == visible(everything, seat)[since:]
    assert all(type(e) is Event for e in log.visible(seat))


# -- Outcome ---------------------------------------------------------------------------------------------
def test_outcome_rewards_and_draws() -> None:
    win = Outcome((1,), 3, "P1 reached 3 points", (0.0, 3.0, 1.0))
    assert not win.draw
    # A loss is shared among the losers, so the rewards of a game add up to 0 (docs/interop.md).
    assert [win.reward(p) for p in range(3)] == [-0.5, 1.0, -0.5]
    for tie in (Outcome((0, 1, 2), 3, "tie"), Outcome((), 2, "nobody"), Outcome((0, 1), 2, "tie")):
        assert tie.draw
        assert all(tie.reward(p) == 0.0 for p in range(tie.num_players))
    shared = Outcome((0, 2), 3, "a tie for the lead")
    assert shared.draw and shared.rewards() == (0.5, -1.0, 0.5)


@pytest.mark.parametrize("outcome", [Outcome((1,), 2, "P1 won two matches", (1.0, 2.0)),
                                     Outcome((), 2, "a tie"), Outcome((0, 2), 3, "", (2.0, 0.0, 2.0))])
def test_outcome_json_round_trip(outcome: Outcome) -> None:
    data = json.loads(json.dumps(outcome.to_json()))
    again = Outcome.from_json(data, outcome.num_players)
    assert again == outcome and again.to_json() == outcome.to_json()
    assert again != Outcome((9,), outcome.num_players, outcome.reason, outcome.scores)


def test_outcome_survives_copy_and_pickle() -> None:
    """Worker processes send outcomes back pickled; the compiled build must allow it too."""
    outcome = Outcome((1,), 2, "P1 won two matches", (1.0, 2.0))
    for again in (copy.deepcopy(outcome), pickle.loads(pickle.dumps(outcome))):
        assert again == outcome and again.num_players == 2 and again is not outcome


# -- Rng -------------------------------------------------------------------------------------------------
seeds = st.integers(min_value=-(2**70), max_value=2**70)


def draws(rng: Rng, n: int = 8) -> list[int]:
    return [rng.next64() for _ in range(n)]


@MANY
@given(seed=seeds)
def test_same_seed_same_numbers(seed: int) -> None:
    assert draws(Rng(seed)) == draws(Rng(seed))
    if seed < 2**64:  # a seed of 64 bits or fewer (negatives too) is taken modulo 2**64
        assert draws(Rng(seed)) == draws(Rng(seed - 2**64))
    assert all(0 <= x < 2**64 for x in draws(Rng(seed)))


def test_splitmix64_draws_its_published_numbers() -> None:
    """The first outputs from state 0 of SplitMix64 as its authors' C code gives them."""
    assert draws(Rng(0), 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@MANY
@given(z=st.integers(min_value=0, max_value=2**64 - 1), n=st.integers(min_value=1, max_value=10**6))
def test_the_two_spellings_of_splitmix64_agree(z: int, n: int) -> None:
    """The compiled build mixes in 32-bit halves, the interpreted one in 64-bit ints: the
    same numbers either way, and `below` reduces the halves exactly as the whole number."""
    mixed = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64  # SplitMix64's output function
    mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) % 2**64
    mixed ^= mixed >> 31
    hi, lo = rng_module._mix_halves(z >> 32, z & 0xFFFFFFFF)
    assert hi << 32 | lo == mixed
    r = rng_module
    assert (r._MIX1_HI << 32 | r._MIX1_LO, r._MIX2_HI << 32 | r._MIX2_LO, r._GOLDEN_HI << 32 | r._GOLDEN_LO) \
        == (r._MIX1, r._MIX2, r._GOLDEN)
    assert ((hi % n) * (2**32 % n) + lo) % n == mixed % n
    product = rng_module._times(z >> 32, z & 0xFFFFFFFF, rng_module._MIX1_HI, rng_module._MIX1_LO)
    assert product[0] << 32 | product[1] == z * rng_module._MIX1 % 2**64


def test_the_size_of_a_seed_picks_its_generator() -> None:
    assert generator_of(2**64 - 1) == "splitmix64" and Rng(2**64 - 1).key == b""
    assert generator_of(2**64) == "blake2b" and len(Rng(2**64).key) == 32
    assert generator_of(secret_seed()) == "blake2b"
    with pytest.raises(ValueError, match="256 bits"):
        Rng(2**256)


def test_the_keyed_stream_is_blake2b_of_the_draw_count() -> None:
    """Spelled out from hashlib, so the generator a record names can be checked by anyone."""
    seed = secret_seed()
    key = seed.to_bytes(32, "big")
    expected = [int.from_bytes(hashlib.blake2b(n.to_bytes(8, "little"), digest_size=8, key=key).digest(), "little")
                for n in range(1, 9)]
    assert draws(Rng(seed)) == expected


def test_secret_seeds_are_fresh_and_wide() -> None:
    seen = [secret_seed() for _ in range(64)]
    assert len(set(seen)) == 64
    assert all(2**255 <= s < 2**256 for s in seen)
    assert len({Rng(s).next64() for s in seen}) == 64


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    seed = secret_seed()
    assert commitment(seed) == hashlib.sha256(seed.to_bytes(32, "big")).hexdigest()
    assert commitment(seed) != commitment(seed ^ 1)


def test_derived_seeds_differ_by_purpose_and_seed() -> None:
    seed = secret_seed()
    assert derive(seed, "seat 0") != derive(seed, "seat 1")
    assert derive(seed, "seat 0") != derive(seed ^ 1, "seat 0")
    assert derive(seed, "seat 0") == derive(seed, "seat 0") < 2**64


def test_different_seeds_differ() -> None:
    firsts = {Rng(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


@MANY
@given(seed=seeds, ahead=st.integers(0, 20))
def test_copy_is_independent(seed: int, ahead: int) -> None:
    rng = Rng(seed)
    draws(rng, ahead)
    twin = rng.copy()
    assert twin is not rng
    expected = draws(twin)  # drawing from the copy leaves the original where it was
    assert draws(rng) == expected
    assert draws(twin) == draws(rng)  # and the two walk on in step


def test_rng_survives_copy_and_pickle() -> None:
    rng = Rng(12345)
    draws(rng, 3)
    for twin in (copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))):
        assert draws(twin) == draws(rng.copy())


@MANY
@given(seed=seeds, n=st.integers(1, 10_000))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(50))


def test_below_reaches_every_value() -> None:
    rng = Rng(0)
    assert {rng.below(6) for _ in range(600)} == set(range(6))
    assert {rng.below(1) for _ in range(10)} == {0}


@MANY
@given(seed=seeds, items=st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert sorted(a) == sorted(items)
    assert a == b


def test_shuffle_moves_things() -> None:
    orders = set()
    for seed in range(50):
        deck = list(range(10))
        Rng(seed).shuffle(deck)
        orders.add(tuple(deck))
    assert len(orders) == 50


def test_others_reaches_every_seat_but_one_and_spectators() -> None:
    """A placeholder event ("P1 places a card face down") goes to everyone but the seat
    that already read the detail in its private event."""
    e = Event("k", "r", "t", others(1))
    assert [e.visible_to(s) for s in (0, 1, 2, 5, None)] == [True, False, True, True, True]
    assert visible([e], None) == [e] and visible([e], 1) == []
