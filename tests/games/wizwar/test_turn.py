"""The Wiz-War turn, section by section of the 6e rules reference (set-up 1, victory 2,
turn 3, movement 4, number cards 5, combat 6, the counteraction window 7, treasures 9),
and properties of random play: cards and treasures conserved, illegal moves refused with
nothing changed, exact replays, and views that hold only what a seat may know."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizarena.core import Action, IllegalAction, Record, play
from wizarena.core.errors import WizarenaError
from wizarena.games.wizwar import cards, combat, legal, neutrals, stones
from wizarena.games.wizwar.actions import (
    ACTIONS,
    AIM_LINES,
    BOOSTS,
    CASTABLE,
    CASTS,
    COUNTERS,
    DISCARDS,
    DROP,
    END_TURN,
    LET_BE,
    LET_STAND,
    MOVES,
    NEUTRAL_CARDS,
    NEUTRALS,
    NUMBERS,
    PICK_UP,
    PUNCHES,
    PUT_BACK,
    TAKE_IT,
)
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.hands import TRAP
from wizarena.games.wizwar.profile import SIXTH
from wizarena.games.wizwar.sight import line_of_sight
from wizarena.games.wizwar.state import (
    AIM,
    DISCARD,
    ENDING,
    NEUTRAL,
    OVER,
    TURN,
    WINDOW,
    WizWarState,
    copy_state,
)

GAMES = {n: WizWarGame(None, n) for n in (2, 3, 4)}
G2 = GAMES[2]


def texts(game: WizWarGame, s: WizWarState, seat: int) -> list[str]:
    return [a.text for a in game.legal_actions(s, seat)]


def act(game: WizWarGame, s: WizWarState, seat: int, action: Action | int) -> None:
    """Play an action (or the action of an id taken from a legal list)."""
    game.apply(s, seat, action if isinstance(action, Action) else ACTIONS[action])


def second_round(game: WizWarGame, seed: int = 1) -> WizWarState:
    """A game in its second round of turns, the first player to act, nobody hurt."""
    s = game.new_state(seed)
    for _ in range(game.num_players):
        act(game, s, s.turn, END_TURN[2])
    assert s.round == 2 and s.turn == s.first
    return s


def together(s: WizWarState, a: int, b: int) -> None:
    s.pos[b] = s.pos[a]


# -- 6e 1: set-up -------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_ww_6e_1_setup(n: int) -> None:
    game = GAMES[n]
    s = game.new_state(5)
    assert s.life == [15] * n
    assert s.pos == [s.map.home_base(q) for q in range(n)]
    assert all(len(h) == 7 and TRAP not in h for h in s.hands)
    for q in range(n):
        assert s.treasure_at[2 * q:2 * q + 2] == s.map.treasure_marks(q)[:2]
    assert len(s.deck) + len(s.discard) + 7 * n == 125
    assert s.turn == s.first and s.round == 1
    rolls = [e for e in s.log if e.rule == "WW 6e 10"]
    assert rolls and "rolled highest" in next(e.text for e in s.log if "rolled highest" in e.text)


def test_ww_6e_1_a_trap_dealt_at_the_start_is_replaced() -> None:
    for seed in range(200):
        s = G2.new_state(seed)
        if any("is dealt Trap!" in e.text for e in s.log):
            assert TRAP in s.discard and all(len(h) == 7 for h in s.hands)
            return
    pytest.fail("no deal of 200 put Trap! in an opening hand")


def test_ww_6e_1_the_player_count_is_checked() -> None:
    with pytest.raises(WizarenaError, match="2, 3 or 4"):
        WizWarGame(None, 5)


# -- 6e 4 and 5: movement and the NUMBER card -----------------------------------------------
def test_ww_6e_4_three_squares_a_turn() -> None:
    s = G2.new_state(3)
    q = s.turn
    for _ in range(3):
        moves = [a for a in G2.legal_actions(s, q) if a.kind == "move"]
        assert moves
        G2.apply(s, q, moves[0])
    assert s.moves == 0 and not [a for a in G2.legal_actions(s, q) if a.kind == "move"]


def test_ww_6e_4_walking_never_crosses_a_wall() -> None:
    s = G2.new_state(8)
    q = s.turn
    for d in range(4):
        legal = MOVES[d] in G2.legal_actions(s, q)
        assert legal == (s.map.step_to(s.pos[q], d) >= 0)


def test_ww_6e_5_one_number_card_adds_to_the_turn_s_movement() -> None:
    s = G2.new_state(3)
    q = s.turn
    s.hands[q] = [NUMBERS[2], NUMBERS[0]]  # a 4 and a 2
    act(G2, s, q, BOOSTS[2])
    assert s.moves == 3 + 4 and NUMBERS[2] in s.discard
    assert not [a for a in G2.legal_actions(s, q) if a.kind == "boost"]  # one number card a turn


# -- 6e 3 and 6: the punch, one attack a turn, none in the first round ----------------------
def test_ww_6e_3_no_attacks_in_the_first_round() -> None:
    s = G2.new_state(2)
    q = s.turn
    together(s, q, 1 - q)
    assert PUNCHES[1 - q] not in G2.legal_actions(s, q)


def test_ww_6e_6_the_punch_and_ww_6e_7_the_target_is_always_asked() -> None:
    s = second_round(G2)
    q, other = s.turn, 1 - s.turn
    together(s, q, other)
    assert PUNCHES[q] not in G2.legal_actions(s, q)  # you cannot attack yourself
    act(G2, s, q, PUNCHES[other])
    assert s.phase == WINDOW and G2.to_act(s) == (other,)
    assert texts(G2, s, other) == ["take it"]
    act(G2, s, other, TAKE_IT)
    assert s.life[other] == 14 and s.phase == TURN
    assert not [a for a in G2.legal_actions(s, q) if a.kind == "punch"]  # one attack a turn


def test_ww_6e_2_the_killer_takes_the_dead_wizard_s_cards() -> None:
    game = GAMES[3]
    s = second_round(game)
    q = s.turn
    victim = (q + 1) % 3
    together(s, q, victim)
    s.life[victim] = 1
    s.hands[q] = s.hands[q][:3]
    victims = list(s.hands[victim])
    act(game, s, q, PUNCHES[victim])
    act(game, s, victim, TAKE_IT)
    assert victim in s.out and s.out == [victim] and s.hands[victim] == []
    assert len(s.hands[q]) == 3 + len(victims)
    assert s.phase == DISCARD and game.to_act(s) == (q,)  # down to 7 at once
    while s.phase == DISCARD:
        act(game, s, q, DISCARDS[s.hands[q][0]])
    assert len(s.hands[q]) == 7 and s.phase == TURN


def test_ww_6e_2_the_last_wizard_standing_wins() -> None:
    s = second_round(G2)
    q, other = s.turn, 1 - s.turn
    together(s, q, other)
    s.life[other] = 1
    act(G2, s, q, PUNCHES[other])
    act(G2, s, other, TAKE_IT)
    assert s.phase == OVER and s.result.winners == (q,) and s.result.eliminated == (other,)
    assert G2.to_act(s) == ()


# -- 6e 9 and 2: treasures ------------------------------------------------------------------
def test_ww_6e_9_picking_up_ends_the_turn_and_one_treasure_at_a_time() -> None:
    s = G2.new_state(4)
    q = s.turn
    s.pos[q] = s.treasure_at[2 * (1 - q)]
    act(G2, s, q, PICK_UP)
    assert s.carried[q] == 2 * (1 - q) and s.phase == ENDING
    assert texts(G2, s, q) == ["end the turn: draw 2", "end the turn: draw 1", "end the turn: draw none"]


def test_ww_6e_2_two_enemy_treasures_on_one_s_home_base_win() -> None:
    game = GAMES[3]
    s = game.new_state(6)
    q = s.turn
    home = s.map.home_base(q)
    enemy = (q + 1) % 3
    s.treasure_at[2 * enemy] = home
    s.pos[q] = home
    s.carried[q] = 2 * ((q + 2) % 3)
    s.treasure_at[s.carried[q]] = -1
    act(game, s, q, DROP)
    assert s.phase == OVER and s.result.winners == (q,) and "two enemy treasures" in s.result.reason


def test_ww_6e_2_both_treasures_on_other_bases_put_their_owner_out() -> None:
    game = GAMES[3]
    s = game.new_state(6)
    q = s.turn
    a, b = (q + 1) % 3, (q + 2) % 3
    s.treasure_at[2 * b] = s.map.home_base(a)  # one of b's on a's base, the other carried by q
    s.carried[q] = 2 * b + 1
    s.treasure_at[2 * b + 1] = -1
    s.pos[q] = s.map.home_base(q)
    act(game, s, q, DROP)
    assert b in s.out and s.phase != OVER and s.hands[b] == []


# -- 6e 3: the end of the turn -------------------------------------------------------------
def test_ww_6e_3_draw_up_to_two_then_the_hand_limit() -> None:
    s = G2.new_state(7)
    q = s.turn
    act(G2, s, q, END_TURN[0])
    assert len(s.hands[q]) == 9 and s.phase == DISCARD and G2.to_act(s) == (q,)
    act(G2, s, q, DISCARDS[s.hands[q][0]])
    assert s.phase == DISCARD
    act(G2, s, q, DISCARDS[s.hands[q][0]])
    assert len(s.hands[q]) == 7 and s.phase == TURN and s.turn == 1 - q


def test_ww_6e_3_lost_turns_pass_and_accumulate() -> None:
    s = G2.new_state(7)
    q = s.turn
    s.lost[1 - q] = 2
    act(G2, s, q, END_TURN[2])
    assert s.turn == q and s.lost[1 - q] == 1
    act(G2, s, q, END_TURN[2])
    assert s.turn == q and s.lost[1 - q] == 0
    act(G2, s, q, END_TURN[2])
    assert s.turn == 1 - q


def test_ww_card_trap_springs_when_drawn() -> None:
    s = G2.new_state(7)
    q = s.turn
    s.deck.append(TRAP)
    before = len(s.hands[q])
    act(G2, s, q, END_TURN[1])  # draw 1: the Trap!, then its replacement
    assert s.life[q] == 15 - cards.VALUE[TRAP] and TRAP in s.discard and len(s.hands[q]) == before + 1


def test_ww_ruling_r1_a_game_past_the_round_cap_goes_to_the_most_life() -> None:
    s = G2.new_state(9)
    s.life = [12, 9]
    while s.phase != OVER:
        act(G2, s, s.turn, END_TURN[2])
    assert s.round == SIXTH.max_rounds + 1 and s.result.winners == (0,) and s.result.eliminated == ()


# -- properties -------------------------------------------------------------------------
def _random_game(game: WizWarGame, seed: int, *, log: bool = False) -> WizWarState:
    s = game.new_state(seed, log=log)
    rng = random.Random(seed)
    while game.to_act(s):
        q = game.to_act(s)[0]
        game.apply(s, q, rng.choice(game.legal_actions(s, q)))
        assert len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(len(h) for h in s.hands) == 125
        assert sum(1 for at in s.treasure_at if at < 0) == sum(1 for t in s.carried if t >= 0)
    return s


@settings(max_examples=15, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_random_play_ends_and_conserves_cards_and_treasures(n: int, seed: int) -> None:
    s = _random_game(GAMES[n], seed)
    assert s.phase == OVER and s.result is not None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), bad=st.integers(0, len(ACTIONS) - 1))
def test_an_illegal_action_is_refused_with_nothing_changed(seed: int, steps: int, bad: int) -> None:
    s = G2.new_state(seed, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        q = G2.to_act(s)[0]
        G2.apply(s, q, rng.choice(G2.legal_actions(s, q)))
    q = G2.to_act(s)[0]
    if ACTIONS[bad] in G2.legal_actions(s, q):
        return
    before = G2.view(s, None), [G2.view(s, p) for p in range(2)]
    with pytest.raises(IllegalAction):
        G2.apply(s, q, ACTIONS[bad])
    with pytest.raises(IllegalAction):
        G2.apply(s, 1 - q, G2.legal_actions(s, q)[0])
    assert (G2.view(s, None), [G2.view(s, p) for p in range(2)]) == before


@pytest.mark.parametrize("n", [2, 4])
def test_records_replay_exactly(n: int) -> None:
    from wizarena.agents import make_agent

    game = GAMES[n]
    record, final = play(game, [make_agent("random", k) for k in range(n)], 11, log=True)
    record.meta = {}
    again = Record.from_json(json.loads(record.dumps()))
    # Rebuilt by hand from the record: the same moves on a new state give the same log and table.
    s = game.new_state(again.seed, log=True)
    for seat, action_id in again.moves:
        game.apply(s, seat, ACTIONS[action_id])
    assert s.log == final.log and game.view(s, None) == game.view(final, None)


def test_a_seat_sees_no_other_hand_and_no_deck_order() -> None:
    s = G2.new_state(12)
    for seat in (0, 1):
        v = G2.view(s, seat)
        assert v["hand"] == sorted(cards.NAME[c] for c in s.hands[seat]) and v["hands"] is None
        twin = copy_state(s)
        twin.hands[1 - seat] = list(reversed(twin.hands[1 - seat]))
        twin.deck = list(reversed(twin.deck))
        if twin.hands[1 - seat] != s.hands[1 - seat] or twin.deck != s.deck:
            assert G2.view(twin, seat) == v
        assert [e for e in G2.events(s, seat)] == [e for e in G2.events(twin, seat)]


def test_determinize_keeps_what_the_seat_knows() -> None:
    s = second_round(G2)
    d = G2.determinize(s, 0, random.Random(1))
    assert G2.view(d, 0) == G2.view(s, 0)
    assert sorted(d.deck + d.hands[1]) == sorted(s.deck + s.hands[1])


# -- 6e 7: spells, counteractions and the exchange ------------------------------------------


def cast_of(card: int, target: int, number: int = 0) -> Action:
    k = NUMBERS.index(next(n for n in NUMBERS if cards.NUMBER[n] == number)) + 1 if number else 0
    return CASTS[CASTABLE.index(card)][target][k]


def counter_of(card: int) -> Action:
    return COUNTERS[card]


def duel(attacker_hand: list[int], target_hand: list[int], seed: int = 1) -> tuple[WizWarState, int, int]:
    """Round 2, the two wizards in one square (so in sight), with the given hands."""
    s = second_round(G2, seed)
    q, t = s.turn, 1 - s.turn
    together(s, q, t)
    s.deck += s.hands[q] + s.hands[t]
    s.hands[q], s.hands[t] = list(attacker_hand), list(target_hand)
    for c in attacker_hand + target_hand:
        s.deck.remove(c)
    return s, q, t


def test_ww_6e_7_two_blunts_on_5_give_3_then_2() -> None:
    s, q, t = duel([combat.FIREBALL], [combat.BLUNT, combat.BLUNT])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    assert G2.to_act(s) == (t,) and "counter with Blunt" in texts(G2, s, t)
    act(G2, s, t, counter_of(combat.BLUNT))
    assert G2.to_act(s) == (q,) and texts(G2, s, q) == ["let it stand"]  # the attacker is always asked
    act(G2, s, q, LET_STAND)
    assert s.window[4] == 3
    act(G2, s, t, counter_of(combat.BLUNT))
    act(G2, s, q, LET_STAND)
    assert s.window[4] == 2
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 13 and s.phase == TURN and s.discard.count(combat.BLUNT) == 2


def test_ww_6e_7_anti_anti_answers_a_counteraction_and_the_exchange_bounces() -> None:
    s, q, t = duel([combat.POWERTHRUST, combat.ANTI_ANTI, NUMBERS[2]], [combat.FULL_SHIELD, combat.ANTI_ANTI])
    act(G2, s, q, cast_of(combat.POWERTHRUST, t, 4))
    assert s.window[4] == 6  # 2 + NUMBER
    act(G2, s, t, counter_of(combat.FULL_SHIELD))
    act(G2, s, q, counter_of(combat.ANTI_ANTI))  # cancels the Full Shield...
    assert G2.to_act(s) == (t,) and "counter with Anti-Anti" in texts(G2, s, t)
    act(G2, s, t, counter_of(combat.ANTI_ANTI))  # ...which the target's Anti-Anti cancels in turn
    act(G2, s, q, LET_STAND)
    assert s.phase == TURN and s.life[t] == 15  # the Full Shield stands: the spell is gone
    assert NUMBERS[2] in s.discard and combat.POWERTHRUST in s.discard and not s.flight


def test_ww_6e_7_absorb_spell_beats_the_spell_and_keeps_its_card() -> None:
    s, q, t = duel([combat.LIGHTNING, NUMBERS[1]], [combat.ABSORB_SPELL])
    act(G2, s, q, cast_of(combat.LIGHTNING, t, 3))
    act(G2, s, t, counter_of(combat.ABSORB_SPELL))
    act(G2, s, q, LET_STAND)
    assert combat.LIGHTNING in s.hands[t] and NUMBERS[1] in s.discard and s.life[t] == 15 and s.lost[t] == 0


def test_ww_6e_7_spell_only_answers_do_not_stop_a_punch() -> None:
    s, q, t = duel([], [combat.FULL_SHIELD, combat.ABSORB_DAMAGE])
    act(G2, s, q, PUNCHES[t])
    assert texts(G2, s, t) == ["take it", "counter with Absorb Damage"]
    act(G2, s, t, counter_of(combat.ABSORB_DAMAGE))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 15 and "no damage gets through" in s.log[-1].text


def test_ww_6e_7_secondary_effects_go_only_with_damage() -> None:
    stone = next(i for i in range(len(cards.ID)) if cards.KIND[i] == "stone")
    s, q, t = duel([combat.LIGHTNING], [combat.ABSORB_DAMAGE, stone])
    act(G2, s, q, cast_of(combat.LIGHTNING, t))  # 1 damage, absorbed: no stun
    act(G2, s, t, counter_of(combat.ABSORB_DAMAGE))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.lost[t] == 0
    s, q, t = duel([combat.FIREBALL], [stone])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 10 and stone not in s.hands[t] and stone in s.discard


def test_ww_6e_8_a_spell_needs_line_of_sight() -> None:
    s = second_round(G2)
    q, t = s.turn, 1 - s.turn
    s.hands[q].append(combat.FIREBALL)
    in_sight = line_of_sight(s.map, s.pos[q], s.pos[t])
    assert (cast_of(combat.FIREBALL, t) in G2.legal_actions(s, q)) == in_sight


# -- 6e 5: magic stones ---------------------------------------------------------------------
def test_ww_6e_7_bloodstone_acts_before_the_fireball_breaks_it() -> None:
    s, q, t = duel([combat.FIREBALL], [stones.BLOODSTONE])
    assert G2.view(s, q)["wizards"][t]["shown"] == []  # a stone that has not acted is secret
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 11 and stones.BLOODSTONE in s.discard and stones.BLOODSTONE not in s.hands[t]
    assert any("shows Bloodstone" in e.text for e in s.log)


def test_ww_6e_5_powerstone_speedstone_and_brainstone() -> None:
    s, q, t = duel([combat.LIGHTNING, NUMBERS[0], stones.POWERSTONE], [])
    act(G2, s, q, cast_of(combat.LIGHTNING, t, 2))
    assert s.window[4] == 3  # the 2 counts 3
    assert G2.view(s, t)["wizards"][q]["shown"] == ["Powerstone"]
    s = G2.new_state(3)
    q = s.turn
    s.hands[1 - q].append(stones.SPEEDSTONE)
    s.hands[1 - q].append(stones.BRAINSTONE)
    act(G2, s, q, END_TURN[2])
    assert s.moves == 4
    act(G2, s, 1 - q, END_TURN[0])  # 9 + 2 = 11 cards: down to 9, not 7
    while s.phase == DISCARD:
        act(G2, s, 1 - q, DISCARDS[next(c for c in s.hands[1 - q] if cards.KIND[c] != "stone")])
    assert len(s.hands[1 - q]) == 9 and "Brainstone" in G2.view(s, q)["wizards"][1 - q]["shown"]


def test_ww_6e_5_shieldstone_soulstone_and_shadowstone() -> None:
    s, q, t = duel([combat.POWERTHRUST, stones.SHADOWSTONE], [stones.SOULSTONE])
    s.life[t] = 3
    act(G2, s, q, cast_of(combat.POWERTHRUST, t))
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 3  # magical damage does not hurt at 3 life or less
    s, q, t = duel([stones.SHADOWSTONE], [stones.SHIELDSTONE])
    s.life[q] = 10
    act(G2, s, q, PUNCHES[t])
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 14 and s.life[q] == 11  # 1 halved rounds up to 1; the punch heals its thrower


# -- escapes and objects (6e 7, 9; cards.json) ------------------------------------------------
def test_ww_6e_7_an_escape_makes_the_attack_miss_and_anti_anti_cannot_answer_it() -> None:
    s, q, t = duel([combat.FIREBALL, combat.ANTI_ANTI], [combat.BLINK])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    blinks = [a for a in G2.legal_actions(s, t) if a.text.startswith("Blink")]
    assert blinks
    G2.apply(s, t, blinks[0])
    assert s.phase == TURN and G2.to_act(s) == (q,) and s.life[t] == 15  # no window for the attacker
    assert s.pos[t] != s.pos[q] and combat.FIREBALL in s.discard and combat.BLINK in s.discard


def test_ww_card_teleport_goes_to_a_vacant_square_in_sight() -> None:
    s, q, t = duel([combat.FIREBALL], [combat.TELEPORT])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    jumps = [a for a in G2.legal_actions(s, t) if a.text.startswith("Teleport")]
    assert jumps
    for a in jumps:
        sq = int(a.text.split()[-1])
        assert line_of_sight(s.map, s.pos[t], sq) and sq not in s.pos
    G2.apply(s, t, jumps[-1])
    assert s.pos[t] == int(jumps[-1].text.split()[-1]) and s.life[t] == 15


def test_ww_card_a_thrown_dagger_lands_in_the_target_s_square_and_can_be_picked_up() -> None:
    s, q, t = duel([combat.DAGGER], [])
    throw = next(a for a in G2.legal_actions(s, q) if a.text == f"throw Dagger at P{t}")
    G2.apply(s, q, throw)
    assert texts(G2, s, t) == ["take it"]  # a physical act: no spell counter applies
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 12 and (s.pos[t], combat.DAGGER) in s.floor and combat.DAGGER not in s.hands[q]
    pick = next(a for a in G2.legal_actions(s, q) if a.text == "pick up Dagger")
    G2.apply(s, q, pick)
    assert combat.DAGGER in s.hands[q] and s.phase == ENDING and not s.floor


def test_ww_card_the_wizardblade_stays_in_hand_and_spell_counters_answer_it() -> None:
    s, q, t = duel([combat.WIZARDBLADE], [combat.ABSORB_SPELL])
    act_text = f"strike P{t} with Wizardblade"
    G2.apply(s, q, next(a for a in G2.legal_actions(s, q) if a.text == act_text))
    assert "counter with Absorb Spell" in texts(G2, s, t)
    act(G2, s, t, counter_of(combat.ABSORB_SPELL))
    act(G2, s, q, LET_STAND)
    assert s.life[t] == 15 and combat.WIZARDBLADE in s.hands[q] and combat.WIZARDBLADE not in s.hands[t]


def test_ww_6e_9_objects_are_dropped_as_tokens() -> None:
    s, q, _ = duel([stones.BLOODSTONE], [])
    G2.apply(s, q, next(a for a in G2.legal_actions(s, q) if a.text == "drop Bloodstone"))
    assert s.floor == [(s.pos[q], stones.BLOODSTONE)] and stones.BLOODSTONE not in s.hands[q]
    assert G2.view(s, 1 - q)["floor"] == [{"square": s.pos[q], "object": "Bloodstone"}]


def test_ww_6e_7_absorb_spell_beats_card_erasure() -> None:
    s, q, t = duel([combat.CARD_ERASURE, NUMBERS[1]], [combat.ABSORB_SPELL, combat.BLUNT, combat.FIREBALL])
    act(G2, s, q, cast_of(combat.CARD_ERASURE, t, 3))
    assert "counter with Blunt" not in texts(G2, s, t)  # nothing to blunt: it deals no damage
    act(G2, s, t, counter_of(combat.ABSORB_SPELL))
    act(G2, s, q, LET_STAND)
    assert sorted(s.hands[t]) == sorted([combat.BLUNT, combat.FIREBALL, combat.CARD_ERASURE])


def test_ww_card_card_erasure_and_thought_steal_take_cards_at_random() -> None:
    s, q, t = duel([combat.CARD_ERASURE, NUMBERS[0]], [combat.FIREBALL, combat.BLUNT, stones.BLOODSTONE])
    act(G2, s, q, cast_of(combat.CARD_ERASURE, t, 2))
    act(G2, s, t, TAKE_IT)
    assert len(s.hands[t]) == 1 and len(s.discard) >= 3
    s, q, t = duel([combat.THOUGHT_STEAL], [combat.FIREBALL, combat.BLUNT])
    act(G2, s, q, cast_of(combat.THOUGHT_STEAL, t))
    act(G2, s, t, TAKE_IT)
    assert len(s.hands[t]) == 1 and len(s.hands[q]) == 1
    taken = cards.NAME[s.hands[q][0]]
    assert any(e.text == f"you take {taken} from P{t}" for e in G2.events(s, q))
    assert any(e.text == f"P{q} takes your {taken}" for e in G2.events(s, t))
    assert all(taken not in e.text for e in G2.events(s, None) if "take" in e.text)  # spectators: only how many


def test_ww_6e_12_power_drain_with_blunt_still_drains_the_full_amount() -> None:
    s, q, t = duel([combat.POWER_DRAIN, NUMBERS[2]], [combat.BLUNT])
    act(G2, s, q, cast_of(combat.POWER_DRAIN, t, 4))
    act(G2, s, t, counter_of(combat.BLUNT))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 13 and s.life[q] == 19


# -- map neutrals and Negate Neutral (6e 5, 8) --------------------------------------------
def neutral_of(card: int) -> Action:
    return NEUTRALS[NEUTRAL_CARDS.index(card)]


def on_own_turn(game: WizWarGame, hand: list[int], others: list[list[int]] | None = None) -> tuple[WizWarState, int]:
    s = game.new_state(4)
    q = s.turn
    s.deck += [c for h in s.hands for c in h]
    s.hands = [[] for _ in range(game.num_players)]
    s.hands[q] = list(hand)
    for k, h in enumerate(others or []):
        s.hands[(q + 1 + k) % game.num_players] = list(h)
    for c in [c for h in s.hands for c in h]:
        s.deck.remove(c)
    return s, q


def everyone_lets_it_be(game: WizWarGame, s: WizWarState) -> None:
    while s.phase == NEUTRAL:
        seat = game.to_act(s)[0]
        assert LET_BE in game.legal_actions(s, seat)
        act(game, s, seat, LET_BE)


def test_ww_6e_8_create_wall_goes_on_a_line_in_sight_and_stops_walkers() -> None:
    s, q = on_own_turn(G2, [neutrals.CREATE_WALL])  # round 1: neutrals are not attacks
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    assert s.phase == AIM
    here = s.pos[q]
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0)
    line = s.map.asm.side_edge[here * 4 + d]
    assert AIM_LINES[line] in G2.legal_actions(s, q)
    act(G2, s, q, AIM_LINES[line])
    assert s.phase == NEUTRAL and G2.to_act(s) == (1 - q,)  # the other is asked, with or without an answer
    everyone_lets_it_be(G2, s)
    assert s.map.step_to(here, d) == -1 and neutrals.CREATE_WALL in s.discard and s.phase == TURN


def test_ww_6e_8_nothing_is_created_on_a_home_base_or_an_occupied_square() -> None:
    s, q = on_own_turn(G2, [neutrals.SOLID_STONE])
    act(G2, s, q, neutral_of(neutrals.SOLID_STONE))
    aimed = [int(a.text.split()[-1]) for a in G2.legal_actions(s, q) if a.text.startswith("aim at square")]
    assert aimed and all(not neutrals.occupied(s, sq) and s.map.kinds[sq] != 1 for sq in aimed)
    assert s.pos[q] not in aimed and s.map.home_base(1 - q) not in aimed
    act(G2, s, q, PUT_BACK)
    assert s.phase == TURN and neutrals.SOLID_STONE in s.hands[q]


def test_ww_card_destroy_wall_hurts_those_beside_it_and_is_not_an_attack() -> None:
    s, q = on_own_turn(G2, [neutrals.DESTROY_WALL])
    act(G2, s, q, neutral_of(neutrals.DESTROY_WALL))
    walls = [int(a.text.split()[-1]) for a in G2.legal_actions(s, q) if a.text.startswith("aim at line")]
    here = s.pos[q]
    beside = next((e for e in walls if here in s.map.asm.edge_squares(e)), None)
    assert beside is not None, "a home base has a wall beside it"
    act(G2, s, q, AIM_LINES[beside])
    everyone_lets_it_be(G2, s)
    assert s.life[q] == 15 - cards.VALUE[neutrals.DESTROY_WALL] and s.map.kind(beside) == 0


def test_ww_card_negate_neutral_every_other_wizard_is_asked_and_anti_anti_answers_it() -> None:
    game = GAMES[3]
    s, q = on_own_turn(game, [neutrals.CREATE_WALL, combat.ANTI_ANTI], [[], [neutrals.NEGATE]])
    act(game, s, q, neutral_of(neutrals.CREATE_WALL))
    act(game, s, q, next(a.id for a in game.legal_actions(s, q) if a.text.startswith("aim at line")))
    first, second = (q + 1) % 3, (q + 2) % 3
    assert game.to_act(s) == (first,) and texts(game, s, first) == ["let it be"]
    act(game, s, first, LET_BE)
    assert game.to_act(s) == (second,) and "counter with Negate Neutral" in texts(game, s, second)
    act(game, s, second, counter_of(neutrals.NEGATE))
    assert game.to_act(s) == (q,) and "counter with Anti-Anti" in texts(game, s, q)
    act(game, s, q, counter_of(combat.ANTI_ANTI))
    act(game, s, second, LET_STAND)
    assert s.phase == TURN and neutrals.CREATE_WALL in s.discard
    assert any(e.text.startswith("a wall of 20 points rises") for e in s.log)


def test_ww_6e_8_a_picked_lock_opens_for_one_passage() -> None:
    from wizarena.games.wizwar.mapstate import DOOR

    for seed in range(40):
        s = G2.new_state(seed)
        q = s.turn
        m = s.map
        doors = [(sq, d) for sq in range(m.asm.n_squares) for d in range(4)
                 if m.asm.side_edge[sq * 4 + d] >= 0 and m.kind(m.asm.side_edge[sq * 4 + d]) == DOOR
                 and m.asm.step[sq * 4 + d] >= 0]
        if doors:
            break
    sq, d = doors[0]
    s.pos[q] = sq
    s.hands[q].append(neutrals.PICK_LOCK)
    s.deck.remove(neutrals.PICK_LOCK) if neutrals.PICK_LOCK in s.deck else s.discard.remove(neutrals.PICK_LOCK)
    line = m.asm.side_edge[sq * 4 + d]
    assert s.map.step_to(sq, d) == -1
    act(G2, s, q, neutral_of(neutrals.PICK_LOCK))
    act(G2, s, q, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    assert s.map.step_to(sq, d) >= 0
    act(G2, s, q, MOVES[d])
    assert s.map.step_to(sq, d) == -1  # locked again behind him


def test_ww_card_speed_gives_another_whole_turn_at_once() -> None:
    s, q = on_own_turn(G2, [neutrals.SPEED])
    act(G2, s, q, neutral_of(neutrals.SPEED))
    everyone_lets_it_be(G2, s)
    act(G2, s, q, END_TURN[2])
    assert s.turn == q and s.round == 1 and s.moves == 3 and s.extra[q] == 0
    act(G2, s, q, END_TURN[2])
    assert s.turn == 1 - q


def test_ww_card_pass_through_wall_and_dispel_creation() -> None:
    s, q = on_own_turn(G2, [neutrals.CREATE_WALL, neutrals.PASS_THROUGH, neutrals.DISPEL])
    here = s.pos[q]
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0)
    line = s.map.asm.side_edge[here * 4 + d]
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    act(G2, s, q, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    act(G2, s, q, neutral_of(neutrals.PASS_THROUGH))
    assert AIM_LINES[line] in G2.legal_actions(s, q)
    act(G2, s, q, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    assert s.pos[q] == s.map.asm.step[here * 4 + d] and s.moves == 2
    act(G2, s, q, neutral_of(neutrals.DISPEL))
    assert AIM_LINES[line] in G2.legal_actions(s, q)  # the created wall, in sight from beside it
    act(G2, s, q, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    assert s.map.step_to(here, d) >= 0


def test_ww_card_the_master_key_opens_a_door_and_nobody_is_asked() -> None:
    from wizarena.games.wizwar.actions import USE_KEY
    from wizarena.games.wizwar.mapstate import DOOR

    s = G2.new_state(3)
    q = s.turn
    m = s.map
    sq, d = next((sq, d) for sq in range(m.asm.n_squares) for d in range(4)
                 if m.asm.side_edge[sq * 4 + d] >= 0 and m.kind(m.asm.side_edge[sq * 4 + d]) == DOOR
                 and m.asm.step[sq * 4 + d] >= 0)
    s.pos[q] = sq
    key = neutrals.MASTER_KEY
    (s.deck if key in s.deck else s.discard).remove(key)
    s.hands[q].append(key)
    act(G2, s, q, USE_KEY)
    act(G2, s, q, AIM_LINES[m.asm.side_edge[sq * 4 + d]])
    assert s.phase == TURN and key in s.hands[q] and s.map.step_to(sq, d) >= 0


def test_a_determinized_copy_does_not_keep_another_seat_s_legal_actions() -> None:
    s, q, t = duel([combat.FIREBALL], [combat.BLUNT])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    assert "counter with Blunt" in texts(G2, s, t)  # worked out, and kept for the target
    for seed in range(20):
        d = G2.determinize(s, q, random.Random(seed))
        assert texts(G2, d, t) == [a.text for a in legal.legal_list(d, t)]


def test_determinize_keeps_the_stones_another_seat_has_shown() -> None:
    s = second_round(G2)
    other = 1 - s.turn
    s.deck += s.hands[other]
    s.hands[other] = [stones.POWERSTONE, stones.BRAINSTONE]
    for c in s.hands[other]:
        s.deck.remove(c)
    s.shown[other] = [stones.POWERSTONE]
    for k in range(20):
        d = G2.determinize(s, s.turn, random.Random(k))
        assert stones.POWERSTONE in d.hands[other] and len(d.hands[other]) == 2
        assert G2.view(d, s.turn) == G2.view(s, s.turn)
