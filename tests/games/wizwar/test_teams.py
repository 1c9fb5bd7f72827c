"""Team play (6e 11, "Variants"): "Team play (4p: seats 1+3 vs 2+4 ...; win = kill or 3
opponent treasures on team bases; no attacking teammates; card reveals/trades only in
LOS)." Seats here count from 0, so the teams are seats 0 and 2 against 1 and 3."""

from __future__ import annotations

import random

import pytest

from wizarena.core import load_game
from wizarena.games.wizwar import combat, harm, victory
from wizarena.games.wizwar.actions import END_TURN, PUNCHES
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.profile import SIXTH
from wizarena.games.wizwar.state import OVER, TREASURES, WINDOW, WizWarState, teammates

from .test_turn import act, cast_of

TEAMS = WizWarGame(None, 4)


def teams_in_round_2(seed: int = 1) -> WizWarState:
    """A team game in its second round of turns (attacks allowed), nobody hurt."""
    s = TEAMS.new_state(seed, {"teams": True})
    for _ in range(4):
        act(TEAMS, s, s.turn, END_TURN[2])
    assert s.round == 2
    return s


def legal_ids(s: WizWarState, seat: int) -> set[int]:
    s.legal_for = -1  # the scenarios move wizards by hand: work the legal actions out again
    return {a.id for a in TEAMS.legal_actions(s, seat)}


def test_6e_11_the_teams_are_the_first_and_third_seats_against_the_second_and_fourth() -> None:
    """"4p: seats 1+3 vs 2+4"."""
    s = TEAMS.new_state(1, {"teams": True})
    assert [[b for b in range(4) if teammates(s, a, b)] for a in range(4)] == [[2], [3], [0], [1]]
    assert TEAMS.view(s, 0)["teams"] == [[0, 2], [1, 3]]
    assert "team play: you + P2 against P1 + P3" in TEAMS.render_text(TEAMS.view(s, 0))
    plain = TEAMS.new_state(1)
    assert not any(teammates(plain, a, b) for a in range(4) for b in range(4))
    assert TEAMS.view(plain, 0)["teams"] is None


def test_6e_11_no_attacking_teammates() -> None:
    """"no attacking teammates": a wizard in one square with his teammate and an opponent
    may punch the opponent, not the teammate, and aims no attack spell at the teammate."""
    s = teams_in_round_2()
    q = s.turn
    mate, foe = q ^ 2, (q + 1) % 4
    s.pos[mate] = s.pos[foe] = s.pos[q]
    s.deck.remove(combat.FIREBALL)
    s.hands[q].append(combat.FIREBALL)
    legal = legal_ids(s, q)
    assert PUNCHES[foe].id in legal and PUNCHES[mate].id not in legal
    assert cast_of(combat.FIREBALL, foe).id in legal and cast_of(combat.FIREBALL, mate).id not in legal
    s.teams = False  # the same table without team play: the teammate is a target again
    assert PUNCHES[mate].id in legal_ids(s, q)


def test_6e_11_a_team_that_kills_both_opponents_wins_together() -> None:
    """"win = kill": when both opponents are dead the team wins, a member who fell before
    the end sharing the win (ruling: the team wins or loses as one)."""
    s = teams_in_round_2()
    victory.eliminate(s, 2, "dies")
    victory.eliminate(s, 1, "dies")
    victory.check_end(s)
    assert s.phase != OVER  # seat 3 still stands for his team, seat 0 for his
    harm.damage(s, 3, s.life[3], 0, False)
    assert s.phase == OVER and s.result is not None
    assert s.result.winners == (0, 2)
    assert s.result.rewards() == (0.5, -0.5, 0.5, -0.5)  # the team shares the result


def put(s: WizWarState, treasure: int, square: int) -> None:
    s.treasure_at[treasure] = square


def test_6e_11_three_opponent_treasures_on_the_team_s_bases_win() -> None:
    """"win = ... 3 opponent treasures on team bases": two on one member's base and one on
    the other's make three; a teammate's treasure there does not count, nor does a base
    whose wizard is dead."""
    s = TEAMS.new_state(1, {"teams": True})
    base0, base2 = s.map.home_base(0), s.map.home_base(2)
    put(s, 1 * TREASURES, base0)      # seat 1's first treasure
    put(s, 3 * TREASURES, base0)      # seat 3's first treasure
    put(s, 2 * TREASURES, base2)      # the teammate's own: not an opponent's
    victory.check_end(s)
    assert s.phase != OVER
    put(s, 1 * TREASURES + 1, base2)  # seat 1's second treasure: the third
    victory.check_end(s)
    assert s.phase == OVER and s.result is not None and s.result.winners == (0, 2)

    s = TEAMS.new_state(1, {"teams": True})
    for t in (1 * TREASURES, 3 * TREASURES):
        put(s, t, s.map.home_base(0))
    put(s, 1 * TREASURES + 1, s.map.home_base(2))
    victory.eliminate(s, 2, "dies")  # 6e 2: a dead wizard's base stops counting
    victory.check_end(s)
    assert s.phase != OVER


def test_6e_11_without_team_play_two_enemy_treasures_on_one_base_still_win() -> None:
    """The team rule replaces 6e 2's treasure win only in team play."""
    s = TEAMS.new_state(1)
    for t in (1 * TREASURES, 3 * TREASURES):
        put(s, t, s.map.home_base(0))
    victory.check_end(s)
    assert s.result is not None and s.result.winners == (0,)


def test_ruling_r1_in_team_play_the_team_with_more_life_wins_at_the_round_cap() -> None:
    s = TEAMS.new_state(1, {"teams": True})
    s.life = [10, 14, 9, 3]  # 19 against 17
    victory.cap(s)
    assert s.result is not None and s.result.winners == (0, 2)
    assert f"{SIXTH.max_rounds} rounds" in s.result.reason


def test_team_play_is_for_four_players() -> None:
    with pytest.raises(ValueError, match="'teams' is for 4 players, not 2"):
        load_game("wizwar", players=2).new_state(1, {"teams": True})


def test_a_wizard_judges_his_position_with_his_teammate_s() -> None:
    """The computer plays for its team: both members of a team get the same heuristic."""
    s = teams_in_round_2()
    s.life[2] = 4
    assert TEAMS.heuristic(s, 0) == TEAMS.heuristic(s, 2)
    assert TEAMS.heuristic(s, 1) == TEAMS.heuristic(s, 3)
    assert TEAMS.heuristic(s, 0) < TEAMS.heuristic(s, 1)


@pytest.mark.parametrize("seed", range(12))
def test_random_team_games_end_with_a_team_result_and_no_attack_on_a_teammate(seed: int) -> None:
    s = TEAMS.new_state(seed, {"teams": True}, log=False)
    rng = random.Random(seed)
    for _ in range(50_000):
        acting = TEAMS.to_act(s)
        if not acting:
            break
        seat = acting[0]
        TEAMS.apply(s, seat, rng.choice(TEAMS.legal_actions(s, seat)))
        if s.phase == WINDOW:
            attacker, target = s.window[0], s.window[1]
            assert not teammates(s, attacker, target), f"seed {seed}: P{attacker} attacks his teammate P{target}"
    assert s.phase == OVER and s.result is not None
    assert s.result.winners in ((0, 2), (1, 3), (0, 1, 2, 3), ())
