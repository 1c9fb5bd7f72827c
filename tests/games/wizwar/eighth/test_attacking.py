"""Attacking and casting in the 8th edition (eighth/attacking.py, counters.py, striking.py):
the 8e chapter's "Attacking", "Punching" and "Canceling, Reducing or Evading Attacks",
brief rules 11-13, 15, 17 and 19 and rulings R8-3 to R8-6, each scenario written from
the rule's sentence in docs/games/wizwar-8e.md or the chapter, then checked on the code."""

from __future__ import annotations

from wizarena import load_game
from wizarena.games.wizwar import vision
from wizarena.games.wizwar.board import E, N, S
from wizarena.games.wizwar.eighth import attacking, cards, legal, moving, turn
from wizarena.games.wizwar.eighth.actions import ANSWERS_WITH, CASTS, DISCARDS, DRAWS, LET_BE, MOVES, PUNCH
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    DISCARD_AND_DRAW,
    MOVE_AND_CAST,
    POWERING,
    R_ANSWER,
    TRIMMING,
    EighthState,
)

from ..helpers import open_map, side, sq
from .scenes import answer, declare, let_be, loaded

ZOT = cards.INDEX["zot"]
FIREBALL = cards.INDEX["fireball"]
ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
FULL_SHIELD = cards.INDEX["full_shield"]
SHIELD = cards.INDEX["shield"]
ABSORB = cards.INDEX["absorb_spell"]
BACKLASH = cards.INDEX["backlash"]
ANTI_ANTI = cards.INDEX["anti_anti"]
INVISIBLE = cards.INDEX["invisible"]
GNOME_FORM = cards.INDEX["gnome_form"]
POWERSTONE = cards.INDEX["powerstone"]
DAGGER = cards.INDEX["dagger"]
GLUE = cards.INDEX["glue"]


def _scene(seed: int = 1, n: int = 2, open_board: bool = False) -> tuple[EighthState, int, int]:
    """A game past its first round, the turn's wizard `me` at the start of his Move &
    Cast and the next wizard `foe` in his square; every hand emptied into the discard."""
    s = deal(seed, n)
    if open_board:
        s.map = open_map(n)
        s.sight = vision.rows_for(s.map)
        s.pos = [sq(s.map.asm, q, 2, 2) for q in range(n)]
    s.round = 2
    me = s.turn
    foe = (me + 1) % n
    s.pos[foe] = s.pos[me]
    for q in range(n):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    return s, me, foe




def _punch(s: EighthState, me: int, figure: int) -> None:
    attacking.punch(s, me)
    attacking.aim(s, figure)
    let_be(s)


# -- rule 11: one attack a turn ------------------------------------------------------------


def test_ww8_rule_11_one_attack_a_turn() -> None:
    """Rule 11: "On his turn a wizard may make one attack: an attack spell, an item used as
    a weapon, or a punch ... never at himself." After a punch, no spell attack, no second
    punch; neutral play and moving go on."""
    s, me, foe = _scene()
    s.hands[me] = [ZOT]
    assert PUNCH in legal.legal_list(s, me) and CASTS[ZOT] in legal.legal_list(s, me)
    assert me not in attacking.punchable(s, me)  # never at himself
    _punch(s, me, foe)
    assert s.phase == MOVE_AND_CAST and s.attacks == 0
    assert attacking.castable(s, me) == [] and attacking.punchable(s, me) == []
    actions = legal.legal_list(s, me)
    assert PUNCH not in actions and CASTS[ZOT] not in actions
    assert any(a in actions for a in MOVES)


def test_ww8_r8_3_no_attacks_in_the_first_round_unless_the_option() -> None:
    """R8-3: "may a wizard attack in the first round? *Decision:* not by default, as
    proposed; the option `first_round_attacks` allows it.\""""
    s, me, foe = _scene()
    s.round = 1
    s.hands[me] = [ZOT]
    assert not turn.may_attack(s, me)
    actions = legal.legal_list(s, me)
    assert PUNCH not in actions and CASTS[ZOT] not in actions
    s.options = frozenset({"first_round_attacks"})
    assert turn.may_attack(s, me)
    actions = legal.legal_list(s, me)
    assert PUNCH in actions and CASTS[ZOT] in actions


