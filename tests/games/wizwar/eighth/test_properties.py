"""Properties of Wiz-War 8e over random play (many seeds, 2 to 4 players), checked at every
step: games end; every card is in exactly one place; at most one attack a turn; no step
without a movement point; an illegal action raises IllegalAction and changes nothing;
replays are exact; a seat's view and legal actions do not depend on what it cannot see.

The random player leans towards attacks, casts and answers so that counters, kills and
hand cuts happen within a few games; the whole module runs in well under a minute."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from wizarena import load_game
from wizarena.core import Action, IllegalAction
from wizarena.games.wizwar.eighth import cards, harm
from wizarena.games.wizwar.eighth.actions import ACTIONS, MOVES
from wizarena.games.wizwar.eighth.casting import SPELLS, USES
from wizarena.games.wizwar.eighth.state import DRAFTING, MOVE_AND_CAST, NO_CARD, EighthState

OPTIONS = {"first_round_attacks": True}
EVERY_OPTION = {"first_round_attacks": True, "heavy_items": True, "uncluttered_minds": True, "extended_play": 4,
                "giant_book": True, "deadly_treasures": True, "permanent_creations": True}
# WIZARENA_MANY_SEEDS=N plays N seeds for each player count instead of the handful a test
# run can afford (docs/games/wizwar-8e.md, Measurements, records such a run).
MANY = int(os.environ.get("WIZARENA_MANY_SEEDS", "0") or 0)


def _seeds(few: int) -> range:
    return range(MANY) if MANY > 0 else range(few)


SPELLBOOK = {"first_round_attacks": True, "custom_spellbook": True, "permanent_creations": True}
EAGER = frozenset({"punch", "cast", "use", "power", "aim-figure", "aim-wall", "aim-fill", "aim-stun", "aim-stab",
                   "aim-square", "aim-line", "aim-heading", "answer", "pick-up-treasure", "boost"})


def _choose(rng: random.Random, actions: list[Action]) -> Action:
    eager = [a for a in actions if a.kind in EAGER]
    if eager and rng.random() < 0.6:
        return rng.choice(eager)
    return rng.choice(actions)


def _whereabouts(s: EighthState) -> Counter[int]:
    """Every card of the game wherever it lies: the draw and discard piles, the hands, the
    spells in play, the items carried and on the floor, and a cast under way with the
    cards that powered it (and an answer being powered)."""
    found: Counter[int] = Counter()
    for pile in s.decks + s.discards:
        found.update(pile)
    for q in range(s.n):
        found.update(s.hands[q])
        found.update(c for c, _, _ in s.maintained[q])
        found.update(s.items[q])
    found.update(c for _, c in s.floor)
    for cast in (s.cast, s.answer):
        if cast is not None:
            if cast.card != NO_CARD:
                found[cast.card] += 1
            found.update(cast.paid)
    return found


def _is_attack(action: Action) -> bool:
    card = action.data[1]
    if action.kind == "punch":
        return True
    if action.kind == "cast":
        return SPELLS[card].attack
    if action.kind == "use":
        return USES[card].attack
    return False


def _digest(g: Any, s: EighthState) -> tuple[Any, ...]:
    """What a change to the state would show: every seat's view and the spectator's, the
    hidden cards in order, the chance to come and the log's length."""
    return (tuple(repr(g.view(s, q)) for q in (*range(s.n), None)), repr(s.decks), repr(s.hands),
            s.rng.state, len(s.log or ()), s.phase, repr(s.asking))


def _play(players: int, seed: int, checks: bool = True, log: bool = False,
          huddle: bool = False, config: dict[str, Any] = OPTIONS) -> tuple[EighthState, list[Action]]:
    """A whole game of biased random play from `seed`, the properties checked at each step
    (`checks`); returns the final state and the actions played. `huddle` starts every
    wizard on the first player's square with 6 life, so that attacks, answers and deaths
    come early."""
    g = load_game("wizwar/8e", players=players)
    s = g.new_state(seed, config=config, log=log)
    if huddle:
        s.pos = [s.pos[s.turn]] * players
        s.life = [6] * players
        s.legal_for = -1
    rng = random.Random(seed)
    played: list[Action] = []
    while s.phase == DRAFTING:  # Custom Spellbook: the groups draft their schools first
        (seat,) = g.to_act(s)
        played.append(rng.choice(g.legal_actions(s, seat)))
        g.apply(s, seat, played[-1])
    deck = _whereabouts(s)
    assert sum(deck.values()) == (156 if config.get("giant_book") else 168 if config.get("custom_spellbook") else 84)
    attacks: Counter[tuple[int, int]] = Counter()
    granted: dict[tuple[int, int], int] = {}
    step = 0
    while g.outcome(s) is None:
        assert step < g.max_game_length, "the game did not end"
        (seat,) = g.to_act(s)
        actions = g.legal_actions(s, seat)
        assert actions, "a seat to act has something to do"
        assert len({a.text for a in actions}) == len(actions), "two legal actions read alike"
        if s.phase == MOVE_AND_CAST and s.moves <= 0:
            assert not any(a in actions for a in MOVES), "a step with no movement point"
        if checks and step % 7 == 0:
            _check_illegal(g, s, seat, actions, step)
        if checks and step % 11 == 0:
            _check_determinize(g, s, seat, rng)
        action = _choose(rng, actions)
        turn = (s.round, s.turn)
        if harm.upon(s, s.turn, cards.INDEX["adrenaline"]):  # Adrenaline grants a second attack;
            granted[turn] = 2                                    # a later Dispel takes none back
        if s.phase == MOVE_AND_CAST and _is_attack(action):
            attacks[turn] += 1
            assert attacks[turn] <= granted.get(turn, 1), "too many attacks in one turn"
        g.apply(s, seat, action)
        played.append(action)
        step += 1
        if action.kind == "move":
            assert s.moves >= 0, "a movement point spent below zero"
        assert _whereabouts(s) == deck, f"a card was lost or made at step {step} ({action.text})"
    assert g.to_act(s) == () and s.phase != MOVE_AND_CAST
    return s, played


