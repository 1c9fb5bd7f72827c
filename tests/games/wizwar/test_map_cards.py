"""Map cards and spell modifiers: Rotate Sector, Relocate Sector, Illusion Wall, Around
the Corner, Reuse Spell and Reflection, each scenario named after its card or rule."""

from __future__ import annotations

import random

from wizarena.games.wizwar import (
    cards,
    combat,
    effects,
    forced,
    illusions,
    neutrals,
    sectors,
    spellcraft,
    structures,
    vision,
)
from wizarena.games.wizwar.actions import (
    AIM_LINES,
    END_TURN,
    LET_STAND,
    MOVES,
    PUNCHES,
    PUT_BACK,
    REUSES,
    SECTORS,
    TAKE_IT,
    TELEPORTS,
)
from wizarena.games.wizwar.board import CELLS, rotate_cell
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import FIREWALL, ILLUSION
from wizarena.games.wizwar.places import line_name, slot_name
from wizarena.games.wizwar.sight import line_of_sight
from wizarena.games.wizwar.state import AIM, NEUTRAL, TURN, WINDOW, WizWarState, copy_state

from .test_conditions import num
from .test_turn import G2, GAMES, act, cast_of, counter_of, duel, everyone_lets_it_be, neutral_of, on_own_turn, texts


def total(s: WizWarState) -> int:
    return len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(len(h) for h in s.hands)


def aim_texts(game: WizWarGame, s: WizWarState, q: int, start: str) -> list[str]:
    return [t for t in texts(game, s, q) if t.startswith(start)]