def test_ww8_r8_3_through_the_game() -> None:
    """The option reaches the state through `new_state`'s config, and its absence bars a
    punch at a wizard standing beside one in the first round."""
    g = load_game("wizwar/8e", players=2)
    for config, allowed in (({}, False), ({"first_round_attacks": True}, True)):
        s = g.new_state(4, config=config)
        me = s.turn
        s.pos[1 - me] = s.pos[me]
        s.legal_for = -1
        assert (PUNCH in g.legal_actions(s, me)) is allowed
        assert ("first_round_attacks" in g.config_of(s)) is allowed


# -- rule 12: punching ---------------------------------------------------------------------


def test_ww8_rule_12_punch_own_square_or_orthogonally_adjacent_not_through_a_wall() -> None:
    """Rule 12: "With no card, a wizard punches a figure in his own square or in an
    orthogonally adjacent one (a diagonal square is not adjacent, FAQ8) for 1 physical
    damage ... a wall or closed door between the two squares stops a punch as it would
    stop a step.\""""
    s, me, foe = _scene(open_board=True)
    asm = s.map.asm
    here = s.pos[me]
    assert attacking.punchable(s, me) == [foe]
    s.pos[foe] = asm.step[here * 4 + E]
    assert attacking.punchable(s, me) == [foe]
    s.pos[foe] = asm.step[asm.step[here * 4 + E] * 4 + S]  # diagonal
    assert attacking.punchable(s, me) == []
    s.pos[foe] = asm.step[here * 4 + N]
    s.map.create_wall(side(asm, here, N))
    assert attacking.punchable(s, me) == []
    s.pos[foe] = asm.step[here * 4 + E]
    life = s.life[foe]
    _punch(s, me, foe)
    assert s.life[foe] == life - 1


# -- rule 13: an attack not answered lands -------------------------------------------------


def test_ww8_rule_13_an_attack_not_answered_lands() -> None:
    """Rule 13: "There is no roll to hit: an attack not answered lands." And R8-15: every
    other living player is asked, "whatever he holds"."""
    s, me, foe = _scene()
    declare(s, me, ZOT, foe)
    assert s.phase == ANSWERING and s.asking == [foe]
    assert legal.legal_list(s, foe) == [LET_BE]  # asked with an empty hand
    life = s.life[foe]
    attacking.answer(s, foe, -1)
    assert s.life[foe] == life - 1 and s.phase == MOVE_AND_CAST
    assert s.discards[0][-1] == ZOT and s.cast is None


# -- counters --------------------------------------------------------------------------------


def test_ww8_full_shield_cancels_a_spell_aimed_at_you_not_a_punch() -> None:
    """Full Shield: "Play it when a spell is cast with you as its target: that spell is
    cancelled and does nothing. Punches and items are not spells and get through.\""""
    s, me, foe = _scene()
    life = s.life[foe]
    declare(s, me, ZOT, foe)
    answer(s, foe, FULL_SHIELD)
    assert s.phase == ANSWERING and s.asking == [me]  # the caster may answer the cancel
    attacking.answer(s, me, -1)
    assert s.life[foe] == life and ZOT in s.discards[0] and FULL_SHIELD in s.discards[0]
    assert s.log is not None and any(e.rule == R_ANSWER and "cancels" in e.text for e in s.log)
    s, me, foe = _scene()
    s.hands[foe] = [FULL_SHIELD]
    attacking.punch(s, me)
    attacking.aim(s, foe)
    assert attacking.answers(s, foe) == []
    assert legal.legal_list(s, foe) == [LET_BE]


