"""Death and elimination in the middle of a turn (6e 1, 2): a wizard out of the game plays
no more of his turn, and one event's damage is all dealt before the game is decided."""

from __future__ import annotations

from wizarena.games.wizwar import cards, combat, forced, neutrals
from wizarena.games.wizwar.actions import AIM_LINES, DISCARDS, DROP, LET_STAND, TAKE_IT
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.state import DISCARD, OVER, TURN, WINDOW, WizWarState

from .test_turn import G2, GAMES, act, cast_of, counter_of, everyone_lets_it_be, neutral_of, on_own_turn, texts

G3 = GAMES[3]
WALL_FALLS = cards.VALUE[neutrals.DESTROY_WALL]


def total(s: WizWarState) -> int:
    return len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(len(h) for h in s.hands)


def plays_no_more(game: WizWarGame, s: WizWarState, dead: int) -> None:
    """`dead` is out, has no hand, is asked nothing, and the next living wizard has the turn."""
    nxt = next((dead + k) % game.num_players for k in range(1, game.num_players)
               if (dead + k) % game.num_players not in s.out)
    assert dead in s.out and s.hands[dead] == [] and s.phase == TURN
    assert s.turn == nxt and game.to_act(s) == (nxt,) and game.legal_actions(s, dead) == []
    assert not any(e.text.startswith(f"P{dead} ends the turn") for e in s.log)  # no draw into a dead hand


def wall_beside(game: WizWarGame, s: WizWarState, q: int) -> tuple[int, int]:
    """Aimed with Destroy Wall now: a wall on a side of `q`'s square with a square behind it."""
    lines = [int(t.split()[-1]) for t in texts(game, s, q) if t.startswith("aim at line")]
    for e in lines:
        squares = s.map.asm.edge_squares(e)
        if s.pos[q] in squares and all(x >= 0 for x in squares):
            return e, next(x for x in squares if x != s.pos[q])
    raise AssertionError("no wall beside the caster")


# -- 6e 1: "0 = dead and out" -----------------------------------------------------------------
def test_ww_6e_1_a_wizard_killed_by_the_wall_his_own_destroy_wall_drops_plays_no_more() -> None:
    """6e 1: "Everyone starts at 15 life points. 0 = dead and out." The caster stands beside
    the wall he drops: it falls on him, and his turn ends there, without his draw."""
    s, q = on_own_turn(G3, [neutrals.DESTROY_WALL, cards.INDEX["fireball"]])
    s.life[q] = WALL_FALLS
    act(G3, s, q, neutral_of(neutrals.DESTROY_WALL))
    line, _ = wall_beside(G3, s, q)
    act(G3, s, q, AIM_LINES[line])
    everyone_lets_it_be(G3, s)
    assert s.life[q] <= 0
    plays_no_more(G3, s, q)
    assert cards.INDEX["fireball"] in s.discard and total(s) == 125  # a falling wall earns nobody his cards


def test_ww_6e_1_a_wizard_killed_by_the_returning_half_of_his_reflected_fireball_plays_no_more() -> None:
    """6e 1: "0 = dead and out." The returning half of his own Fireball kills the caster:
    his turn ends at once; the reflector, whose attack killed him, takes his cards and cuts
    his hand to the limit (6e 2: "the last attacker gets all the dead player's cards, then
    must discard down to the 7-card hand limit"), and then the next living wizard plays."""
    s, q = on_own_turn(G3, [])
    t = (q + 2) % 3                                   # the reflector; the next seat is someone else
    fillers = [c for c in s.deck if cards.KIND[c] == "number"][:8]
    for c in fillers + [combat.FIREBALL, combat.REFLECTION]:
        s.deck.remove(c)
    s.hands[q] = [combat.FIREBALL] + fillers[:4]
    s.hands[t] = [combat.REFLECTION] + fillers[4:]
    s.pos[t] = s.pos[q]
    s.round = 2
    s.life[q] = 3                                     # half of 5, rounded up, kills him
    act(G3, s, q, cast_of(combat.FIREBALL, t))
    act(G3, s, t, counter_of(combat.REFLECTION))
    act(G3, s, q, LET_STAND)
    act(G3, s, t, TAKE_IT)
    act(G3, s, q, TAKE_IT)
    assert q in s.out and s.life[t] == 12
    assert s.phase == DISCARD and G3.to_act(s) == (t,) and len(s.hands[t]) == 8  # 4 + his 4
    act(G3, s, t, DISCARDS[s.hands[t][0]])
    plays_no_more(G3, s, q)
    assert total(s) == 125


