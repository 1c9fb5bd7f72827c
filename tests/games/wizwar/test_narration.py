"""The log tells every seat each change of a card's place that it may know of: a card taken
into a hand, one dropped or thrown onto the board, one sent to the discard pile with a spell
that failed; where the place is secret (a hand), the owner alone reads which card.

Each test reads the events a seat may read (`game.events`), as a person at the table would."""

from __future__ import annotations

import random
from collections import Counter

from wizarena.games.wizwar import cards, combat, forced, neutrals, stones
from wizarena.games.wizwar.actions import FORCED_DROP_OBJECT, K_DEAL, LET_STAND, TAKE_IT
from wizarena.games.wizwar.places import square_name

from .test_forced import arena, sq
from .test_turn import G2, act, cast_of, counter_of, duel, on_own_turn

NUMBER_3 = cards.INDEX["number_3"]


def read(s, seat: int | None) -> list[str]:
    return [e.text for e in G2.events(s, seat)]


def test_6e_7_absorb_spell_says_the_defender_takes_the_spell_into_his_hand() -> None:
    """6e 7: "If a spell is counteracted, its accompanying NUMBER card is discarded with it."
    Absorb Spell (cards.json): the absorbed spell's card goes into its target's hand. The
    log said only "Absorb Spell takes effect" and spoke of a number card never played."""
    s, q, t = duel([combat.POWER_DRAIN], [combat.ABSORB_SPELL])
    act(G2, s, q, cast_of(combat.POWER_DRAIN, t))
    act(G2, s, t, counter_of(combat.ABSORB_SPELL))
    mark = len(s.log)
    act(G2, s, q, LET_STAND)
    assert combat.POWER_DRAIN in s.hands[t]
    said = [e.text for e in s.log[mark:]]
    assert said == [f"Absorb Spell takes effect: P{t} takes the Power Drain into his hand"]
    for seat in (q, t, None):   # a card everyone saw cast: everyone reads where it went
        assert said[0] in read(s, seat)


def test_6e_7_a_counteracted_spell_names_the_number_card_discarded_with_it() -> None:
    """6e 7: "If a spell is counteracted, its accompanying NUMBER card is discarded with it.\""""
    s, q, t = duel([combat.LIGHTNING, NUMBER_3], [combat.FULL_SHIELD])
    act(G2, s, q, cast_of(combat.LIGHTNING, t, 3))
    act(G2, s, t, counter_of(combat.FULL_SHIELD))
    mark = len(s.log)
    act(G2, s, q, LET_STAND)
    assert NUMBER_3 in s.discard
    assert [e.text for e in s.log[mark:]] == [
        "Full Shield takes effect: the Lightning Blast is cancelled, its Number 3 goes to the discard pile"]


def test_6e_8_a_thrown_object_is_said_to_land_on_the_target_s_square() -> None:
    """6e 8: "Thrown objects land in the targeted square, or immediately before an
    intervening barrier." Everyone may see the object lie there: the log says where."""
    s, q, t = duel([combat.DAGGER], [])
    throw = next(a for a in G2.legal_actions(s, q) if a.kind == "throw" and a.fields["seat"] == t)
    act(G2, s, q, throw)
    where = square_name(s.map.asm, s.pos[t])
    damage = cards.VALUE[combat.DAGGER]
    assert f"P{q} throws Dagger at P{t} ({damage} damage); it lands on {where}, hit or miss" in read(s, None)


def test_6e_9_drop_object_says_where_the_object_falls() -> None:
    """6e 9: "Dropping: ... token goes on the pawn's square". Drop Object (cards.json): the
    object falls onto its holder's square for everyone to see."""
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], [combat.DAGGER, combat.FIREBALL]])
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    where = square_name(s.map.asm, sq(3, 2))
    said = [t for t in read(s, None) if "drops" in t]
    assert said == [f"P1 drops Dagger on {where} (drawn at random among his objects)"]


def test_6e_9_a_wizard_dropping_an_object_is_said_to_leave_it_on_his_square() -> None:
    """6e 9: "Dropping: any time during own turn; token goes on the pawn's square.\""""
    s, q, _t = duel([combat.DAGGER], [])
    drop = next(a for a in G2.legal_actions(s, q) if a.kind == "drop" and a.fields["card"] == "dagger")
    act(G2, s, q, drop)
    assert read(s, None)[-1] == f"P{q} drops Dagger on {square_name(s.map.asm, s.pos[q])}"


