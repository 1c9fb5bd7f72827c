"""Deals and trades between wizards in line of sight (6e 3 "make deals (requires LOS)", 6e 6
"Deals/trades of any kind are legal while in LOS"): the offer, the answer, the limit of one
offer per partner a turn, what the table and a third seat learn, the hand limit after the
exchange, treasures and shown stones; and random play with deals still ends."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wizarena.core import IllegalAction
from wizarena.core.events import visible
from wizarena.games.wizwar import cards, combat, deals, effects, stones, vision
from wizarena.games.wizwar.actions import ACTIONS, DEALS, END_TURN, K_DEAL, MAX_SEATS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.state import DEALING, DISCARD, ENDING, OFFERING, OVER, TURN, WizWarState, copy_state

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}
G2, G3 = GAMES[2], GAMES[3]
N2, N3, N4 = cards.INDEX["number_2"], cards.INDEX["number_3"], cards.INDEX["number_4"]


def texts(game: WizWarGame, s: WizWarState, seat: int) -> list[str]:
    return [a.text for a in game.legal_actions(s, seat)]


def act(game: WizWarGame, s: WizWarState, seat: int, rel: int) -> None:
    """Play the deal step `rel` (deals.OPEN + seat, deals.PUT + card...)."""
    game.apply(s, seat, DEALS[rel])


def put(card: int) -> int:
    return deals.PUT + card


def table(game: WizWarGame, seed: int = 1) -> tuple[WizWarState, int, int]:
    """A fresh game, the turn's wizard q and the next seat p in one square (so in sight)."""
    s = game.new_state(seed)
    q = s.turn
    p = (q + 1) % game.num_players
    s.pos[p] = s.pos[q]
    return s, q, p


def set_hand(s: WizWarState, seat: int, hand: list[int]) -> None:
    """Give `seat` exactly `hand`, from the draw pile or the discard pile (the old hand goes
    back to the draw pile): the deck still counts 125."""
    s.deck += s.hands[seat]
    s.hands[seat] = []
    for c in hand:
        (s.deck if c in s.deck else s.discard).remove(c)
        s.hands[seat].append(c)
    s.shown[seat] = []
    s.legal_for = -1


def total(s: WizWarState) -> int:
    return len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(len(h) for h in s.hands)


def test_the_block_of_deal_actions_is_fixed() -> None:
    assert deals.SEATS == MAX_SEATS
    assert DEALS[deals.SIZE <= len(ACTIONS)] and DEALS[deals.SIZE - 1].text == "refuse the deal"
    assert DEALS[deals.OPEN + 2].text == "offer a deal to P2"
    assert DEALS[put(combat.FIREBALL)].text == "put Fireball into the deal"
    assert DEALS[deals.REFUSE].text == "refuse the deal"


# -- who may deal ----------------------------------------------------------------------------
def test_ww_6e_6_an_offer_needs_line_of_sight() -> None:
    s, q, p = table(G2)
    a = s.pos[q]
    hidden = next(b for b in range(s.map.asm.n_squares) if not vision.sees(s, a, b))
    seen = next(b for b in range(s.map.asm.n_squares) if b != a and vision.sees(s, a, b))
    s.pos[p] = hidden
    assert f"offer a deal to P{p}" not in texts(G2, s, q)
    with pytest.raises(IllegalAction):
        act(G2, s, q, deals.OPEN + p)
    s.pos[p] = seen
    s.legal_for = -1
    assert f"offer a deal to P{p}" in texts(G2, s, q)
    assert f"offer a deal to P{q}" not in texts(G2, s, q)  # never with oneself


