"""Views, determinizations, events and errors never reveal the other hand, the other
mulligan pile or any deck's order."""

from __future__ import annotations

import random

from wizarena.core import IllegalAction
from wizarena.games.wars.cards import NAMES

from .helpers import GAME


def positions(seed: int, log: bool = True):
    rng = random.Random(seed)
    s = GAME.new_state(seed, log=log)
    while GAME.to_act(s):
        yield s
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_changing_only_hidden_cards_leaves_the_seats_view_equal():
    n = 0
    for seed in range(12):
        rng = random.Random(seed)
        for s in positions(seed, log=False):
            for seat in (0, 1):
                d = GAME.determinize(s, seat, rng)
                assert GAME.view(d, seat) == GAME.view(s, seat)
                assert (GAME.observation_tensor(d, seat) == GAME.observation_tensor(s, seat)).all()
                n += 1
    assert n > 500


def test_determinize_really_resamples_the_other_hand():
    s = GAME.new_state(1)
    hands = {tuple(sorted(s.card[i] for i in GAME.determinize(s, 0, random.Random(k)).hand[1])) for k in range(10)}
    assert len(hands) > 1


def test_views_show_sizes_only_of_the_other_hand_mulligan_pile_and_decks():
    s = GAME.new_state(2)
    GAME.apply(s, 1, GAME.parse_action(s, 1, GAME.legal_actions(s, 1)[0].text))
    v = GAME.view(s, 0)
    other = v["players"][1]
    assert "hand" not in other and "mulligan_pile" not in other and "deck" not in other
    # Ruling R10: the other player's mulligans are its secret until both are done.
    assert other["hand_count"] == 10 and other["mulligan_count"] == 0
    assert other["deck_count"] == len(s.deck[1]) + 1
    assert "deck" not in v["players"][0]


def test_events_for_the_other_seat_never_name_hidden_cards():
    for seed in range(5):
        s = list(positions(seed))[-1]
        for seat in (0, 1):
            for e in GAME.events(s, seat):
                if e.kind in ("draw", "mulligan") and "you" not in e.text:
                    assert not any(n in e.text for n in NAMES), e.text


def test_errors_never_name_the_other_hand():
    s = GAME.new_state(3)
    hidden = {NAMES[s.card[i]] for i in s.hand[1]} - {NAMES[s.card[i]] for i in s.hand[0]}
    try:
        GAME.apply(s, 0, GAME.actions[0])
    except IllegalAction as exc:
        assert not any(n in str(exc) for n in hidden)