def test_6e_5_the_fireball_names_the_stones_it_sends_to_the_discard_pile() -> None:
    """6e 5: "Cards are used once then discarded face-up (discard pile is public)". Fireball
    (cards.json) destroys the stones of a wizard it hurts: they go to the public pile, so
    every seat reads which."""
    s, q, t = duel([combat.FIREBALL], [stones.BLOODSTONE, stones.SPEEDSTONE])
    act(G2, s, q, cast_of(combat.FIREBALL, t))
    act(G2, s, t, TAKE_IT)
    assert f"the Fireball destroys P{t}'s Bloodstone, Speedstone: to the discard pile" in read(s, q)


def test_6e_7_a_negated_neutral_names_the_number_card_discarded_with_it() -> None:
    """6e 7: "If a spell is counteracted, its accompanying NUMBER card is discarded with it.\""""
    s, q = on_own_turn(G2, [neutrals.WALL_OF_FIRE, NUMBER_3], [[neutrals.NEGATE]])
    t = 1 - q
    fire = next(a for a in G2.legal_actions(s, q) if a.kind == "cast-neutral" and a.fields.get("number") == "number_3")
    act(G2, s, q, fire)
    act(G2, s, q, next(a for a in G2.legal_actions(s, q) if a.kind == "aim"))
    act(G2, s, t, counter_of(neutrals.NEGATE))
    act(G2, s, q, G2.legal_actions(s, q)[0])   # the caster has no Anti-Anti: he lets it stand
    assert NUMBER_3 in s.discard and neutrals.WALL_OF_FIRE in s.discard
    assert f"Negate Neutral stands: P{q}'s Wall of Fire is cancelled, its Number 3 with it" in read(s, t)


def test_6e_5_fear_names_the_number_card_it_is_cast_with() -> None:
    """6e 5: a NUMBER card sets a spell's "DURATION (turns)"; it is discarded with the spell."""
    s, q = on_own_turn(G2, [forced.FEAR, NUMBER_3])
    fear = next(a for a in G2.legal_actions(s, q) if a.fields.get("card") == "fear" and a.fields.get("number"))
    act(G2, s, q, fear)
    assert any(t.startswith(f"P{q} casts Fear on himself with a Number 3 for 3 turn(s)") for t in read(s, None))


def test_drop_the_forced_object_choice_still_names_the_square() -> None:
    """Drop Object with a treasure carried: the caster's choice of an object; where it falls."""
    s = arena(G2, [sq(0, 2), sq(3, 2)], [[forced.DROP_OBJECT], [combat.DAGGER]])
    s.carried[1] = 0
    s.treasure_at[0] = -1
    act(G2, s, 0, cast_of(forced.DROP_OBJECT, 1))
    act(G2, s, 1, TAKE_IT)
    act(G2, s, 0, FORCED_DROP_OBJECT)
    where = square_name(s.map.asm, sq(3, 2))
    assert read(s, 0)[-1] == f"P1 drops Dagger on {where} (drawn at random among his objects)"


def test_every_card_place_change_is_told_to_a_seat_that_may_know_it() -> None:
    """Random games: whenever an object comes to lie on the board, or a card leaves a public
    place (the floor, the discard pile, the spells in the air) for a hand, an event every
    seat reads that step names the card (and, on the board, its square). Deals are left
    out: an offer is the two partners' secret, told to them alone (test_deals.py)."""
    for seed in range(8):
        s = G2.new_state(seed)
        rng = random.Random(seed)
        for _ in range(500):
            if not G2.to_act(s):
                break
            q = G2.to_act(s)[0]
            action = rng.choice(G2.legal_actions(s, q))
            floor, hands, mark, deck = list(s.floor), [Counter(h) for h in s.hands], len(s.log), len(s.deck)
            public = Counter([c for _sq, c in s.floor] + s.discard + s.flight)
            G2.apply(s, q, action)
            if action.data[0] == K_DEAL or len(s.deck) > deck:  # a deal; the discard pile shuffled anew
                continue
            said = " ".join(e.text for e in s.log[mark:] if e.to is None)
            fallen = Counter(c for _sq, c in s.floor) - Counter(c for _sq, c in floor)
            for at, c in Counter(s.floor) - Counter(floor):
                if c in fallen:  # an object that came to lie on the board (not one a sector carried)
                    assert cards.NAME[c] in said and square_name(s.map.asm, at) in said, said
            left = public - Counter([c for _sq, c in s.floor] + s.discard + s.flight)
            entered = sum((Counter(h) - before for h, before in zip(s.hands, hands, strict=True)), Counter())
            for c in left & entered:
                assert cards.NAME[c] in said, (cards.NAME[c], said)