def test_ww_6e_6_an_invisible_wizard_may_deal_but_a_blinded_one_sees_only_his_square() -> None:
    s, q, p = table(G2)
    a = s.pos[q]
    s.pos[p] = next(b for b in range(s.map.asm.n_squares) if b != a and vision.sees(s, a, b))
    s.status[p][effects.INVISIBLE] = 2  # an offer is not aimed: invisibility does not stop it
    assert f"offer a deal to P{p}" in texts(G2, s, q)
    s.status[p][effects.INVISIBLE] = 0
    s.status[p][effects.BLIND] = 2
    s.legal_for = -1
    assert f"offer a deal to P{p}" not in texts(G2, s, q)
    s.pos[p] = a
    s.legal_for = -1
    assert f"offer a deal to P{p}" in texts(G2, s, q)
    s.status[p][effects.PETRIFIED] = 1  # turned to stone, he can answer nothing
    s.legal_for = -1
    assert f"offer a deal to P{p}" not in texts(G2, s, q)


def test_ww_6e_3_deals_are_made_on_one_s_own_turn_only() -> None:
    s, q, p = table(G2)
    assert G2.legal_actions(s, p) == []
    with pytest.raises(IllegalAction):
        act(G2, s, p, deals.OPEN + q)


# -- the offer and its answer ------------------------------------------------------------------
def test_ww_6e_3_an_accepted_deal_moves_the_cards() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [combat.FIREBALL, N2, N3])
    set_hand(s, p, [combat.BLUNT, N4, combat.DAGGER])
    act(G2, s, q, deals.OPEN + p)
    assert s.phase == OFFERING and G2.to_act(s) == (q,)
    assert texts(G2, s, q) == ["put Fireball into the deal", "put Number 2 into the deal",
                               "put Number 3 into the deal", "ask for one card more in return",
                               "withdraw the offer"]
    act(G2, s, q, put(combat.FIREBALL))
    act(G2, s, q, put(N2))
    act(G2, s, q, deals.ASK_MORE)
    assert "put Fireball into the deal" not in texts(G2, s, q)
    act(G2, s, q, deals.SEND)
    assert s.phase == DEALING and G2.to_act(s) == (p,)
    assert texts(G2, s, p) == ["accept the deal", "refuse the deal"]
    assert s.hands[q] == [N3] and sorted(s.flight) == sorted([combat.FIREBALL, N2]) and total(s) == 125
    act(G2, s, p, deals.ACCEPT)
    assert texts(G2, s, p) == ["put Blunt into the deal", "put Dagger into the deal", "put Number 4 into the deal"]
    act(G2, s, p, put(combat.DAGGER))  # an object changes hands like any card
    assert s.phase == TURN and G2.to_act(s) == (q,) and not s.flight
    assert sorted(s.hands[q]) == sorted([N3, combat.DAGGER])
    assert sorted(s.hands[p]) == sorted([combat.BLUNT, N4, combat.FIREBALL, N2])
    assert total(s) == 125
    assert any(e.text.startswith(f"the deal is done: P{q} gives P{p} 2 cards, P{p} gives P{q} 1 card")
               for e in s.log)


def test_ww_6e_3_a_refused_deal_changes_nothing() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [combat.FIREBALL, N2, N3])
    set_hand(s, p, [combat.BLUNT, N4])
    before = copy_state(s)
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(N3))
    act(G2, s, q, put(combat.FIREBALL))
    act(G2, s, q, deals.ASK_MORE)
    act(G2, s, q, deals.ASK_MORE)
    act(G2, s, q, deals.SEND)
    act(G2, s, p, deals.REFUSE)
    assert s.phase == TURN and not s.flight and s.deal == deals.NO_DEAL
    assert sorted(s.hands[q]) == sorted(before.hands[q]) and s.hands[p] == before.hands[p]
    assert s.moves == before.moves and not s.attacked
    assert f"P{p} refuses P{q}'s offer: nothing changes hands" in [e.text for e in s.log]


