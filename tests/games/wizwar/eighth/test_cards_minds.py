"""The mind, hand and taking cards of Wiz-War 8e (eighth/minds.py), each from its text in
data/cards-8e.json: Meditate, Thought Steal, Brain Burn, Share Life, Drop Object, Yoink!
and Heave-Ho. Each scenario casts the card through the whole cast flow (card, energy,
aim, answers, resolve, hand-limit cut)."""

from __future__ import annotations

from wizarena import load_game
from wizarena.games.wizwar.eighth import attacking, cards, minds, reach, striking, turn
from wizarena.games.wizwar.eighth.actions import CASTS
from wizarena.games.wizwar.eighth.casting import SPELLS
from wizarena.games.wizwar.eighth.setup import deal
from wizarena.games.wizwar.eighth.state import (
    ANSWERING,
    BURNING,
    GRAB_ITEM,
    GRAB_TREASURE,
    MOVE_AND_CAST,
    PERMANENT,
    POWERING,
    SQUARE_THING,
    STEALING,
    TRIMMING,
    Cast,
    EighthState,
)

ENERGY_4 = cards.INDEX["energy_4"]
ENERGY_5 = cards.INDEX["energy_5"]
ZOT = cards.INDEX["zot"]
FIREBALL = cards.INDEX["fireball"]
DAGGER = cards.INDEX["dagger"]
BRAINSTONE = cards.INDEX["brainstone"]
SHIELD = cards.INDEX["shield"]
FULL_SHIELD = cards.INDEX["full_shield"]


def _scene(seed: int = 1, n: int = 2) -> tuple[EighthState, int, int]:
    """A game past its first round (attacks allowed), the turn's wizard `me` and another
    wizard `foe` standing in his square (so in his sight), hands emptied."""
    s = deal(seed, n)
    s.round = 2
    me = s.turn
    foe = (me + 1) % n
    s.pos[foe] = s.pos[me]
    for q in range(n):
        s.discards[0] += s.hands[q]
        s.hands[q] = []
    return s, me, foe


def _cast(s: EighthState, me: int, card: int, *aims: int, power: int = -1) -> None:
    """`me` casts `card` (put in his hand), powers it with `power` (-1: energy 1), aims it,
    and everyone lets it be."""
    s.hands[me].append(card)
    assert card in attacking.castable(s, me)
    attacking.begin(s, me, card)
    if s.phase == POWERING:
        if power >= 0:
            s.hands[me].append(power)
        attacking.power(s, me, power)
    for aim in aims:
        assert aim in attacking.picks(s)
        attacking.aim(s, aim)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)


def _public(s: EighthState) -> str:
    assert s.log is not None
    return "\n".join(e.text for e in s.log if e.to is None)


def _private(s: EighthState, seat: int) -> str:
    assert s.log is not None
    return "\n".join(e.text for e in s.log if e.to is not None and (e.to >> seat) & 1)


def test_each_entry_has_its_card_type() -> None:
    """R8-9 and the data: a card of type "attack" is the turn's attack, the others not; and
    every card here is cast through casting.SPELLS."""
    for card, spell in minds.SPELLS.items():
        assert spell.attack == (cards.TYPE[card] == "attack"), cards.ID[card]
        assert SPELLS[card] is spell and not spell.stays and not spell.item


# -- Meditate -----------------------------------------------------------------------------


def test_meditate() -> None:
    """Meditate: "Take 3 cards from the deck, then trim your hand back to its limit; your
    turn goes on as before." """
    s, me, foe = _scene(2)
    s.hands[me] = [ZOT, ZOT]
    top = s.decks[0][-3:]
    _cast(s, me, minds.MEDITATE)
    assert sorted(s.hands[me]) == sorted([ZOT, ZOT] + top)
    assert s.phase == MOVE_AND_CAST and s.attacks == 1  # a neutral: the turn goes on, attack kept
    assert minds.MEDITATE in s.discards[0]
    names = cards.names(top[::-1])  # the top of the pile is its end
    assert names in _private(s, me) and names not in _public(s) and names not in _private(s, foe)
    assert "takes 3 cards" in _public(s)


