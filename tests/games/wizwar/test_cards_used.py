"""`cards_used`: the cards each wizard cast (spells, neutrals, counteractions and escapes,
objects thrown or struck with, NUMBER cards laid), read from the state for the card-balance
study. Checked against every card that leaves a hand in random games of 2 to 4 players,
against the event log, on duels built by hand, and through clones."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from wizarena.agents import make_agent
from wizarena.core import play
from wizarena.games.wizwar import cards, combat, forced, neutrals, vision
from wizarena.games.wizwar.actions import NUMBERS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.state import WizWarState

from .test_forced import arena, sq

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}
G2 = GAMES[2]
CATALOGUE = {row.to_json()["name"] for row in G2.cards}
# What takes a card out of its holder's hand without his casting it; a seat put out of the
# game loses his hand too.
NOT_CASTING = ("discard ", "drop ", "put it back", "he drops", "take it", "let it stand", "let it be",
               "offer a deal", "put ", "ask for", "make the offer", "withdraw the offer", "accept the deal",
               "refuse the deal")
KEPT_IN_HAND = {combat.WIZARDBLADE, neutrals.MASTER_KEY}  # used, and still held
ANY_NAME = "|".join(re.escape(n) for n in sorted(cards.NAME, key=len, reverse=True))


def names(ids: list[int] | set[int]) -> set[str]:
    return {cards.NAME[c] for c in ids}


def act(s: WizWarState, seat: int, text: str, game: WizWarGame = G2) -> None:
    game.apply(s, seat, game.parse_action(s, seat, text))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_card_cast_out_of_a_hand_is_reported_and_nothing_else(n: int) -> None:
    game = GAMES[n]
    assert game.card_usage == "cast"
    recorded = set()
    for seed in range(3):
        s = game.new_state(seed, log=False)
        rng = random.Random(seed)
        while game.to_act(s):
            q = rng.choice(game.to_act(s))
            a = rng.choice(game.legal_actions(s, q))
            before = [Counter(h) for h in s.hands]
            used_before = game.cards_used(s)
            game.apply(s, q, a)
            used = game.cards_used(s)
            for p in range(n):
                new = used[p] - used_before[p]
                if p != q:
                    assert not new, (a.text, p)
                    continue
                left = names(set(before[q] - Counter(s.hands[q])))
                assert new <= left | names(KEPT_IN_HAND), a.text
                if not a.text.startswith(NOT_CASTING) and q not in s.out:
                    assert left <= used[q], a.text
            recorded |= used[q] - used_before[q]
        assert len(game.cards_used(s)) == n and all(u <= CATALOGUE for u in game.cards_used(s))
    assert len(recorded) > 20  # the games really cast a good many different cards


def test_the_log_of_a_played_game_agrees() -> None:
    for n in (2, 4):
        game = GAMES[n]
        _record, s = play(game, [make_agent("random", k) for k in range(n)], 3, log=True)
        used = game.cards_used(s)
        for q in range(n):
            logged = set()
            for e in s.log:
                m = re.match(rf"P{q} (?:casts|counteracts with|escapes with|answers with) ({ANY_NAME})", e.text)
                if m:
                    logged.add(m.group(1))
            assert logged <= used[q]
        assert any(used)


def test_simulations_without_a_log_report_the_same() -> None:
    for n in (2, 3):
        game = GAMES[n]
        _r, quiet = play(game, [make_agent("random", k) for k in range(n)], 5, log=False)
        _r, loud = play(game, [make_agent("random", k) for k in range(n)], 5, log=True)
        assert game.cards_used(quiet) == game.cards_used(loud)


def duel(attacker_hand: list[int], target_hand: list[int], seed: int = 1) -> tuple[WizWarState, int, int]:
    """Round 2, the two wizards in one square (so in sight), with the given hands."""
    s = G2.new_state(seed)
    for _ in range(2):
        act(s, s.turn, "end the turn: draw none")
    q, t = s.turn, 1 - s.turn
    s.pos[t] = s.pos[q]
    s.deck += s.hands[q] + s.hands[t]
    s.hands[q], s.hands[t] = list(attacker_hand), list(target_hand)
    for c in attacker_hand + target_hand:
        s.deck.remove(c)
    return s, q, t


def test_a_spell_its_number_and_the_answers_count_and_the_cards_held_do_not() -> None:
    s, q, t = duel([combat.POWERTHRUST, combat.ANTI_ANTI, NUMBERS[2], combat.FIREBALL],
                   [combat.FULL_SHIELD, combat.ANTI_ANTI, combat.BLUNT])
    assert G2.cards_used(s) == (frozenset(), frozenset())
    act(s, q, f"cast Powerthrust at P{t} with a 4")
    act(s, t, "counter with Full Shield")
    act(s, q, "counter with Anti-Anti")
    act(s, t, "counter with Anti-Anti")
    act(s, q, "let it stand")
    used = G2.cards_used(s)
    assert used[q] == {"Powerthrust", "Number 4", "Anti-Anti"} and "Fireball" not in used[q]
    assert used[t] == {"Full Shield", "Anti-Anti"} and "Blunt" not in used[t]


def test_an_absorbed_spell_counts_for_its_caster_only_and_a_discard_counts_for_nobody() -> None:
    s, q, t = duel([combat.LIGHTNING, NUMBERS[1], combat.BLUNT], [combat.ABSORB_SPELL])
    act(s, q, f"cast Lightning Blast at P{t} with a 3")
    act(s, t, "counter with Absorb Spell")
    act(s, q, "let it stand")
    assert combat.LIGHTNING in s.hands[t]  # it changed hands, nobody cast it for t
    assert G2.cards_used(s) == ({"Lightning Blast", "Number 3"}, {"Absorb Spell"})
    s = G2.new_state(2)
    q = s.turn
    act(s, q, "end the turn: draw 2")  # over the hand limit of 7: a discard
    thrown_away = next(a for a in G2.legal_actions(s, q) if a.text.startswith("discard "))
    G2.apply(s, q, thrown_away)
    assert thrown_away.text[len("discard "):] in names(s.discard)
    assert G2.cards_used(s) == (frozenset(), frozenset())


def test_a_punch_is_no_card_and_a_wizardblade_strike_is_one() -> None:
    s, q, t = duel([combat.WIZARDBLADE], [])
    act(s, q, f"punch P{t}")
    act(s, t, "take it")
    assert G2.cards_used(s) == (frozenset(), frozenset())
    s, q, t = duel([combat.WIZARDBLADE], [])
    act(s, q, f"strike P{t} with Wizardblade")
    act(s, t, "take it")
    assert combat.WIZARDBLADE in s.hands[q] and G2.cards_used(s)[q] == {"Wizardblade"}


def test_a_number_card_for_movement_counts() -> None:
    s = G2.new_state(3)
    q = s.turn
    s.hands[q] = [NUMBERS[2], NUMBERS[0]]
    act(s, q, "walk farther with a 4")
    assert G2.cards_used(s)[q] == {"Number 4"}


def test_fear_counts_for_its_caster_and_the_teleport_fled_by_for_the_one_who_fled() -> None:
    s = arena(G2, [sq(2, 0), sq(0, 0)], [[forced.FEAR], [combat.TELEPORT]], second_round=False)
    s.map.create_wall(s.map.asm.side_edge[sq(0, 0) * 4 + 2])  # walking south cannot get him clear
    s.sight = vision.rows_for(s.map)
    act(s, 0, "cast Fear")
    assert G2.cards_used(s) == ({"Fear"}, frozenset())
    flight = G2.legal_actions(s, 1)
    assert flight and flight[0].text.startswith("Teleport to square")
    G2.apply(s, 1, flight[0])
    assert G2.cards_used(s) == ({"Fear"}, {"Teleport"})


def test_clone_keeps_the_record_and_is_independent_of_it() -> None:
    s, q, t = duel([combat.FIREBALL, combat.LIGHTNING], [combat.BLUNT])
    act(s, q, f"cast Fireball at P{t}")
    c = G2.clone(s)
    assert G2.cards_used(c) == G2.cards_used(s)
    act(c, t, "counter with Blunt")
    assert "Blunt" in G2.cards_used(c)[t] and "Blunt" not in G2.cards_used(s)[t]


def test_no_view_reads_the_record() -> None:
    s, q, t = duel([combat.FIREBALL], [combat.BLUNT])
    act(s, q, f"cast Fireball at P{t}")
    blank = G2.clone(s)
    blank.played = [0, 0]
    for seat in (0, 1, None):
        assert G2.view(blank, seat) == G2.view(s, seat)