def test_ww_6e_3_a_gift_and_a_demand() -> None:
    """Nothing in return is a gift; nothing offered is a demand the partner may refuse."""
    s, q, p = table(G2)
    set_hand(s, q, [N2])
    set_hand(s, p, [N3])
    act(G2, s, q, deals.OPEN + p)
    assert "make the offer" not in texts(G2, s, q)  # an empty offer is not made
    act(G2, s, q, put(N2))
    act(G2, s, q, deals.SEND)
    act(G2, s, p, deals.ACCEPT)  # asked for nothing: the deal is done at once
    assert s.phase == TURN and s.hands[q] == [] and sorted(s.hands[p]) == sorted([N2, N3])
    s2, q2, p2 = table(G2, 2)
    set_hand(s2, q2, [])
    set_hand(s2, p2, [N3])
    act(G2, s2, q2, deals.OPEN + p2)
    act(G2, s2, q2, deals.ASK_MORE)
    assert "ask for one card more in return" not in texts(G2, s2, q2)  # not more than he holds
    act(G2, s2, q2, deals.SEND)
    act(G2, s2, p2, deals.ACCEPT)
    act(G2, s2, p2, put(N3))
    assert s2.hands[q2] == [N3] and s2.hands[p2] == []


def test_ww_6e_3_the_ask_is_at_most_three_cards() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [N2])
    act(G2, s, q, deals.OPEN + p)
    for _ in range(deals.MAX_ASK):
        act(G2, s, q, deals.ASK_MORE)
    assert s.deal[1] == deals.MAX_ASK and "ask for one card more in return" not in texts(G2, s, q)


# -- the limit ----------------------------------------------------------------------------------
def test_ww_ruling_one_offer_to_each_partner_a_turn() -> None:
    s = G3.new_state(4)
    q = s.turn
    p, r = (q + 1) % 3, (q + 2) % 3
    s.pos[p] = s.pos[r] = s.pos[q]
    act(G3, s, q, deals.OPEN + p)
    act(G3, s, q, deals.WITHDRAW)  # withdrawn, it still counts
    assert s.phase == TURN
    assert f"offer a deal to P{p}" not in texts(G3, s, q) and f"offer a deal to P{r}" in texts(G3, s, q)
    act(G3, s, q, deals.OPEN + r)
    act(G3, s, q, put(s.hands[q][0]))
    act(G3, s, q, deals.SEND)
    act(G3, s, r, deals.REFUSE)
    assert not [t for t in texts(G3, s, q) if t.startswith("offer a deal")]
    for _ in range(3):  # a round later, he may offer again
        G3.apply(s, s.turn, END_TURN[2])
    assert s.turn == q and f"offer a deal to P{p}" in texts(G3, s, q)


def test_an_offer_made_this_turn_is_in_every_seats_information_key() -> None:
    """deals.py: the table learns "that P0 opens a deal with P1", and an offer withdrawn
    still counts against the limit above. The offers made are public and decide what the
    turn's wizard may do, so they enter the key: without them, search found one key for a
    position where he could still offer and one where he could not (21 such pairs in 40
    random two-seat games)."""
    s = G3.new_state(4)
    q = s.turn
    p = (q + 1) % 3
    s.pos[p] = s.pos[q]
    before = copy_state(s)
    act(G3, s, q, deals.OPEN + p)
    act(G3, s, q, deals.WITHDRAW)
    assert s.offered and not before.offered
    for seat in range(3):
        assert G3.information_key(s, seat) != G3.information_key(before, seat)


# -- hidden information ---------------------------------------------------------------------------
def _three_way(offered: int, paid: int) -> tuple[WizWarState, int, int, int]:
    s = G3.new_state(6)
    q = s.turn
    p, r = (q + 1) % 3, (q + 2) % 3
    s.pos[p] = s.pos[r] = s.pos[q]
    set_hand(s, q, [offered, N2])
    set_hand(s, p, [paid, N3])
    act(G3, s, q, deals.OPEN + p)
    act(G3, s, q, put(offered))
    act(G3, s, q, deals.ASK_MORE)
    act(G3, s, q, deals.SEND)
    act(G3, s, p, deals.ACCEPT)
    act(G3, s, p, put(paid))
    return s, q, p, r