def test_meditate_over_the_limit_trims_at_once() -> None:
    """"... then trim your hand back to its limit": 6 cards + 3 is 2 over 7."""
    s, me, _ = _scene(3)
    s.hands[me] = [ZOT] * 5
    _cast(s, me, minds.MEDITATE)
    assert s.phase == TRIMMING and s.trim == [me] and turn.over_limit(s, me) == 1


# -- Thought Steal ------------------------------------------------------------------------


def test_thought_steal() -> None:
    """Thought Steal: "Read the hand of a wizard in your line of sight and help yourself to
    as many as 2 of its cards, then discard down to your hand limit. Spells he maintains and
    items he carries cannot be taken." He reads the hand, then picks his two (R8-18)."""
    g = load_game("wizwar/8e", players=2)
    s, me, foe = _scene(4)
    s.hands[foe] = [FIREBALL, ZOT, ENERGY_5]
    s.items[foe] = [DAGGER]
    s.maintained[foe] = [(SHIELD, PERMANENT, foe)]
    _cast(s, me, minds.THOUGHT_STEAL, foe)
    assert s.phase == STEALING and g.to_act(s) == (me,)
    assert sorted(a.fields.get("card", "") for a in g.legal_actions(s, me)) == ["", "energy_5", "fireball", "zot"]
    minds.steal(s, FIREBALL)
    minds.steal(s, ENERGY_5)
    assert s.hands[me] == [FIREBALL, ENERGY_5] and s.hands[foe] == [ZOT] and s.phase == MOVE_AND_CAST
    assert s.items[foe] == [DAGGER] and s.maintained[foe] == [(SHIELD, PERMANENT, foe)]
    assert s.attacks == 0
    # hidden cards are named only to the two seats who know them
    for card in (FIREBALL, ENERGY_5):
        assert cards.NAME[card] not in _public(s)
        assert cards.NAME[card] in _private(s, me) and cards.NAME[card] in _private(s, foe)
    assert _public(s).count("takes a card from") == 2


def test_thought_steal_takes_what_there_is_and_trims_the_thief() -> None:
    """"as many as 2": one card is all there is to take; "then discard down to your hand
    limit"."""
    s, me, foe = _scene(5)
    s.hands[foe] = [ZOT]
    s.hands[me] = [FIREBALL] * 7
    _cast(s, me, minds.THOUGHT_STEAL, foe)
    minds.steal(s, ZOT)
    assert s.hands[foe] == [] and s.hands[me].count(ZOT) == 1
    assert s.phase == TRIMMING and turn.over_limit(s, me) == 1


def test_thought_steal_is_an_attack_that_invisible_may_evade() -> None:
    """R8-9: being an attack, it "may be evaded": Invisible rolls against it."""
    evaded = taken = 0
    for seed in range(12):
        s, me, foe = _scene(seed)
        s.hands[foe] = [ZOT, FIREBALL]
        s.maintained[foe] = [(striking.INVISIBLE, 3, foe)]
        _cast(s, me, minds.THOUGHT_STEAL, foe)
        if s.phase != STEALING:
            evaded += 1
            assert "misses" in _public(s)
        else:
            taken += 1
    assert evaded and taken


def test_thought_steal_needs_a_wizard_in_sight_and_the_attack() -> None:
    """Aimed at a wizard in sight, never oneself; barred in the first round (R8-3)."""
    s, me, foe = _scene(6)
    assert minds.SPELLS[minds.THOUGHT_STEAL].picks(s, Cast(me, minds.THOUGHT_STEAL)) == [foe]
    s.round = 1
    s.hands[me] = [minds.THOUGHT_STEAL]
    assert attacking.castable(s, me) == []


# -- Brain Burn ---------------------------------------------------------------------------