def test_ww8_shield_reduces_damage_by_its_energy_plus_2() -> None:
    """Shield: "the damage of that one source is lowered by this spell's energy plus 2";
    R8-15: "its player may power it with one card (Shield takes its energy plus 2 off the
    damage)\"."""
    s, me, foe = _scene()
    life = s.life[foe]
    declare(s, me, FIREBALL, foe)
    answer(s, foe, SHIELD)          # energy 1: 3 off the 5
    let_be(s)
    assert s.life[foe] == life - 2
    s.round, s.attacks = 3, 1
    declare(s, me, FIREBALL, foe)
    answer(s, foe, SHIELD, ENERGY_4)  # energy 4: 6 off the 5
    let_be(s)
    assert s.life[foe] == life - 2 and ENERGY_4 in s.discards[0]
    s, me, foe = _scene()  # a punch is an attack too: Shield answers it
    s.hands[foe] = [SHIELD]
    attacking.punch(s, me)
    attacking.aim(s, foe)
    assert attacking.answers(s, foe) == [SHIELD]


def test_ww8_absorb_spell_puts_the_card_in_the_absorbers_hand() -> None:
    """Absorb Spell: "it fizzles and its card joins your hand, while whatever cards boosted
    it go to the discard pile.\""""
    s, me, foe = _scene()
    life = s.life[foe]
    declare(s, me, ZOT, foe, power=ENERGY_5)
    answer(s, foe, ABSORB)
    let_be(s)
    assert s.life[foe] == life
    assert s.hands[foe] == [ZOT] and ZOT not in s.discards[0]
    assert ENERGY_5 in s.discards[0] and ABSORB in s.discards[0]


def test_ww8_backlash_hurts_the_caster_by_the_energy() -> None:
    """Backlash: "the spell is cancelled, and he suffers magical damage equal to the energy
    he gave it. The rebound is not an attack.\""""
    s, me, foe = _scene()
    mine, theirs = s.life[me], s.life[foe]
    declare(s, me, ZOT, foe, power=ENERGY_4)
    answer(s, foe, BACKLASH)
    let_be(s)
    assert s.life[me] == mine - 4 and s.life[foe] == theirs
    assert ZOT in s.discards[0] and ENERGY_4 in s.discards[0] and BACKLASH in s.discards[0]


def test_ww8_r8_6_a_backlash_kill_earns_nothing() -> None:
    """R8-6: "The kill is credited only to an attack of a wizard's own ... a counter
    (Backlash) ... earn[s] nothing": the caster killed by his own rebound leaves no point
    and no hand to the answerer."""
    s, me, foe = _scene(n=3)
    s.life[me] = 2
    s.hands[me] = [ENERGY_5]
    declare(s, me, ZOT, foe, power=ENERGY_4)
    answer(s, foe, BACKLASH)
    let_be(s)
    assert me in s.out and s.points[foe] == 0
    assert s.hands[foe] == [] and ENERGY_5 in s.discards[0]


def test_ww8_anti_anti_cancels_a_cancelling_counter() -> None:
    """Anti-Anti: "Cancel a counter spell played against one of your own spells"; R8-15:
    "A caster whose spell a counter cancelled is asked once more, for Anti-Anti.\""""
    s, me, foe = _scene()
    life = s.life[foe]
    declare(s, me, ZOT, foe)
    s.hands[me].append(ANTI_ANTI)
    assert attacking.answers(s, me) == []  # nothing to cancel yet
    answer(s, foe, FULL_SHIELD)
    assert legal.legal_list(s, me) == [LET_BE, ANSWERS_WITH[ANTI_ANTI]]
    s.hands[me].remove(ANTI_ANTI)
    answer(s, me, ANTI_ANTI)
    let_be(s)
    assert s.life[foe] == life - 1 and FULL_SHIELD in s.discards[0] and ANTI_ANTI in s.discards[0]