def test_ww_6e_3_a_third_seat_learns_the_counts_and_not_the_cards() -> None:
    a, q, p, r = _three_way(combat.FIREBALL, combat.BLUNT)
    b, *_ = _three_way(combat.TELEPORT, combat.FULL_SHIELD)
    assert a.hands[p] != b.hands[p]
    assert visible(a.log, r) == visible(b.log, r)
    assert visible(a.log, None) == visible(b.log, None)
    assert G3.view(a, r) == G3.view(b, r) and G3.view(a, None) == G3.view(b, None)
    seen = " ".join(e.text for e in visible(a.log, r))
    assert f"P{q} offers P{p} 1 card for 1 card" in seen and f"P{p} accepts P{q}'s offer" in seen
    assert "Fireball" not in seen and "Blunt" not in seen
    mine = [e.text for e in visible(a.log, p)]
    assert f"P{q}'s offer to P{p}: Fireball" in mine and f"P{p} puts Blunt into the deal" in mine
    assert any("Fireball" in t and "Blunt" in t for t in (e.text for e in visible(a.log, q)))


def test_ww_6e_3_the_offer_is_secret_while_it_is_put_together() -> None:
    s = G3.new_state(6)
    q = s.turn
    p, r = (q + 1) % 3, (q + 2) % 3
    s.pos[p] = s.pos[q]
    set_hand(s, q, [combat.FIREBALL, N2])
    start = len(s.log)
    act(G3, s, q, deals.OPEN + p)
    act(G3, s, q, put(combat.FIREBALL))
    assert G3.legal_actions(s, p) == [] and G3.legal_actions(s, r) == []
    for seat in (p, r):
        assert all("Fireball" not in e.text for e in visible(s.log[start:], seat))
        with pytest.raises(IllegalAction) as err:
            act(G3, s, seat, deals.SEND)
        assert "Fireball" not in str(err.value)
    assert deals.view(s, p) is not None and deals.view(s, p)["cards"] is None
    assert deals.view(s, q)["cards"] == ["Fireball"]
    act(G3, s, q, deals.SEND)
    assert deals.view(s, p)["cards"] == ["Fireball"] and deals.view(s, r)["cards"] is None
    assert deals.view(s, r)["offers"] == 1
    # a third seat is never asked while the partners deal, so asking reveals nothing
    assert G3.to_act(s) == (p,) and G3.legal_actions(s, r) == []


def test_a_determinized_copy_for_the_partner_keeps_the_offered_cards() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [combat.FIREBALL, N2, N3])
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(combat.FIREBALL))
    act(G2, s, q, deals.SEND)
    for seed in range(10):
        d = G2.determinize(s, p, random.Random(seed))
        assert d.offer == [combat.FIREBALL] and d.flight == [combat.FIREBALL]
        G2.apply(d, p, DEALS[deals.ACCEPT])
        assert combat.FIREBALL in d.hands[p] and total(d) == 125


# -- after the exchange ---------------------------------------------------------------------------
def test_ww_6e_3_the_hand_limit_applies_after_a_deal() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [N2, N3, combat.FIREBALL])
    set_hand(s, p, [N2, N2, N2, N3, N3, N3, N4])  # at his limit of 7
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(N2))
    act(G2, s, q, put(combat.FIREBALL))
    act(G2, s, q, deals.ASK_MORE)
    act(G2, s, q, deals.SEND)
    act(G2, s, p, deals.ACCEPT)
    act(G2, s, p, put(N4))
    assert len(s.hands[p]) == 8 and s.phase == DISCARD and G2.to_act(s) == (p,)
    G2.apply(s, p, ACTIONS[[a.id for a in G2.legal_actions(s, p)][0]])
    assert len(s.hands[p]) == 7 and s.phase == TURN and G2.to_act(s) == (q,) and total(s) == 125