def test_brain_burn() -> None:
    """Brain Burn: "The target wizard may first throw away any of his cards, maintained
    spells included; he then takes 1 magical damage for each card he still holds and each
    spell he still maintains, carried items not counted." He throws away what he likes
    first (R8-18): here a card and his spell."""
    g = load_game("wizwar/8e", players=2)
    s, me, foe = _scene(7)
    s.hands[foe] = [ZOT, FIREBALL, ENERGY_4]
    s.maintained[foe] = [(cards.INDEX["strength"], 2, foe)]
    s.items[foe] = [DAGGER, BRAINSTONE]
    _cast(s, me, minds.BRAIN_BURN, foe)
    assert s.phase == BURNING and g.to_act(s) == (foe,)
    kinds = {a.kind for a in g.legal_actions(s, foe)}
    assert kinds == {"discard", "end-spell", "burn"}                    # his items are not his to throw
    g.apply(s, foe, next(a for a in g.legal_actions(s, foe) if a.fields.get("card") == "zot"))
    g.apply(s, foe, next(a for a in g.legal_actions(s, foe) if a.kind == "end-spell"))
    g.apply(s, foe, next(a for a in g.legal_actions(s, foe) if a.kind == "burn"))
    assert s.life[foe] == 15 - 2 and s.hands[foe] == [FIREBALL, ENERGY_4] and s.maintained[foe] == []
    assert s.attacks == 0 and s.phase == MOVE_AND_CAST
    assert "still holds 2 cards and maintains 0 spells" in _public(s)


def test_brain_burn_through_a_shield() -> None:
    """It is damage from an attack: Shield takes its energy + 2 off it (striking.strike)."""
    s, me, foe = _scene(8)
    s.hands[foe] = [SHIELD] + [ZOT] * 5
    s.hands[me].append(minds.BRAIN_BURN)
    attacking.begin(s, me, minds.BRAIN_BURN)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    attacking.aim(s, foe)
    assert s.phase == ANSWERING and s.asking == [foe]
    attacking.answer(s, foe, SHIELD)
    if s.phase == POWERING:
        attacking.power(s, foe, -1)
    minds.burn(s)
    assert s.life[foe] == 15 - (5 - 3)


# -- Share Life ---------------------------------------------------------------------------


def test_share_life() -> None:
    """Share Life: "Pool your life with that of a wizard in your line of sight and split the
    total evenly between you; if it is odd, you keep the extra point." """
    s, me, foe = _scene(9)
    s.life[me], s.life[foe] = 4, 19
    _cast(s, me, minds.SHARE_LIFE, foe)
    assert (s.life[me], s.life[foe]) == (12, 11)
    assert s.attacks == 1 and s.phase == MOVE_AND_CAST  # a neutral: no attack spent
    s.life[me], s.life[foe] = 20, 2
    _cast(s, me, minds.SHARE_LIFE, foe)
    assert (s.life[me], s.life[foe]) == (11, 11)


def test_share_life_may_be_cancelled_as_a_spell_at_him() -> None:
    """A spell that targets him: Full Shield cancels it."""
    s, me, foe = _scene(10)
    s.life[me], s.life[foe] = 2, 20
    s.hands[foe] = [FULL_SHIELD]
    s.hands[me].append(minds.SHARE_LIFE)
    attacking.begin(s, me, minds.SHARE_LIFE)
    attacking.aim(s, foe)
    assert FULL_SHIELD in attacking.answers(s, foe)
    attacking.answer(s, foe, FULL_SHIELD)
    while s.phase in (POWERING, ANSWERING):
        if s.phase == POWERING:
            attacking.power(s, foe, -1)
        else:
            attacking.answer(s, s.asking[0], -1)
    assert (s.life[me], s.life[foe]) == (2, 20)


# -- Drop Object --------------------------------------------------------------------------


def test_drop_object() -> None:
    """Drop Object: "As your attack, a wizard in your line of sight lets fall one treasure or
    carried item of your choosing (carried items are public); it lands in his square." The
    caster picks the wizard, then the thing."""
    s, me, foe = _scene(11)
    here = s.pos[foe]
    t = 2 * me
    s.carried[foe], s.treasure_at[t] = t, -1
    s.items[foe] = [DAGGER, BRAINSTONE]
    s.hands[me].append(minds.DROP_OBJECT)
    attacking.begin(s, me, minds.DROP_OBJECT)
    if s.phase == POWERING:
        attacking.power(s, me, -1)
    attacking.aim(s, foe)
    assert attacking.picks(s) == [GRAB_TREASURE + t, GRAB_ITEM + DAGGER, GRAB_ITEM + BRAINSTONE]
    attacking.aim(s, GRAB_ITEM + BRAINSTONE)
    while s.phase == ANSWERING:
        attacking.answer(s, s.asking[0], -1)
    assert s.carried[foe] == t and s.items[foe] == [DAGGER] and (here, BRAINSTONE) in s.floor
    assert s.attacks == 0
    s.attacks = 1
    _cast(s, me, minds.DROP_OBJECT, foe, GRAB_TREASURE + t)
    assert s.carried[foe] == -1 and s.treasure_at[t] == here and s.items[foe] == [DAGGER]