def test_ww8_invisible_and_gnome_form_cast_in_answer_stay_and_roll_a_d4() -> None:
    """Rule 13: a counter "lets the wizard *evade* it (... Invisible and Gnome Form on a
    d4)"; Invisible: "each attack on you misses if a d4 shows 2, 3 or 4"; Gnome Form: "each
    attack on you misses if a d4 shows 1 or 2. It may be cast in answer to an attack.\""""
    for card, hit_face, miss_face in ((INVISIBLE, 1, 2), (GNOME_FORM, 3, 1)):
        s, me, foe = _scene()
        life = s.life[foe]
        s.rng = loaded(miss_face, hit_face)
        declare(s, me, ZOT, foe)
        answer(s, foe, card)
        let_be(s)
        assert [c for c, _, on in s.maintained[foe]] == [card]
        assert s.maintained[foe][0][2] == foe
        assert s.life[foe] == life, cards.ID[card]  # missed
        assert s.log is not None and any(e.kind == "evade" for e in s.log)
        s.attacks = 1
        _punch(s, me, foe)  # the spell stays: the next attack rolls too, and hits
        assert s.life[foe] == life - 1, cards.ID[card]


# -- rule 15: energy -------------------------------------------------------------------------


def test_ww8_rule_15_a_card_with_an_energy_value_sets_the_energy_and_is_discarded() -> None:
    """Rule 15: "A spell's energy is 1 unless one card with an energy value is discarded to
    boost it ... Powerstone adds 1 to every boost.\""""
    s, me, foe = _scene()
    life = s.life[foe]
    s.hands[me] = [ENERGY_5]
    s.hands[me].append(ZOT)
    attacking.begin(s, me, ZOT)
    assert s.phase == POWERING
    assert attacking.power_cards(s, me) == [ENERGY_5]
    attacking.power(s, me, ENERGY_5)
    assert s.cast is not None and s.cast.energy == 5 and s.cast.paid == [ENERGY_5]
    assert ENERGY_5 not in s.hands[me]
    attacking.aim(s, foe)
    let_be(s)
    assert s.life[foe] == life - 5 and s.discards[0][-2:] == [ENERGY_5, ZOT]
    s.attacks = 1
    s.items[me] = [POWERSTONE]
    declare(s, me, ZOT, foe, power=ENERGY_4)
    let_be(s)
    assert s.life[foe] == life - 5 - 5


def test_ww8_rule_15_energy_1_without_a_card() -> None:
    """"A spell's energy is 1 unless ...": cast with no power card."""
    s, me, foe = _scene()
    declare(s, me, ZOT, foe)
    assert s.cast is not None and s.cast.energy == 1 and s.cast.paid == []


# -- rule 19: the kill -----------------------------------------------------------------------


def test_ww8_rule_19_the_killer_scores_a_point_and_takes_the_hand() -> None:
    """Rule 19: "He scores 1 for each enemy wizard his own attack kills ... The killer adds
    the dead wizard's hand to his own (then cuts down to his limit), but not his carried
    items or maintained spells.\""""
    s, me, foe = _scene(n=3)
    s.life[foe] = 1
    s.hands[foe] = [ZOT, FIREBALL]
    s.items[foe] = [DAGGER]
    s.maintained[foe] = [(GLUE, 2, -1)]
    _punch(s, me, foe)
    assert foe in s.out and s.points[me] == 1
    assert sorted(s.hands[me]) == sorted([ZOT, FIREBALL])
    assert (s.pos[foe], DAGGER) in s.floor and DAGGER not in s.items[me]
    assert GLUE in s.discards[0] and s.maintained[me] == []


def test_ww8_rule_19_the_killer_cuts_the_hand_taken_down_to_his_limit() -> None:
    """"(then cuts down to his limit)": the killer with 5 cards who takes 4 discards 2 at once."""
    s, me, foe = _scene(n=3)
    s.life[foe] = 1
    s.hands[me] = [ENERGY_4] * 5
    s.hands[foe] = [ZOT] * 4
    _punch(s, me, foe)
    assert s.phase == TRIMMING and s.trim == [me] and legal.actor(s) == me
    assert turn.over_limit(s, me) == 2