def test_ww_6e_9_a_treasure_asked_in_the_same_square_ends_the_taker_s_turn() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [N2])
    set_hand(s, p, [N3])
    t = 2 * q  # the offerer's own treasure, which the partner carries
    s.treasure_at[t], s.carried[p] = -1, t
    a = s.pos[q]
    s.pos[p] = next(b for b in range(s.map.asm.n_squares) if b != a and vision.sees(s, a, b))
    act(G2, s, q, deals.OPEN + p)
    assert "ask for the treasure he carries" not in texts(G2, s, q)  # handed over only in one square
    act(G2, s, q, deals.WITHDRAW)
    s.offered, s.pos[p] = 0, a
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(N2))
    act(G2, s, q, deals.ASK_TREASURE)
    act(G2, s, q, deals.SEND)
    assert any(e.text == f"P{q} offers P{p} 1 card for the treasure he carries" for e in s.log)
    act(G2, s, p, deals.ACCEPT)
    assert s.carried[q] == t and s.carried[p] == -1 and s.treasure_at[t] == -1
    assert s.ended and s.phase == ENDING
    assert all(not x.startswith("offer a deal") for x in texts(G2, s, q))


def test_ww_6e_5_a_shown_stone_stays_shown_in_its_new_hand() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [stones.POWERSTONE, N2])
    s.shown[q] = [stones.POWERSTONE]
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(stones.POWERSTONE))
    act(G2, s, q, deals.SEND)
    assert any(e.text == f"P{q} offers P{p} 1 card (among them his shown Powerstone) for nothing" and e.to is None
               for e in s.log)
    act(G2, s, p, deals.ACCEPT)
    assert s.shown[q] == [] and s.shown[p] == [stones.POWERSTONE]
    assert G2.view(s, None)["wizards"][p]["shown"] == ["Powerstone"]


def test_ww_6e_5_a_stone_never_shown_stays_secret() -> None:
    s, q, p = table(G2)
    set_hand(s, q, [stones.POWERSTONE])
    act(G2, s, q, deals.OPEN + p)
    act(G2, s, q, put(stones.POWERSTONE))
    act(G2, s, q, deals.SEND)
    act(G2, s, p, deals.ACCEPT)
    assert s.shown[p] == [] and all("Powerstone" not in e.text for e in visible(s.log, None))


# -- random play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_with_deals_ends_and_conserves_cards(n: int) -> None:
    game = GAMES[n]
    done = 0
    for seed in range(6):
        s = game.new_state(seed, log=False)
        rng = random.Random(seed)
        steps = 0
        while s.phase != OVER:
            q = game.to_act(s)[0]
            legal = game.legal_actions(s, q)
            deal = [a for a in legal if a.data[0] == K_DEAL]
            a = rng.choice(deal if deal and rng.random() < 0.5 else legal)  # deal often
            if a is DEALS[deals.ACCEPT]:
                done += 1
            game.apply(s, q, a)
            steps += 1
            assert total(s) == 125 and steps < 50_000
            assert sum(1 for at in s.treasure_at if at < 0) == sum(1 for t in s.carried if t >= 0)
    assert done > 0


# -- determinizing in the middle of a deal ---------------------------------------------------------
def _deal_steps(game: WizWarGame, s: WizWarState) -> int:
    """Play every legal continuation of the deal under way, each on its own copy, until the
    deal is over; the number of steps played."""
    if s.phase not in (OFFERING, DEALING):
        assert total(s) == 125
        return 0
    seat = game.to_act(s)[0]
    played = 0
    for a in game.legal_actions(s, seat):
        if a.data[0] != K_DEAL:
            continue
        c = copy_state(s)
        game.apply(c, seat, a)
        played += 1 + _deal_steps(game, c)
    return played


