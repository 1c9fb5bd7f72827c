"""Timed conditions (effects.py): durations (6e 3, docs ruling 17), Blind, Medusa, Invisible,
Shrink, Mist-Body, Slow Death and Wall of Fire, each in a scenario built on a real game."""

from __future__ import annotations

import random

from wizarena.games.wizwar import cards, combat, effects, neutrals, throwing, vision
from wizarena.games.wizwar.actions import ACTIONS, NUMBERS
from wizarena.games.wizwar.game import WizWarGame
from wizarena.games.wizwar.mapstate import DOOR, FIREWALL
from wizarena.games.wizwar.state import AIM, NEUTRAL, OVER, TICK, TURN, WizWarState

from .test_turn import duel, on_own_turn

G2 = WizWarGame(None, 2)
G3 = WizWarGame(None, 3)


def texts(game: WizWarGame, s: WizWarState, seat: int) -> list[str]:
    s.legal_for = -1  # the scenarios change positions by hand: work the legal actions out again
    return [a.text for a in game.legal_actions(s, seat)]


def do(game: WizWarGame, s: WizWarState, seat: int, text: str) -> None:
    """Play the legal action that reads `text` (it must be legal)."""
    legal = texts(game, s, seat)
    assert text in legal, f"{text!r} not in {legal}"
    game.apply(s, seat, ACTIONS[next(a.id for a in game.legal_actions(s, seat) if a.text == text)])


def num(value: int) -> int:
    return next(n for n in NUMBERS if cards.NUMBER[n] == value)


def give(s: WizWarState, seat: int, *hand: int) -> None:
    """Put cards into a hand from the draw pile or the discard pile (125 cards stay 125)."""
    for c in hand:
        (s.deck if c in s.deck else s.discard).remove(c)
        s.hands[seat].append(c)


def no_trap(s: WizWarState) -> None:
    """The Trap! out of the draw pile, so that a scenario's draws are plain cards."""
    trap = cards.INDEX["trap"]
    if trap in s.deck:
        s.deck.remove(trap)
        s.discard.append(trap)


def end_turn(game: WizWarGame, s: WizWarState, draws: int = 0) -> None:
    do(game, s, s.turn, f"end the turn: draw {draws}" if draws else "end the turn: draw none")


def seen_square(s: WizWarState, q: int) -> int:
    """A square other than his own that q's square sees."""
    row = vision.row(s, s.pos[q])
    return next(sq for sq in range(len(row)) if row[sq] and sq != s.pos[q])


# -- durations (6e 3) -----------------------------------------------------------------------
def test_ww_6e_3_a_duration_is_counted_on_the_recipient_s_turns_and_ends_at_the_caster_s() -> None:
    s, q, t = duel([effects.BLIND_CARD, num(2)], [])
    do(G2, s, q, f"cast Blind at P{t} with a 2")
    do(G2, s, t, "take it")
    assert effects.has(s, t, effects.BLIND) and s.status_by[t][effects.BLIND] == q
    end_turn(G2, s)          # the caster's turn ends: nothing is counted
    end_turn(G2, s)          # the victim's first turn is counted
    assert s.turn == q and effects.has(s, t, effects.BLIND)
    end_turn(G2, s)
    end_turn(G2, s)          # the second: counted out
    assert effects.has(s, t, effects.BLIND) is False and s.turn == q  # ended as the caster's turn began
    assert any(e.text == f"P{t} is no longer blinded" and e.rule == "WW 6e 3" for e in s.log)


def test_ww_6e_3_a_lost_turn_counts_and_the_caster_s_extra_turn_does_not_end_it() -> None:
    s, q, t = duel([effects.BLIND_CARD], [])
    do(G2, s, q, f"cast Blind at P{t}")
    do(G2, s, t, "take it")
    s.extra[q] = 1           # Speed: the caster's extra turn begins before the victim has had his
    end_turn(G2, s)
    assert s.turn == q and effects.has(s, t, effects.BLIND)
    s.lost[t] = 1            # the victim's turn is lost, yet it counts
    end_turn(G2, s)
    assert s.turn == q and not effects.has(s, t, effects.BLIND)