def _check_illegal(g: Any, s: EighthState, seat: int, actions: list[Action], step: int) -> None:
    """An action not offered, or an offered one by a seat not to act, raises and changes nothing."""
    before = _digest(g, s)
    offered = {a.id for a in actions}
    wrong = next(a for a in ACTIONS[(step * 37) % len(ACTIONS):] + ACTIONS if a.id not in offered)
    with pytest.raises(IllegalAction):
        g.apply(s, seat, wrong)
    other = (seat + 1) % s.n
    with pytest.raises(IllegalAction):
        g.apply(s, other, actions[0])
    assert _digest(g, s) == before
    assert [a.id for a in g.legal_actions(s, seat)] == [a.id for a in actions]


def _check_determinize(g: Any, s: EighthState, seat: int, rng: random.Random) -> None:
    """Every seat's own view and legal actions are the same in a deal of what it cannot see."""
    for q in range(s.n):
        d = g.determinize(s, q, random.Random(rng.random()))
        for g_ in range(len(s.decks)):  # each group's deck keeps its size; no card moves between groups
            assert len(d.decks[g_]) == len(s.decks[g_])
        assert d is not s and sum((Counter(p) for p in d.decks + d.hands), Counter()) == \
            sum((Counter(p) for p in s.decks + s.hands), Counter())
        assert d.hands[q] == s.hands[q]
        assert g.view(d, q) == g.view(s, q)
        assert [a.id for a in g.legal_actions(d, q)] == [a.id for a in g.legal_actions(s, q)]


@pytest.mark.parametrize(("players", "seeds"), [(2, _seeds(8)), (3, _seeds(2)), (4, _seeds(4))])
def test_random_games_end_and_keep_every_card(players: int, seeds: range) -> None:
    """Games of 2, 3 and 4 players always end (a win, a draw or the round cap, R8-14); at
    every step: the 84 cards each lie in exactly one place, one attack a turn at most (no
    card grants more yet), no step is legal with 0 movement points or fewer, an illegal
    action raises IllegalAction and leaves the state as it was, and determinize keeps a
    seat's own view and legal actions."""
    for seed in seeds:
        s, _ = _play(players, seed, huddle=seed % 2 == 1)
        assert s.result is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_custom_spellbook_keep_the_properties(players: int) -> None:
    """The same properties under Custom Spellbook (R8-31): the draft, then two decks of 84,
    each of the 168 cards in one place at every step."""
    for seed in _seeds(2):
        s, _ = _play(players, seed, huddle=seed % 2 == 1, config=SPELLBOOK)
        assert s.result is not None and len(s.decks) == 2


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_every_option_keep_the_properties(players: int) -> None:
    """The same properties with every option on: the 156 cards of the Giant Book each in
    one place, 4 victory points to win, created objects beside the board, treasures that
    kill."""
    for seed in range(2):
        s, _ = _play(players, seed, huddle=seed % 2 == 1, config=EVERY_OPTION)
        assert s.result is not None and s.target == 4


def test_some_random_game_sees_a_kill_and_a_counter() -> None:
    """The huddled, biased random player reaches what the properties are about: someone
    dies of an attack, and some counter is played, in a handful of seeds."""
    kills = counters = 0
    for seed in range(12):
        s, played = _play(2, 100 + seed, checks=False, log=True, huddle=True)
        kills += sum(s.points)
        counters += sum(1 for a in played if a.kind == "answer")
    assert counters > 0
    assert kills > 0


@pytest.mark.parametrize(("players", "config"), [(2, OPTIONS), (4, OPTIONS), (3, EVERY_OPTION), (3, SPELLBOOK)])
def test_replays_are_exact(players: int, config: dict[str, Any]) -> None:
    """The same seed, options and actions give the same game: the same view at the end for
    every seat and the spectator, and the same events; with every option too."""
    g = load_game("wizwar/8e", players=players)
    for seed in (3, 11):
        s, played = _play(players, seed, checks=False, log=True, huddle=True, config=config)
        again = g.new_state(seed, config=config)
        again.pos, again.life = [again.pos[again.turn]] * players, [6] * players
        for action in played:
            (seat,) = g.to_act(again)
            g.apply(again, seat, action)
        assert g.outcome(again) == g.outcome(s)
        for q in (*range(players), None):
            assert g.view(again, q) == g.view(s, q)
        assert s.log is not None and again.log is not None
        assert [(e.kind, e.rule, e.text) for e in again.log] == [(e.kind, e.rule, e.text) for e in s.log]


def test_the_deck_is_84_cards_of_white_cantrip_and_three_schools() -> None:
    """Rule 2: "84 cards, shuffled into one Magic deck. Each player is dealt 5.\""""
    g = load_game("wizwar/8e", players=3)
    s = g.new_state(9)
    assert len(s.decks[0]) + sum(len(h) for h in s.hands) == 84
    assert all(len(h) == 5 for h in s.hands)
    assert sorted(_whereabouts(s).elements()) == sorted(cards.deck(s.schools))
