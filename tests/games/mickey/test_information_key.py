"""The information key (view.information_key): search finds a seat's information set by it,
so it must stay the same for any table the seat cannot tell from the real one, and change
with anything the seat can see. tests/interop/test_observation.py checks it against
determinizations and the observation tensor for every game; these are the Mickey cases
by name, and the twin tables of test_information.py, which differ from the real one in
more than a determinization redraws."""

from __future__ import annotations

import random

import pytest

from wizarena.games.mickey.effects import CARDS, MAGICS
from wizarena.games.mickey.state import MickeyState, copy_state

from .helpers import GAME, MINI, OFFICIAL, TIDE, act, card
from .test_information import twin
from .test_properties import GRANDE, positions

PLAIN = ["Pia Lindentwig"] * 3  # no abilities to mind


def table() -> MickeyState:
    """P0 casts first; P1's Nadia Frostwhorl (right) may cast face-down."""
    return GAME.scenario((PLAIN, TIDE), (["Emberbolt", "Sunburst", "Glimmer"], ["Ripple", "Gloom", "Star Shard"]),
                         castle="Windswept Ruins", stake=["red"], reserve=["blue", "green", "yellow"],
                         decks=(["Sprout"] * 6, ["Sprout", "Ripple", "Thaw", "Gloom", "Quench", "Sprout"]),
                         castle_decks=(["The Quiet Courtyard"], ["Windswept Ruins"]))


def key(s: MickeyState, seat: int) -> int:
    return GAME.information_key(s, seat)


def other_magic(c: int) -> int:
    return next(m for m in MAGICS if m != c and CARDS[m].name != CARDS[c].name)


def test_the_other_hand_and_decks_are_not_in_the_key_but_their_sizes_are() -> None:
    s = table()
    t = copy_state(s)
    t.hand[1] = sorted(other_magic(c) for c in t.hand[1])  # the same number of other cards
    t.deck[1] = [other_magic(c) for c in t.deck[1]]
    assert key(t, 0) == key(s, 0)
    assert key(t, 1) != key(s, 1)  # P1 holds other cards, and knows it
    t.deck[1].pop()
    assert key(t, 0) != key(s, 0)  # a smaller deck is seen
    u = copy_state(s)
    u.deck[1].reverse()  # P1 knows its deck's content, not its order
    assert u.deck[1] != s.deck[1]
    assert key(u, 1) == key(s, 1) and key(u, 0) == key(s, 0)


def test_the_own_hand_is_in_the_key() -> None:
    s = table()
    t = copy_state(s)
    t.hand[0] = sorted([other_magic(t.hand[0][0])] + t.hand[0][1:])
    assert key(t, 0) != key(s, 0)
    assert key(t, 1) == key(s, 1)


def test_a_face_down_magic_is_only_there_until_it_is_revealed() -> None:
    s = table()
    act(GAME, s, "cast Emberbolt with centre", "hide Gloom behind right")
    hidden = next(m for m in s.play if m.down)
    t = copy_state(s)
    next(m for m in t.play if m.down).card = card("Ripple").id
    assert key(t, 0) == key(s, 0)  # P0 sees a face-down card, not which
    assert key(t, 1) != key(s, 1)  # its owner knows it
    u = copy_state(s)
    next(m for m in u.play if m.down).down = False  # turned over: now everyone sees it
    v = copy_state(t)
    next(m for m in v.play if m.down).down = False
    assert key(u, 0) != key(v, 0)
    assert hidden.card == card("Gloom").id


def test_a_card_shown_from_the_hand_changes_the_key() -> None:
    s = table()
    t = copy_state(s)
    t.known[1] = [t.hand[1][0]]  # as after a Confuse or a hand shown under 8.11
    assert key(t, 0) != key(s, 0)
    assert key(t, 1) != key(s, 1)  # P1 knows what P0 was shown


def test_a_stake_token_counts_by_colour_only_once_the_seat_has_seen_it() -> None:
    s = table()  # the red token was drawn by P0, the turn player: P1 has not seen it
    t = copy_state(s)
    t.stake, t.reserve = [s.reserve[0]], [s.stake[0]] + s.reserve[1:]  # a blue one at stake, the red in the reserve
    assert key(t, 1) == key(s, 1)
    assert key(t, 0) != key(s, 0)
    t.seen = [3]  # shown to both (10.19)
    u = copy_state(s)
    u.seen = [3]
    assert key(t, 1) != key(u, 1)


def test_the_two_seats_get_different_keys() -> None:
    s = table()
    assert key(s, 0) != key(s, 1)


@pytest.mark.parametrize("game, seeds, every", [(MINI, 8, 2), (GRANDE, 5, 3), (OFFICIAL, 4, 4)],
                         ids=["mini", "grande", "official"])
def test_a_twin_the_seat_cannot_tell_apart_has_its_key(game, seeds: int, every: int) -> None:
    """twin() redraws everything a seat cannot know, more freely than determinize (cards
    outside the collection's limits, the other Support deck's kinds): the key stays."""
    checked = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        for i, s in enumerate(positions(game, seed, log=False)):
            if i % every or s.result is not None:
                continue
            for seat in (0, 1):
                assert game.information_key(twin(s, seat, rng), seat) == game.information_key(s, seat)
                assert game.information_key(game.determinize(s, seat, rng), seat) == game.information_key(s, seat)
                checked += 1
    assert checked > 100