# -- Blind ----------------------------------------------------------------------------------
def test_ww_card_blind_sees_nothing_outside_his_square() -> None:
    s, q, t = duel([effects.BLIND_CARD], [combat.FIREBALL, combat.DAGGER, combat.TELEPORT, neutrals.CREATE_WALL])
    do(G2, s, q, f"cast Blind at P{t}")
    do(G2, s, t, "take it")
    s.pos[q] = seen_square(s, t)  # in the blind wizard's sight, were he not blind
    end_turn(G2, s)
    assert s.turn == t
    legal = texts(G2, s, t)
    assert not any(x.startswith(("cast Fireball at P", "throw Dagger at P", "Teleport")) for x in legal)
    here = s.pos[t]
    do(G2, s, t, "throw Dagger at a square")  # only along his row or column, which needs no sight
    aims = {int(x.split()[-1]) for x in texts(G2, s, t) if x.startswith("aim at square")}
    assert aims and aims <= {sq for d in range(4) for sq in throwing.along(s.map, here, d)}
    do(G2, s, t, "put it back")
    sides = [s.map.asm.side_edge[here * 4 + d] for d in range(4)]
    for card in ("Create Wall", "Fireball at a wall, door or thornbush"):  # the lines of his own square only
        do(G2, s, t, f"cast {card}")
        lines = sorted(int(x.split()[-1]) for x in texts(G2, s, t) if x.startswith("aim at line"))
        assert lines and all(e in sides for e in lines)
        assert not [x for x in texts(G2, s, t) if x.startswith("aim at square")]
        do(G2, s, t, "put it back")
    s.pos[q] = here             # in his own square he still sees, and punches
    assert f"cast Fireball at P{q}" in texts(G2, s, t) and f"punch P{q}" in texts(G2, s, t)


def test_ww_card_blind_full_shield_stops_it() -> None:
    s, q, t = duel([effects.BLIND_CARD, num(3)], [combat.FULL_SHIELD, combat.BLUNT])
    do(G2, s, q, f"cast Blind at P{t} with a 3")
    assert "counter with Blunt" not in texts(G2, s, t)  # no damage to blunt
    do(G2, s, t, "counter with Full Shield")
    do(G2, s, q, "let it stand")
    assert not effects.has(s, t, effects.BLIND) and num(3) in s.discard


# -- Medusa -----------------------------------------------------------------------------------
def test_ww_card_medusa_a_statue_only_ends_his_turn_takes_no_damage_and_cannot_be_attacked() -> None:
    s, q, t = duel([effects.MEDUSA, combat.FIREBALL, num(2)], [combat.FIREBALL, combat.BLUNT, neutrals.NEGATE, num(2)])
    do(G2, s, q, f"cast Medusa at P{t} with a 2")
    assert texts(G2, s, t)[0] == "take it"
    do(G2, s, t, "take it")
    assert effects.has(s, t, effects.PETRIFIED)
    end_turn(G2, s)
    assert s.turn == t
    assert texts(G2, s, t) == ["end the turn: draw 2", "end the turn: draw 1", "end the turn: draw none"]
    life = s.life[t]
    trap = cards.INDEX["trap"]
    (s.deck if trap in s.deck else s.discard).remove(trap)
    s.deck.append(trap)  # the next card drawn springs a Trap!
    before = len(s.hands[t])
    end_turn(G2, s, 1)
    assert s.life[t] == life and len(s.hands[t]) == before + 1  # he draws; the Trap! does not harm him
    assert s.turn == q and f"cast Fireball at P{t}" not in texts(G2, s, q) and f"punch P{t}" not in texts(G2, s, q)
    end_turn(G2, s)
    assert texts(G2, s, t) == ["end the turn: draw 2", "end the turn: draw 1", "end the turn: draw none"]
    end_turn(G2, s)  # his second turn is counted; the stone breaks as the caster's turn begins
    assert not effects.has(s, t, effects.PETRIFIED)
    assert f"cast Fireball at P{t}" in texts(G2, s, q)