def test_ww_6e_2_a_wizard_who_drops_his_second_treasure_on_another_base_is_out_at_once() -> None:
    """6e 2: "the moment both of the treasures you protect sit on other players' home bases,
    you are out (cards discarded, not awarded)." His first lies on one enemy base, he drops
    the second on another: he is out that moment, and his turn with him."""
    s, q = on_own_turn(G3, [combat.FIREBALL, neutrals.DESTROY_WALL])
    a, b = (q + 1) % 3, (q + 2) % 3
    s.treasure_at[2 * q] = s.map.home_base(a)
    s.treasure_at[2 * q + 1], s.carried[q] = -1, 2 * q + 1
    s.pos[q] = s.map.home_base(b)
    act(G3, s, q, DROP)
    assert s.treasure_at[2 * q + 1] == s.map.home_base(b) and s.result is None
    plays_no_more(G3, s, q)
    assert combat.FIREBALL in s.discard and total(s) == 125


def test_ww_6e_2_his_second_treasure_dropped_beside_his_first_wins_for_that_base_s_owner() -> None:
    """6e 2 (our ruling, docs/games/wizwar.md): what rests on a living wizard's home base
    counts for him, however it came there. Two of one owner's treasures on one base put
    their owner out and win for the base's owner, and nobody draws after it."""
    s, q = on_own_turn(G3, [])
    a = (q + 1) % 3
    s.treasure_at[2 * q] = s.map.home_base(a)
    s.treasure_at[2 * q + 1], s.carried[q] = -1, 2 * q + 1
    s.pos[q] = s.map.home_base(a)
    act(G3, s, q, DROP)
    assert q in s.out and s.phase == OVER and s.result.winners == (a,) and G3.to_act(s) == ()


# -- 6e 2: "A dead player cannot win, even posthumously" ----------------------------------------
def test_ww_6e_2_one_falling_wall_kills_both_wizards_beside_it_and_nobody_wins() -> None:
    """6e 2: "A dead player cannot win, even posthumously." One wall falls between two
    wizards at 2 life: both take its damage before anything is decided, both die, and
    nobody is left to win (our ruling: a game in which every remaining wizard dies at
    once has no winner)."""
    s, q = on_own_turn(G2, [neutrals.DESTROY_WALL])
    t = 1 - q
    act(G2, s, q, neutral_of(neutrals.DESTROY_WALL))
    line, behind = wall_beside(G2, s, q)
    s.pos[t] = behind
    s.life[q] = s.life[t] = WALL_FALLS
    act(G2, s, q, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    assert s.life[q] <= 0 and s.life[t] <= 0 and sorted(s.out) == [0, 1]
    assert s.phase == OVER and s.result.winners == () and sorted(s.result.eliminated) == [0, 1]
    assert G2.to_act(s) == ()


def test_ww_6e_2_a_reflected_fireball_that_kills_both_wizards_leaves_no_winner() -> None:
    """6e 2: "Dying while performing a would-be-winning action: death resolves first; the
    player is eliminated (no win)." The target dies of his half of a reflected Fireball; the
    caster is not the last wizard standing until his own half has come back at him, and it
    kills him too. Neither takes the other's cards: a dead wizard takes nothing."""
    s, q = on_own_turn(G2, [combat.FIREBALL], [[combat.REFLECTION, neutrals.DESTROY_WALL]])
    t = 1 - q
    s.pos[t], s.round = s.pos[q], 2
    s.life[q] = s.life[t] = 3
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert t in s.out and s.phase != OVER and G2.to_act(s) == (q,)  # his own half is still in the air
    act(G2, s, q, TAKE_IT)
    assert s.phase == OVER and s.result.winners == () and sorted(s.out) == [0, 1]
    assert neutrals.DESTROY_WALL in s.discard and total(s) == 125


def test_ww_6e_2_the_caster_who_survives_his_reflected_half_wins_after_it() -> None:
    """6e 2: "Kill all other players." The caster wins once his returning half has hit him
    and left him alive, and takes the dead target's cards."""
    s, q = on_own_turn(G2, [combat.FIREBALL], [[combat.REFLECTION, neutrals.DESTROY_WALL]])
    t = 1 - q
    s.pos[t], s.round = s.pos[q], 2
    s.life[t] = 3
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.phase != OVER
    act(G2, s, q, TAKE_IT)
    assert s.phase == OVER and s.result.winners == (q,) and s.life[q] == 12
    assert s.hands[q] == [neutrals.DESTROY_WALL]


def test_ww_card_reflection_the_returning_half_of_a_waterbolt_comes_back_at_once() -> None:
    """Reflection (cards.json): half the spell goes on to its target and half comes back at
    its caster. A reflected Waterbolt's half comes back as soon as the target's half has
    pushed him, not at some later attack: the attack is over only when it has."""
    s, q = on_own_turn(G2, [forced.WATERBOLT, combat.FIREBALL], [[combat.REFLECTION]])
    t = 1 - q
    s.pos[t], s.round = s.pos[q], 2
    act(G2, s, q, cast_of(forced.WATERBOLT, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.phase == WINDOW and G2.to_act(s) == (q,) and s.window[1] == q and s.reflected == []
    act(G2, s, q, TAKE_IT)
    assert s.phase == TURN and s.reflected == [] and total(s) == 125