# -- rule 17: the hand limit at once -----------------------------------------------------------


def test_ww8_rule_17_over_the_limit_after_drawing_cuts_at_once() -> None:
    """Rule 17: "The moment the count is over, the player discards down to 7 at once, from
    any of the three (a maintained spell discarded ends).\""""
    g = load_game("wizwar/8e", players=2)
    s = g.new_state(5)
    me = s.turn
    s.hands[me] += [s.decks[0].pop(), s.decks[0].pop()]  # 7 cards
    s.legal_for = -1
    from wizarena.games.wizwar.eighth.actions import END_MOVES

    g.apply(s, me, END_MOVES)
    assert s.phase == DISCARD_AND_DRAW
    g.apply(s, me, DRAWS[2])
    assert s.phase == TRIMMING and len(s.hands[me]) == 9
    assert g.to_act(s) == (me,)
    actions = g.legal_actions(s, me)
    assert {a.kind for a in actions} == {"discard"}
    g.apply(s, me, DISCARDS[s.hands[me][0]])
    assert s.phase == TRIMMING
    g.apply(s, me, DISCARDS[s.hands[me][0]])
    assert len(s.hands[me]) == 7 and s.turn != me and s.phase == MOVE_AND_CAST


# -- R8-4 and R8-5: stun -----------------------------------------------------------------------


def test_ww8_r8_4_a_stunned_wizard_may_move_or_attack_not_both() -> None:
    """R8-4: "A stunned wizard or creature may move or attack in its turn, not both ... The
    first of the two he does settles it." R8-5: "A figure is stunned for a turn of its
    controller when it holds a token as that turn's Time Passes begins; one token comes off
    in that Time Passes.\""""
    g = load_game("wizwar/8e", players=2)
    # moved first: no attack
    s = g.new_state(6, config={"first_round_attacks": True})
    me = s.turn
    s.map = open_map(2)
    s.sight = vision.rows_for(s.map)
    s.pos = [sq(s.map.asm, q, 2, 2) for q in range(2)]
    s.stun[me] = 2
    turn.start(s, me)
    assert s.dazed and s.stun[me] == 1
    s.pos[1 - me] = s.map.asm.step[s.map.asm.step[s.pos[me] * 4 + E] * 4 + E]
    s.legal_for = -1
    assert PUNCH not in g.legal_actions(s, me)
    g.apply(s, me, MOVES[E])
    assert s.moves == 2 and attacking.punchable(s, me) == []
    assert PUNCH not in g.legal_actions(s, me) and not turn.may_attack(s, me)
    # attacked first: no step
    s = g.new_state(6, config={"first_round_attacks": True})
    me = s.turn
    s.stun[me] = 1
    turn.start(s, me)
    s.pos[1 - me] = s.pos[me]
    s.legal_for = -1
    assert [a for a in g.legal_actions(s, me) if a.kind == "move"] == [MOVES[h] for h in moving.headings(s, me)]
    g.apply(s, me, PUNCH)
    g.apply(s, me, g.legal_actions(s, me)[0])
    g.apply(s, 1 - me, LET_BE)
    assert s.phase == MOVE_AND_CAST and s.stun[me] == 0
    assert not any(a.kind == "move" for a in g.legal_actions(s, me))


def test_ww8_r8_5_stun_gained_in_one_s_own_turn_counts_from_his_next() -> None:
    """R8-5: "Tokens gained during its controller's own turn start to count at his next
    turn."; an unstunned wizard moves and attacks both."""
    s, me, foe = _scene()
    s.stun[me] = 1  # gained now: this turn is not dazed
    assert not s.dazed
    moving.walk(s, me, moving.headings(s, me)[0])
    s.walked = True
    assert turn.may_attack(s, me)