# -- Invisible and Shrink -----------------------------------------------------------------------
def test_ww_card_invisible_escapes_with_a_number_card_and_nobody_aims_at_him() -> None:
    s, q, t = duel([combat.FIREBALL, combat.ANTI_ANTI], [effects.INVISIBLE_CARD, num(3)])
    do(G2, s, q, f"cast Fireball at P{t}")
    assert {"counter with Invisible", "counter with Invisible with a 3"} <= set(texts(G2, s, t))
    do(G2, s, t, "counter with Invisible with a 3")
    assert s.phase == TURN and s.life[t] == 15 and G2.to_act(s) == (q,)  # missed; no Anti-Anti asked
    assert s.status[t][effects.INVISIBLE] == 4 and num(3) in s.discard and combat.FIREBALL in s.discard
    give(s, q, combat.DAGGER)
    s.attacked = False
    aimed = [x for x in texts(G2, s, q) if x.endswith(f"P{t}") and not x.startswith("offer a deal")]
    assert not aimed  # no punch, no spell, no throw (a deal is not aimed: deals ruling D2)
    for _ in range(5):
        end_turn(G2, s)
    assert s.status[t][effects.INVISIBLE] == 2 and s.turn == t
    end_turn(G2, s)  # his third turn: counted out
    assert s.status[t][effects.INVISIBLE] == 1
    end_turn(G2, s)  # it ends as his next turn begins
    assert not effects.has(s, t, effects.INVISIBLE) and s.turn == t


def test_ww_card_invisible_and_shrink_cast_on_one_s_own_turn() -> None:
    s, q = on_own_turn(G2, [effects.INVISIBLE_CARD, effects.SHRINK, num(2)])
    do(G2, s, q, "cast Shrink with a 2")
    assert s.status[q][effects.SHRUNK] == 3 and s.phase == TURN and G2.to_act(s) == (q,)  # at once, nobody asked
    do(G2, s, q, "cast Invisible")
    assert s.status[q][effects.INVISIBLE] == 2 and s.hands[q] == []
    end_turn(G2, s)
    end_turn(G2, s)
    assert not effects.has(s, q, effects.INVISIBLE) and effects.has(s, q, effects.SHRUNK)
    assert effects.describe(s, q) == [f"shrunk (by P{q}, 1 more of P{q}'s turns)"]
    assert G2.view(s, None)["wizards"][q]["conditions"] == {"shrunk": {"turns": 1, "by": q}}


def test_ww_card_shrink_only_his_square_aims_at_him_and_he_walks_under_closed_doors() -> None:
    s, q, t = duel([combat.FIREBALL, combat.FIREBALL], [effects.SHRINK])
    do(G2, s, q, f"cast Fireball at P{t}")
    do(G2, s, t, "counter with Shrink")
    assert effects.has(s, t, effects.SHRUNK) and s.life[t] == 15
    s.attacked = False
    assert f"cast Fireball at P{t}" in texts(G2, s, q)  # the same square
    s.pos[q] = seen_square(s, t)
    assert f"cast Fireball at P{t}" not in texts(G2, s, q)
    m = s.map
    sq, d = next((sq, d) for sq in range(m.asm.n_squares) for d in range(4)
                 if m.asm.side_edge[sq * 4 + d] >= 0 and m.kind(m.asm.side_edge[sq * 4 + d]) == DOOR
                 and m.asm.step[sq * 4 + d] >= 0 and not m.door_open(m.asm.side_edge[sq * 4 + d]))
    end_turn(G2, s)
    s.pos[t] = sq
    do(G2, s, t, f"move {'NESW'[d]}")
    assert s.pos[t] == m.asm.step[sq * 4 + d]