def _mid_deal(sent: bool) -> tuple[WizWarState, int, int, int]:
    """Three wizards in one square: q puts his shown Powerstone, Fireball and a Number 2 into
    an offer to p and asks two cards; sent, p accepts and puts Blunt in."""
    s = G3.new_state(6, log=False)
    q = s.turn
    p, r = (q + 1) % 3, (q + 2) % 3
    s.pos[p] = s.pos[r] = s.pos[q]
    set_hand(s, q, [stones.POWERSTONE, combat.FIREBALL, N2, N3, N4])
    s.shown[q] = [stones.POWERSTONE]
    set_hand(s, p, [combat.BLUNT, combat.TELEPORT, N2])
    for step in (deals.OPEN + p, put(stones.POWERSTONE), put(combat.FIREBALL), put(N2), deals.ASK_MORE,
                 deals.ASK_MORE):
        act(G3, s, q, step)
    if sent:
        act(G3, s, q, deals.SEND)
        act(G3, s, p, deals.ACCEPT)
        act(G3, s, p, put(combat.BLUNT))
    return s, q, p, r


def _same_for(s: WizWarState, d: WizWarState, seat: int) -> None:
    assert np.array_equal(G3.observation_tensor(d, seat), G3.observation_tensor(s, seat))
    assert G3.information_key(d, seat) == G3.information_key(s, seat)


def _sub(small: list[int], big: list[int]) -> bool:
    return all(small.count(c) <= big.count(c) for c in small)


def test_ww_6e_3_what_the_cards_are_is_told_only_to_the_two_partners_while_offering() -> None:
    """deals.py: "What the cards are is told only to the two partners, with one exception: a
    stone shown face up (stones.py) is public"; and while the offer is put together it is
    the offerer's secret (deals.view). A copy dealt again for another seat redraws the
    offerer's hand, so it redraws the offer out of that new hand, the shown stone kept: the
    offerer can still put cards in, send, and the partner answer and pay."""
    s, q, p, r = _mid_deal(sent=False)
    assert s.phase == OFFERING
    for seat in (p, r):
        offers: set[tuple[int, ...]] = set()
        for seed in range(25):
            d = G3.determinize(s, seat, random.Random(seed))
            assert d.phase == OFFERING and len(d.offer) == len(s.offer) and _sub(d.offer, d.hands[q])
            assert stones.POWERSTONE in d.offer and stones.POWERSTONE in d.hands[q]
            assert total(d) == 125
            _same_for(s, d, seat)
            offers.add(tuple(sorted(d.offer)))
            assert _deal_steps(G3, d) > 0
        assert len(offers) > 1, "the offer is redrawn: the seat does not know it"
    for seed in range(5):  # the offerer knows his offer
        d = G3.determinize(s, q, random.Random(seed))
        assert d.offer == s.offer and d.hands[q] == s.hands[q]
        _same_for(s, d, q)


def test_ww_6e_3_a_third_seat_is_not_told_the_cards_on_the_table() -> None:
    """deals.py: "What the cards are is told only to the two partners" and "the offered cards
    and those he has put in wait on the table, in `flight` ... so that a copy of the game
    dealt again for the partner (determinize) keeps the cards he was shown". A third seat
    was shown none of them but the public Powerstone: his copy draws them again."""
    s, q, p, r = _mid_deal(sent=True)
    assert s.phase == DEALING and s.paid == [combat.BLUNT]
    for seat in (q, p):  # the partners keep what they were shown
        for seed in range(5):
            d = G3.determinize(s, seat, random.Random(seed))
            assert d.offer == s.offer and d.paid == s.paid and sorted(d.flight) == sorted(s.flight)
            _same_for(s, d, seat)
            assert _deal_steps(G3, d) > 0
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for seed in range(25):
        d = G3.determinize(s, r, random.Random(seed))
        assert len(d.offer) == len(s.offer) and len(d.paid) == len(s.paid) and stones.POWERSTONE in d.offer
        assert sorted(d.flight) == sorted(d.offer + d.paid) and total(d) == 125
        _same_for(s, d, r)
        seen.add((tuple(sorted(d.offer)), tuple(d.paid)))
        assert _deal_steps(G3, d) > 0
    assert len(seen) > 1, "the third seat's copy redraws the cards he was not shown"