def test_drop_object_needs_something_to_drop() -> None:
    """Only a wizard who carries a treasure or an item may be picked."""
    s, me, foe = _scene(12)
    s.hands[me] = [minds.DROP_OBJECT]
    assert minds.DROP_OBJECT not in attacking.castable(s, me)
    s.items[foe] = [DAGGER]
    assert minds.DROP_OBJECT in attacking.castable(s, me)


# -- Yoink! -------------------------------------------------------------------------------


def test_yoink() -> None:
    """Yoink!: "Snatch one item a wizard in your line of sight is carrying (never a
    treasure) and add it to your own carried items." The caster picks which item."""
    s, me, foe = _scene(13)
    t = 2 * me
    s.carried[foe], s.treasure_at[t] = t, -1
    s.hands[me] = [minds.YOINK]
    assert minds.YOINK not in attacking.castable(s, me)  # a treasure is not an item
    s.hands[me] = []
    s.items[foe] = [BRAINSTONE, DAGGER]
    _cast(s, me, minds.YOINK, foe, GRAB_ITEM + DAGGER)
    assert s.items[me] == [DAGGER] and s.items[foe] == [BRAINSTONE] and s.carried[foe] == t
    assert s.attacks == 0 and "snatches" in _public(s)


def test_yoink_counts_toward_the_takers_limit() -> None:
    """R8-9: "the item taken goes to the caster's play area and counts toward his limit"."""
    s, me, foe = _scene(14)
    s.hands[me] = [ZOT] * 7
    s.items[foe] = [DAGGER]
    _cast(s, me, minds.YOINK, foe, GRAB_ITEM + DAGGER)
    assert s.items[me] == [DAGGER] and s.phase == TRIMMING and turn.over_limit(s, me) == 1


# -- Heave-Ho -----------------------------------------------------------------------------


def test_heave_ho() -> None:
    """Heave-Ho: "Hurl the treasure you carry at a target in your line of sight; it takes 1
    physical damage for each square the treasure flew, and the treasure lands in its
    square." """
    s, me, foe = _scene(15)
    dist = s.map.asm.grid_distances(s.pos[me])
    far = max(reach.squares_in_sight(s, me), key=lambda q: dist[q])
    assert dist[far] >= 2
    s.pos[foe] = far
    t = 2 * foe
    s.carried[me], s.treasure_at[t] = t, -1
    _cast(s, me, minds.HEAVE_HO, foe)
    assert s.life[foe] == 15 - dist[far] and s.carried[me] == -1 and s.treasure_at[t] == far
    assert s.attacks == 0


def test_heave_ho_needs_a_treasure_and_a_flight() -> None:
    """No treasure carried, nothing to hurl; a figure in his own square is no flight; no
    wall or door is offered."""
    s, me, foe = _scene(16)
    s.hands[me] = [minds.HEAVE_HO]
    assert minds.HEAVE_HO not in attacking.castable(s, me)
    s.carried[me], s.treasure_at[0] = 0, -1
    picks = minds.SPELLS[minds.HEAVE_HO].picks(s, Cast(me, minds.HEAVE_HO))
    assert foe not in picks
    assert all(p < 1000 or p >= SQUARE_THING for p in picks)


# -- through the game ---------------------------------------------------------------------


def test_the_cards_are_cast_through_the_game() -> None:
    """The game offers the cast of a mind card, and plays it from its actions."""
    g = load_game("wizwar/8e", players=2)
    s = g.new_state(17)
    me = s.turn
    s.hands[me] = [minds.MEDITATE]
    s.legal_for = -1
    acts = g.legal_actions(s, me)
    assert CASTS[minds.MEDITATE] in acts
    g.apply(s, me, CASTS[minds.MEDITATE])
    while g.to_act(s) != (me,) or s.phase != MOVE_AND_CAST:
        (p,) = g.to_act(s)
        g.apply(s, p, g.legal_actions(s, p)[0])
    assert len(s.hands[me]) == 3