# -- Mist-Body --------------------------------------------------------------------------------
def test_ww_card_mist_body_physical_attacks_cannot_touch_him_and_he_picks_nothing_up() -> None:
    s, q = on_own_turn(G2, [neutrals.MIST_BODY, num(2)], [[combat.DAGGER, combat.WIZARDBLADE]])
    t = 1 - q
    do(G2, s, q, "cast Mist-Body with a 2")
    assert s.phase == NEUTRAL and G2.to_act(s) == (t,)  # the Negate Neutral window asks the other
    do(G2, s, t, "let it be")
    assert s.status[q][effects.MIST] == 3 and num(2) in s.discard
    s.floor.append((s.pos[q], combat.LARGE_ROCK))
    s.deck.remove(combat.LARGE_ROCK)
    assert "pick up Large Rock" not in texts(G2, s, q)
    end_turn(G2, s)
    s.round = 2
    s.pos[t] = s.pos[q]
    legal = texts(G2, s, t)
    assert f"punch P{q}" not in legal and f"throw Dagger at P{q}" not in legal
    assert f"strike P{q} with Wizardblade" in legal  # a magic blade, not a physical act


def test_ww_card_mist_body_negated_takes_its_number_card_with_it() -> None:
    s, q = on_own_turn(G2, [neutrals.MIST_BODY, num(4)], [[neutrals.NEGATE]])
    do(G2, s, q, "cast Mist-Body with a 4")
    do(G2, s, 1 - q, "counter with Negate Neutral")
    do(G2, s, q, "let it stand")
    assert not effects.has(s, q, effects.MIST) and {neutrals.MIST_BODY, num(4)} <= set(s.discard)
    assert s.flight == [] and s.number_card == -1


# -- Slow Death -------------------------------------------------------------------------------
def test_ww_card_slow_death_each_card_drawn_is_a_tick_answered_on_its_own() -> None:
    s, q, t = duel([effects.SLOW_DEATH], [combat.ABSORB_DAMAGE, combat.BLUNT])
    assert not any("Slow Death at P" in x and "with a" in x for x in texts(G2, s, q))  # no number card
    do(G2, s, q, f"cast Slow Death at P{t}")
    assert "counter with Blunt" not in texts(G2, s, t)  # the curse deals nothing yet
    do(G2, s, t, "take it")
    assert s.status[t][effects.CURSED] == effects.LIFELONG and s.life[t] == 15
    end_turn(G2, s)
    no_trap(s)
    end_turn(G2, s, 2)
    assert s.phase == TICK and G2.to_act(s) == (t,) and len(s.hands[t]) == 3
    assert set(texts(G2, s, t)) == {"take it", "counter with Absorb Damage", "counter with Blunt"}
    do(G2, s, t, "counter with Absorb Damage")
    assert s.phase == TICK and len(s.hands[t]) == 3 and s.life[t] == 15  # the second card, its own tick
    do(G2, s, t, "take it")
    assert s.life[t] == 14 and s.turn == q and s.phase == TURN


def test_ww_card_slow_death_the_drawer_is_asked_holding_an_answer_or_not_and_stone_takes_no_tick() -> None:
    s, q, t = duel([effects.SLOW_DEATH], [])
    do(G2, s, q, f"cast Slow Death at P{t}")
    do(G2, s, t, "take it")
    end_turn(G2, s)
    no_trap(s)
    end_turn(G2, s, 1)
    assert s.phase == TICK and texts(G2, s, t) == ["take it"]
    do(G2, s, t, "take it")
    assert s.life[t] == 14
    s.status[t][effects.PETRIFIED], s.status_by[t][effects.PETRIFIED] = 5, q
    end_turn(G2, s)
    end_turn(G2, s, 2)
    assert s.life[t] == 14 and s.turn == q