# -- Rotate Sector ------------------------------------------------------------------------
def test_ww_card_rotate_sector_turns_a_sector_with_everything_on_it() -> None:
    game = GAMES[3]
    s, q = on_own_turn(game, [neutrals.ROTATE])
    slot = s.pos[q] // CELLS
    other = (q + 1) % 3
    s.pos[other] = slot * CELLS + 1               # row 0, column 1
    t = next(t for t, at in enumerate(s.treasure_at) if at >= 0 and at // CELLS == slot)
    before_treasure = s.treasure_at[t]
    dagger = cards.INDEX["dagger"]
    (s.deck if dagger in s.deck else s.discard).remove(dagger)
    s.floor.append((slot * CELLS + 3, dagger))
    here = s.pos[q]
    act(game, s, q, neutral_of(neutrals.ROTATE))
    assert s.phase == AIM and len(aim_texts(game, s, q, "turn the sector")) == 9  # 3 slots, 3 turns
    assert not aim_texts(game, s, q, "exchange")
    act(game, s, q, SECTORS[slot * 3 + 0])    # a quarter turn
    assert s.phase == NEUTRAL
    everyone_lets_it_be(game, s)

    def moved(square: int) -> int:
        return slot * CELLS + rotate_cell(square % CELLS, 1)

    assert s.map.rot[slot] == 1 and neutrals.ROTATE in s.discard
    assert s.pos[q] == moved(here) and s.pos[other] == moved(slot * CELLS + 1)
    assert s.treasure_at[t] == moved(before_treasure)
    assert (moved(slot * CELLS + 3), dagger) in s.floor
    assert total(s) == 125 and s.phase == TURN
    assert any(e.text.startswith(f"P{q} moves the sector {slot_name(s.map.asm, slot)}") for e in s.log)


def test_ww_card_rotate_sector_carries_a_wall_of_fire_and_its_timer() -> None:
    game = GAMES[3]
    s, q = on_own_turn(game, [neutrals.ROTATE])
    slot = s.pos[q] // CELLS
    m = s.map
    line, cell, d = next((m.asm.side_edge[(slot * CELLS + c) * 4 + d], c, d) for c in (6, 7, 8, 11, 12, 13)
                         for d in range(4) if m.may_create_edge(m.asm.side_edge[(slot * CELLS + c) * 4 + d]))
    assert not m.create_edge(line, FIREWALL)
    s.fires.append((line, q, 3))
    vision.changed(s)
    act(game, s, q, neutral_of(neutrals.ROTATE))
    act(game, s, q, SECTORS[slot * 3 + 0])    # a quarter turn
    everyone_lets_it_be(game, s)
    now = s.map.asm.side_edge[(slot * CELLS + rotate_cell(cell, 1)) * 4 + (d + 1) % 4]
    assert now != line and s.map.kind(now) == FIREWALL and s.fires == [(now, q, 3)]
    assert effects.describe_fires(s) == [{"line": now, "caster": q, "turns": 2}]


def test_ww_card_rotate_sector_can_be_negated() -> None:
    game = GAMES[2]
    s, q = on_own_turn(game, [neutrals.ROTATE], [[neutrals.NEGATE]])
    act(game, s, q, neutral_of(neutrals.ROTATE))
    act(game, s, q, SECTORS[1 * 3 + 1])       # slot 1, a half turn
    act(game, s, 1 - q, counter_of(neutrals.NEGATE))
    act(game, s, q, LET_STAND)
    assert s.map.rot == [0, 0] and s.phase == TURN and neutrals.ROTATE in s.discard


# -- Relocate Sector ------------------------------------------------------------------------
def test_ww_card_relocate_sector_does_nothing_with_two_players_so_it_is_not_offered() -> None:
    s, q = on_own_turn(G2, [neutrals.RELOCATE])
    assert "cast Relocate Sector" not in texts(G2, s, q)


def test_ww_card_relocate_sector_exchanges_two_sectors_keeping_their_turns() -> None:
    game = GAMES[3]
    s, q = on_own_turn(game, [neutrals.ROTATE, neutrals.RELOCATE])
    act(game, s, q, neutral_of(neutrals.ROTATE))
    act(game, s, q, SECTORS[0 * 3 + 2])       # slot 0 three quarters
    everyone_lets_it_be(game, s)
    wizards = s.pos[:]
    homes = [s.map.home_base(p) for p in range(3)]
    act(game, s, q, neutral_of(neutrals.RELOCATE))
    assert aim_texts(game, s, q, "exchange") == [
        "exchange the sectors in slots 0 and 1", "exchange the sectors in slots 0 and 2",
        "exchange the sectors in slots 1 and 2"]
    act(game, s, q, SECTORS[sectors.ROTATIONS + sectors.PAIRS.index((0, 2))])
    everyone_lets_it_be(game, s)
    swap = {0: 2, 2: 0, 1: 1}
    assert s.map.rot == [0, 0, 3] and s.map.slot_sector[0] == 2 and s.map.slot_sector[2] == 0
    for p in range(3):
        old = wizards[p]
        assert s.pos[p] == swap[old // CELLS] * CELLS + old % CELLS
        assert s.map.home_base(p) == swap[homes[p] // CELLS] * CELLS + homes[p] % CELLS
    assert total(s) == 125


# -- Illusion Wall --------------------------------------------------------------------------
def _illusion_beside(game: WizWarGame, seed: int = 4) -> tuple[WizWarState, int, int, int, int]:
    """The caster and another wizard in one square; an illusion wall on an open side of it.
    Returns the state, caster, other, the side and the line."""
    s, q = on_own_turn(game, [illusions.ILLUSION_WALL, neutrals.DESTROY_WALL], [[neutrals.DESTROY_WALL]])
    p = (q + 1) % game.num_players
    here = s.pos[q]
    s.pos[p] = here
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0)
    line = s.map.asm.side_edge[here * 4 + d]
    act(game, s, q, neutral_of(illusions.ILLUSION_WALL))
    assert AIM_LINES[line] in game.legal_actions(s, q)
    act(game, s, q, AIM_LINES[line])
    everyone_lets_it_be(game, s)
    return s, q, p, d, line


def test_ww_card_illusion_wall_each_other_wizard_rolls_and_reads_only_his_own_roll() -> None:
    s, q, p, d, line = _illusion_beside(G2)
    wall = s.map.hp[line]
    assert s.map.kind(line) == ILLUSION and wall > 0
    assert illusions.state_of(s, q, wall) == illusions.KNOWS
    assert illusions.state_of(s, p, wall) in (illusions.BELIEVES, illusions.DOUBTS)
    mine = [e.text for e in G2.events(s, p) if e.text.startswith("you see the illusion wall")]
    theirs = [e.text for e in G2.events(s, q) if "illusion wall" in e.text and "roll" in e.text]
    assert len(mine) == 1 and ("you believe it" in mine[0]) == (illusions.state_of(s, p, wall) == illusions.BELIEVES)
    assert theirs == [f"P{p} sees the illusion wall on line {line_name(s.map.asm, line)} and rolls the die"]
    assert G2.view(s, p)["private"]["illusions"][0]["line"] == line
    assert G2.view(s, q)["private"]["illusions"][0]["belief"] == "known false"
    # it blocks sight for everyone, its caster too
    beyond = s.map.asm.step[s.pos[q] * 4 + d]
    assert not line_of_sight(s.map, s.pos[q], beyond)


def test_ww_card_illusion_wall_a_believer_cannot_walk_through_a_doubter_may() -> None:
    s, q, p, d, line = _illusion_beside(G2)
    wall = s.map.hp[line]
    assert MOVES[d] in G2.legal_actions(s, q)  # its caster knows it is false
    s.belief[q] = [wall << 3 | illusions.BELIEVES]     # as if he believed it
    s.legal_for = -1
    assert MOVES[d] not in G2.legal_actions(s, q)
    s.belief[q] = [wall << 3 | illusions.DOUBTS]
    s.legal_for = -1
    act(G2, s, q, MOVES[d])
    assert illusions.state_of(s, q, wall) == illusions.WALKED
    walked = f"P{q} walks through the illusion wall on line {line_name(s.map.asm, line)}"
    assert any(e.text == walked for e in G2.events(s, p))


def test_ww_card_illusion_wall_a_believer_destroys_it_for_himself_alone() -> None:
    s, q, p, d, line = _illusion_beside(G2)
    wall = s.map.hp[line]
    act(G2, s, q, neutral_of(neutrals.DESTROY_WALL))
    assert AIM_LINES[line] not in G2.legal_actions(s, q)  # its caster does not believe it
    act(G2, s, q, PUT_BACK)
    act(G2, s, q, END_TURN[2])
    s.belief[p] = [wall << 3 | illusions.BELIEVES]
    s.legal_for = -1
    assert MOVES[d] not in G2.legal_actions(s, p)
    act(G2, s, p, neutral_of(neutrals.DESTROY_WALL))
    act(G2, s, p, AIM_LINES[line])
    everyone_lets_it_be(G2, s)
    assert s.life == [15, 15]                               # nothing falls
    assert s.map.kind(line) == ILLUSION                      # still there for the others
    assert illusions.state_of(s, p, wall) == illusions.GONE
    assert MOVES[d] in G2.legal_actions(s, p)


def test_ww_card_illusion_wall_a_believer_passes_through_it_by_card_and_is_not_driven_through_it() -> None:
    s, q, p, d, line = _illusion_beside(G2)
    wall = s.map.hp[line]
    s.belief[q] = [wall << 3 | illusions.BELIEVES]  # as if he believed it
    s.hands[q].append(neutrals.PASS_THROUGH)
    s.legal_for = -1
    assert line in neutrals.lines_for(s, q, neutrals.PASS_THROUGH)  # a wall to him: he may pass through it
    s.belief[q] = [wall << 3 | illusions.DOUBTS]
    assert line not in neutrals.lines_for(s, q, neutrals.PASS_THROUGH)  # nothing to pass through
    # driven off by a Go Away cast in his square, a believer does not step through it; a doubter may
    s.forced = (p, q, forced.GO_AWAY, 3)
    s.belief[p] = [wall << 3 | illusions.BELIEVES]
    assert d not in forced.steps(s)
    s.belief[p] = [wall << 3 | illusions.DOUBTS]
    assert d in forced.steps(s)


def test_ww_card_illusion_wall_one_out_of_sight_rolls_at_the_start_of_his_turn() -> None:
    game = GAMES[2]
    s, q = on_own_turn(game, [illusions.ILLUSION_WALL])
    p = 1 - q
    here = s.pos[q]
    act(game, s, q, neutral_of(illusions.ILLUSION_WALL))
    lines = [int(t.split()[-1]) for t in aim_texts(game, s, q, "aim at line")]
    line = next(e for e in lines if not any(sq == s.pos[p] for sq in s.map.asm.edge_squares(e))
                and not __import__("wizarena.games.wizwar.sight", fromlist=["x"]).sight_to_edge(s.map, s.pos[p], e))
    act(game, s, q, AIM_LINES[line])
    everyone_lets_it_be(game, s)
    wall = s.map.hp[line]
    assert illusions.state_of(s, p, wall) == 0             # he has not seen it
    s.pos[p] = here                                         # (moved into sight out of his turn)
    assert illusions.state_of(s, p, wall) == 0
    act(game, s, q, END_TURN[2])
    assert s.turn == p and illusions.state_of(s, p, wall) in (illusions.BELIEVES, illusions.DOUBTS)


def test_ww_card_illusion_wall_determinize_keeps_the_seat_s_own_belief_and_redeals_the_others() -> None:
    s, q, p, d, line = _illusion_beside(G2)
    wall = s.map.hp[line]
    seen = set()
    for seed in range(30):
        c = G2.determinize(s, q, random.Random(seed))
        assert illusions.state_of(c, q, wall) == illusions.KNOWS
        seen.add(illusions.state_of(c, p, wall))
        mine = G2.determinize(s, p, random.Random(seed))
        assert illusions.state_of(mine, p, wall) == illusions.state_of(s, p, wall)
        assert G2.view(mine, p) == G2.view(s, p)
    assert seen == {illusions.BELIEVES, illusions.DOUBTS}


def test_ww_card_illusion_wall_travels_with_its_sector() -> None:
    game = GAMES[3]
    s, q = on_own_turn(game, [illusions.ILLUSION_WALL, neutrals.ROTATE])
    here = s.pos[q]
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0
             and s.map.asm.step[here * 4 + d] // CELLS == here // CELLS)   # a line inside the sector
    line = s.map.asm.side_edge[here * 4 + d]
    act(game, s, q, neutral_of(illusions.ILLUSION_WALL))
    act(game, s, q, AIM_LINES[line])
    everyone_lets_it_be(game, s)
    wall = s.map.hp[line]
    act(game, s, q, neutral_of(neutrals.ROTATE))
    act(game, s, q, SECTORS[(here // CELLS) * 3 + 1])
    everyone_lets_it_be(game, s)
    new_line = s.map.asm.side_edge[s.pos[q] * 4 + (d + 2) % 4]
    assert s.map.kind(new_line) == ILLUSION and s.map.hp[new_line] == wall
    assert illusions.walls(s) == [new_line]


# -- Around the Corner ----------------------------------------------------------------------
def _around_the_corner_pair(s: WizWarState) -> tuple[int, int]:
    for a in range(s.map.asm.n_squares):
        if s.map.cells[a]:
            continue
        for b in range(s.map.asm.n_squares):
            if a != b and not vision.sees(s, a, b) and vision.bent(s, a, b):
                return a, b
    raise AssertionError("no square sees another only around a corner")


def test_ww_card_around_the_corner_bends_the_next_attack_spell_once() -> None:
    s, q, t = duel([spellcraft.AROUND, combat.FIREBALL, combat.LIGHTNING], [])
    a, b = _around_the_corner_pair(s)
    s.pos[q], s.pos[t] = a, b
    s.legal_for = -1
    assert f"cast Fireball at P{t}" not in texts(G2, s, q)
    act(G2, s, q, neutral_of(spellcraft.AROUND))
    everyone_lets_it_be(G2, s)
    assert s.bend == q
    assert f"cast Fireball at P{t}" in texts(G2, s, q) and f"cast Lightning Blast at P{t}" in texts(G2, s, q)
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    assert s.bend == -1
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 10


def test_ww_card_around_the_corner_lasts_only_this_turn() -> None:
    s, q, t = duel([spellcraft.AROUND], [])
    act(G2, s, q, neutral_of(spellcraft.AROUND))
    everyone_lets_it_be(G2, s)
    act(G2, s, q, END_TURN[2])
    assert s.bend == -1


# -- Reuse Spell ----------------------------------------------------------------------------
def test_ww_card_reuse_spell_casts_a_neutral_again_as_if_its_card_were_held() -> None:
    s, q = on_own_turn(G2, [neutrals.CREATE_WALL, spellcraft.REUSE])
    assert "cast Reuse Spell" not in texts(G2, s, q)        # nothing cast yet this turn
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    first = int(aim_texts(G2, s, q, "aim at line")[0].split()[-1])
    act(G2, s, q, AIM_LINES[first])
    everyone_lets_it_be(G2, s)
    act(G2, s, q, neutral_of(spellcraft.REUSE))
    assert aim_texts(G2, s, q, "reuse") == ["reuse Create Wall"]
    act(G2, s, q, REUSES[neutrals.CREATE_WALL])
    everyone_lets_it_be(G2, s)
    assert s.hands[q] == [neutrals.CREATE_WALL] and texts(G2, s, q) == ["cast Create Wall"]  # at once
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    second = int(aim_texts(G2, s, q, "aim at line")[0].split()[-1])
    act(G2, s, q, AIM_LINES[second])
    everyone_lets_it_be(G2, s)
    assert s.hands[q] == [] and s.lent == (-1, 0) and total(s) == 125
    assert s.map.kind(first) == 1 and s.map.kind(second) == 1 and "end the turn: draw 2" in texts(G2, s, q)


def test_ww_card_reuse_spell_allows_a_double_teleport_and_putting_back_forgoes() -> None:
    s, q = on_own_turn(G2, [combat.TELEPORT, spellcraft.REUSE, neutrals.CREATE_WALL])
    act(G2, s, q, next(a.id for a in G2.legal_actions(s, q) if a.text.startswith("Teleport to square")))
    act(G2, s, q, neutral_of(spellcraft.REUSE))
    assert aim_texts(G2, s, q, "reuse") == ["reuse Teleport"]
    act(G2, s, q, REUSES[combat.TELEPORT])
    everyone_lets_it_be(G2, s)
    legal = texts(G2, s, q)
    assert legal and all(t.startswith("Teleport to square") for t in legal)
    act(G2, s, q, TELEPORTS[int(legal[0].split()[-1])])
    assert s.lent == (-1, 0) and "cast Create Wall" in texts(G2, s, q) and total(s) == 125


def test_ww_card_reuse_spell_put_back_returns_the_lent_card() -> None:
    s, q = on_own_turn(G2, [neutrals.CREATE_WALL, spellcraft.REUSE])
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    act(G2, s, q, AIM_LINES[int(aim_texts(G2, s, q, "aim at line")[0].split()[-1])])
    everyone_lets_it_be(G2, s)
    act(G2, s, q, neutral_of(spellcraft.REUSE))
    act(G2, s, q, REUSES[neutrals.CREATE_WALL])
    everyone_lets_it_be(G2, s)
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    act(G2, s, q, PUT_BACK)
    assert s.hands[q] == [] and s.lent == (-1, 0) and s.discard[-1] == neutrals.CREATE_WALL and total(s) == 125


def test_ww_card_reuse_spell_never_repeats_an_attack() -> None:
    s, q, t = duel([combat.FIREBALL, spellcraft.REUSE], [])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, TAKE_IT)
    assert s.cast_log == [] and "cast Reuse Spell" not in texts(G2, s, q)


# -- Reflection -----------------------------------------------------------------------------
def test_ww_card_reflection_splits_a_fireball_and_the_caster_answers_the_returning_half() -> None:
    s, q, t = duel([combat.FIREBALL, combat.BLUNT], [combat.REFLECTION])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    assert "counter with Reflection" in texts(G2, s, t)
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 12 and s.phase == WINDOW and G2.to_act(s) == (q,)  # half of 5, rounded up
    assert "counter with Blunt" in texts(G2, s, q)
    act(G2, s, q, counter_of(combat.BLUNT))
    act(G2, s, t, LET_STAND)
    act(G2, s, q, TAKE_IT)
    assert s.life[q] == 13 and s.phase == TURN and total(s) == 125  # 3 blunted to 2


def test_ww_card_reflection_answers_spells_not_physical_acts() -> None:
    s, q, t = duel([combat.DAGGER], [combat.REFLECTION])
    act(G2, s, q, PUNCHES[t])
    assert "counter with Reflection" not in texts(G2, s, t)
    s2, q2, t2 = duel([combat.WIZARDBLADE], [combat.REFLECTION])
    act(G2, s2, q2, next(a.id for a in G2.legal_actions(s2, q2) if a.text.startswith("strike")))
    assert "counter with Reflection" not in texts(G2, s2, t2)


def test_ww_card_reflection_works_without_sight() -> None:
    s, q, t = duel([combat.FIREBALL], [combat.REFLECTION])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    a, b = next((a, b) for a in range(s.map.asm.n_squares) for b in range(s.map.asm.n_squares)
                if not vision.sees(s, a, b))
    s.pos[q], s.pos[t] = a, b                                 # (the caster gone out of sight)
    s.legal_for = -1
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    act(G2, s, q, TAKE_IT)
    assert s.life == [12, 12]


def test_ww_6e_12_a_reflected_thought_steal_costs_each_a_card_to_the_other() -> None:
    s, q, t = duel([combat.THOUGHT_STEAL, combat.FIREBALL], [combat.REFLECTION, combat.BLUNT, combat.BLUNT])
    act(G2, s, q, cast_of(combat.THOUGHT_STEAL, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    act(G2, s, q, TAKE_IT)
    # the caster took one of two Blunts, then lost one of his two cards to the target
    assert len(s.hands[q]) == 1 and len(s.hands[t]) == 2 and total(s) == 125
    took = [e.text for e in G2.events(s, None) if "card(s) from" in e.text]
    assert took == [f"P{q} takes 1 card(s) from P{t}", f"P{t} takes 1 card(s) from P{q}"] and s.phase == TURN


def test_ww_6e_12_power_drain_and_reflection_cancel() -> None:
    from wizarena.games.wizwar.actions import NUMBERS
    s, q, t = duel([combat.POWER_DRAIN, NUMBERS[2]], [combat.REFLECTION])
    act(G2, s, q, cast_of(combat.POWER_DRAIN, t, 4))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    act(G2, s, q, TAKE_IT)
    assert s.life == [15, 15]


def test_ww_6e_7_a_power_drain_whose_damage_is_all_stopped_drains_nothing() -> None:
    """Rules reference 7: "If ALL damage from a spell is stopped, its secondary effects are
    stopped too." What the caster gains is Power Drain's effect beside its damage: with some
    damage through he gains the full amount (12: Blunt), with none through he gains none."""
    s, q, t = duel([combat.POWER_DRAIN, num(2)], [combat.ABSORB_DAMAGE])
    act(G2, s, q, cast_of(combat.POWER_DRAIN, t, 2))
    act(G2, s, t, counter_of(combat.ABSORB_DAMAGE))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.life[t] == 15 and s.life[q] == 15
    assert not any("gains" in e.text for e in G2.events(s, None))


def test_ww_6e_12_a_reflected_lightning_blast_costs_its_caster_the_rest_of_this_turn() -> None:
    s, q, t = duel([combat.LIGHTNING], [combat.REFLECTION])
    act(G2, s, q, cast_of(combat.LIGHTNING, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert s.lost[t] == 1
    act(G2, s, q, TAKE_IT)
    assert s.life == [14, 14] and s.lost[q] == 0 and s.hands[q] == []  # no draw
    assert s.turn == q and s.lost[t] == 0                              # t's lost turn passed
    assert any(e.text.startswith(f"P{q} is stunned by his own spell") for e in s.log)


def test_ww_card_reflection_keeps_an_around_the_corner_bend_on_the_way_back() -> None:
    s, q, t = duel([spellcraft.AROUND, combat.FIREBALL], [combat.REFLECTION])
    a, b = _around_the_corner_pair(s)
    s.pos[q], s.pos[t] = a, b
    s.legal_for = -1
    act(G2, s, q, neutral_of(spellcraft.AROUND))
    everyone_lets_it_be(G2, s)
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, counter_of(combat.REFLECTION))
    act(G2, s, q, LET_STAND)
    act(G2, s, t, TAKE_IT)
    assert G2.to_act(s) == (q,)                                  # it comes back round the corner
    act(G2, s, q, TAKE_IT)
    assert s.life == [12, 12]


def test_ww_card_thornbush_hurts_a_walker_and_ends_his_movement_and_mist_passes() -> None:
    s, q, t = duel([num(3)], [])
    m = s.map
    here, d = next((sq, d) for sq in range(m.asm.n_squares) for d in range(4)
                   if m.kinds[sq] != 1 and m.step_to(sq, d) >= 0 and m.kinds[m.step_to(sq, d)] != 1)
    s.pos[q] = here
    bush = m.step_to(here, d)
    s.pos[t] = m.home_base(t)
    m.plant_thornbush(bush, False, 5)
    vision.changed(s)
    state = copy_state(s)
    act(G2, s, q, MOVES[d])
    assert s.pos[q] == bush and s.life[q] == 14 and s.moves == 0
    assert not [a for a in texts(G2, s, q) if a.startswith(("move", "walk farther"))]  # a number card neither
    assert s.log is not None and any(e.rule == "WW card Thornbush" for e in s.log[-3:])
    s = state  # in mist he passes unharmed and walks on
    s.status[q][effects.MIST] = 2
    act(G2, s, q, MOVES[d])
    assert s.pos[q] == bush and s.life[q] == 15 and s.moves > 0


def test_ww_6e_8_no_wall_is_made_hit_or_seen_through_solid_stone() -> None:
    """"fixed objects (walls, firewalls, illusion walls, thornbushes, doors, solid stone)
    do [block LOS]", and Create Wall aims at "the centre of the wall to be created": with
    stone in the next square, the line on its far side can be neither walled, nor
    Destroyed, nor hit by a Fireball, and an illusion wall raised there is not seen."""
    s, q = on_own_turn(G2, [neutrals.CREATE_WALL, neutrals.DESTROY_WALL])
    p = 1 - q
    m = s.map
    asm = m.asm
    here, d, stone = next((a, d, b) for a in range(asm.n_squares) for d in range(4)
                          if (b := m.step_to(a, d)) >= 0 and a // CELLS == b // CELLS
                          and not m.check_create_in_square(b, False) and m.may_create_edge(asm.side_edge[b * 4 + d]))
    far, near = asm.side_edge[stone * 4 + d], asm.side_edge[here * 4 + d]
    s.pos[q] = s.pos[p] = here
    vision.changed(s)
    s.legal_for = -1
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    assert AIM_LINES[far] in G2.legal_actions(s, q)  # in sight while the square is open
    act(G2, s, q, PUT_BACK)
    assert m.fill_stone(stone, occupied=False) == ""
    vision.changed(s)
    s.legal_for = -1
    s.put_back = ()  # the map changed by hand: as if he had done something else (ruling R8)
    act(G2, s, q, neutral_of(neutrals.CREATE_WALL))
    assert AIM_LINES[far] not in G2.legal_actions(s, q)
    assert AIM_LINES[near] in G2.legal_actions(s, q), "the line between him and the stone is before it"
    act(G2, s, q, PUT_BACK)
    assert m.create_wall(far) == ""
    vision.changed(s)
    s.legal_for = -1
    assert far not in neutrals.lines_for(s, q, neutrals.DESTROY_WALL)
    assert far not in structures.lines_for(s, q, combat.FIREBALL)
    assert m.destroy_edge(far) == ""
    vision.changed(s)
    illusions.create(s, q, far)
    assert illusions.state_of(s, p, m.hp[far]) == 0, "behind the stone: he has not seen it, so rolls nothing"