def test_ww_6e_2_slow_death_s_caster_gets_the_cards_of_the_wizard_it_kills() -> None:
    """Rules reference 2: "the last attacker gets all the dead player's cards"; second-hand
    kills (falling walls, monsters) give none. Slow Death is an attack card, and its tick is
    that attack's own damage (countered "one tick at a time", as an attack is), not a wall's
    or a monster's: the wizard it kills gives his cards to the one who cursed him."""
    s, q, t = duel([effects.SLOW_DEATH], [])
    do(G2, s, q, f"cast Slow Death at P{t}")
    do(G2, s, t, "take it")
    end_turn(G2, s)
    no_trap(s)
    s.life[t] = 1
    end_turn(G2, s, 1)
    assert s.phase == TICK
    his = list(s.hands[t])
    do(G2, s, t, "take it")
    assert t in s.out and s.phase == OVER
    assert his and all(c in s.hands[q] for c in his)
    assert any(e.text == f"P{q} made the kill and takes P{t}'s {len(his)} card(s)" for e in G2.events(s, None))


# -- Wall of Fire -----------------------------------------------------------------------------
def test_ww_card_wall_of_fire_burns_who_crosses_it_blocks_sight_and_goes_out() -> None:
    s, q = on_own_turn(G2, [neutrals.WALL_OF_FIRE, num(2)])
    here = s.pos[q]
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0)
    line = s.map.asm.side_edge[here * 4 + d]
    beyond = s.map.step_to(here, d)
    do(G2, s, q, "cast Wall of Fire with a 2")
    assert s.phase == AIM
    do(G2, s, q, f"aim at line {line}")
    do(G2, s, 1 - q, "let it be")
    assert s.map.kind(line) == FIREWALL and s.fires == [(line, q, 3)] and num(2) in s.discard
    assert not vision.sees(s, here, beyond)
    do(G2, s, q, f"move {'NESW'[d]}")
    assert s.pos[q] == beyond and s.life[q] == 15 - 4
    assert any(e.rule == "WW card Wall of Fire" and "crosses" in e.text for e in s.log)
    for _ in range(3):
        end_turn(G2, s)
    assert s.map.kind(line) == FIREWALL  # the caster's second turn is under way
    end_turn(G2, s)
    end_turn(G2, s)
    assert s.map.kind(line) == 0 and s.fires == [] and vision.sees(s, here, beyond)


def test_ww_card_wall_of_fire_mist_passes_unharmed() -> None:
    s, q = on_own_turn(G2, [neutrals.WALL_OF_FIRE, neutrals.MIST_BODY])
    here = s.pos[q]
    d = next(d for d in range(4) if s.map.step_to(here, d) >= 0)
    do(G2, s, q, "cast Wall of Fire")
    do(G2, s, q, f"aim at line {s.map.asm.side_edge[here * 4 + d]}")
    do(G2, s, 1 - q, "let it be")
    do(G2, s, q, "cast Mist-Body")
    do(G2, s, 1 - q, "let it be")
    do(G2, s, q, f"move {'NESW'[d]}")
    assert s.life[q] == 15


# -- random play ----------------------------------------------------------------------------
def test_random_play_with_conditions_conserves_cards_and_ends() -> None:
    for game in (G2, G3):
        for seed in range(4):
            s = game.new_state(seed, log=False)
            rng = random.Random(seed)
            for _ in range(20000):
                if s.phase == OVER:
                    break
                q = game.to_act(s)[0]
                legal = game.legal_actions(s, q)
                timed = [a for a in legal if any(n in a.text for n in ("Blind", "Medusa", "Slow Death", "Invisible",
                                                                           "Shrink", "Mist", "Fire"))
                         and not a.text.startswith("discard")]
                game.apply(s, q, rng.choice(timed) if timed and rng.random() < 0.5 else rng.choice(legal))
                total = len(s.deck) + len(s.discard) + len(s.flight) + len(s.floor) + sum(map(len, s.hands))
                assert total == 125
            assert s.phase == OVER
