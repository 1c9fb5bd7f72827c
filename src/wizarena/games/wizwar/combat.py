"""Attacks and their answers (6e 6 and 7): an attack goes into the air, its target may
answer with counteractions one at a time in the order he chooses, each direct answer may
itself be answered (Anti-Anti) and the exchange bounces until someone lets it stand, and
what is left of the attack then hits.

The cards that take part have their behaviour here, keyed by card (their facts are data
in cards.json): the damage spells Fireball, Lightning Blast, Powerthrust, Sudden Death,
Thought Steal, Card Erasure and Power Drain, the conditions Blind, Medusa and Slow Death (effects.py: they deal no
damage of their own, so they hit when taken), the forced moves (forced.py), and the answers
Blunt, Absorb Damage, Full Shield, Absorb Spell, Reflection (half goes back at the caster in
a window of its own: `send_back`) and Anti-Anti. Every seat that may answer is asked,
whether or not it holds an answer, so being asked reveals nothing of a hand.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import others, say

from . import cards, effects, forced, spellcraft, stones
from .places import square_name
from .state import R_COMBAT, R_COUNTER, WizWarState, holds, is_out, mark_played, one_of

FIREBALL: Final[int] = cards.INDEX["fireball"]
LIGHTNING: Final[int] = cards.INDEX["lightning_blast"]
POWERTHRUST: Final[int] = cards.INDEX["powerthrust"]
SUDDEN_DEATH: Final[int] = cards.INDEX["sudden_death"]
BLUNT: Final[int] = cards.INDEX["blunt"]
ABSORB_DAMAGE: Final[int] = cards.INDEX["absorb_damage"]
FULL_SHIELD: Final[int] = cards.INDEX["full_shield"]
ABSORB_SPELL: Final[int] = cards.INDEX["absorb_spell"]
ANTI_ANTI: Final[int] = cards.INDEX["anti_anti"]
THOUGHT_STEAL: Final[int] = cards.INDEX["thought_steal"]
CARD_ERASURE: Final[int] = cards.INDEX["card_erasure"]
POWER_DRAIN: Final[int] = cards.INDEX["power_drain"]
DAGGER: Final[int] = cards.INDEX["dagger"]
LARGE_ROCK: Final[int] = cards.INDEX["large_rock"]
WIZARDBLADE: Final[int] = cards.INDEX["wizardblade"]
TELEPORT: Final[int] = cards.INDEX["teleport"]
BLINK: Final[int] = cards.INDEX["blink"]
REFLECTION: Final[int] = cards.INDEX["reflection"]
THROWN: Final[tuple[int, ...]] = (DAGGER, LARGE_ROCK)
THROW_RANGE: Final = 10

# The attack spells and the counteractions that answer an attack in the air.
SPELLS: Final[tuple[int, ...]] = (
    FIREBALL, LIGHTNING, POWERTHRUST, SUDDEN_DEATH, THOUGHT_STEAL, CARD_ERASURE, POWER_DRAIN,
    effects.BLIND_CARD, effects.MEDUSA, effects.SLOW_DEATH,  # conditions (effects.py)
    forced.GO_AWAY, forced.WATERBOLT, forced.SWAP, forced.DRAG, forced.DROP_OBJECT, forced.STONE_DEAD,  # forced.py
)
ANSWERS: Final[tuple[int, ...]] = (BLUNT, ABSORB_DAMAGE, FULL_SHIELD, ABSORB_SPELL, REFLECTION)
PUNCH: Final = -1  # the "card" of a punch


def damage_of(card: int, number: int) -> int:
    """What an attack would deal before any answer; `number` is the NUMBER card's value, 0
    for none (5: "any card played without a number card has power 1")."""
    if card == PUNCH:
        return 1
    if card == FIREBALL or card == SUDDEN_DEATH or one_of(card, THROWN) or card == WIZARDBLADE:
        return cards.VALUE[card]
    if card == POWERTHRUST:
        return cards.VALUE[card] + (number if number else 1)
    return number if number else 1  # NUMBER damage, or a NUMBER of cards


def damaging(card: int) -> bool:
    """Whether the attack deals damage when it hits. Slow Death's damage comes later, one
    tick per card drawn (effects.py): its casting deals none, so Blunt and Absorb Damage
    answer the ticks, not the curse."""
    return card == PUNCH or cards.DAMAGE[card] != "" and card != effects.SLOW_DEATH


def answers_for(s: WizWarState, seat: int) -> list[int]:
    """The counteractions `seat` holds that answer the attack in the air now."""
    card = s.window[2]
    spell = card != PUNCH and not cards.PHYSICAL[card]
    hurts = damaging(card)
    out: list[int] = []
    for c in ANSWERS:
        if not holds(s.hands[seat], c) or c in out:
            continue
        if (c == BLUNT or c == ABSORB_DAMAGE) and hurts or (c == FULL_SHIELD or c == ABSORB_SPELL) and spell:
            out.append(c)
        elif c == REFLECTION and spell and not cards.OBJECT[card]:  # spells only, not a struck blade
            out.append(c)
    return out


def answerer(s: WizWarState) -> int:
    """Who decides now: the target, or, while an exchange bounces, the side that answers
    its top card (the attacker answers the target's counteraction, and so on)."""
    attacker, defender = s.window[0], s.window[1]
    if not s.chain:
        return defender
    return attacker if len(s.chain) % 2 == 1 else defender


def attack(s: WizWarState, attacker: int, target: int, card: int, number_card: int) -> None:
    """Put an attack in the air (the cards leave the hand, into `flight`)."""
    number = stones.number_value(s, attacker, number_card) if number_card >= 0 else 0
    if one_of(card, THROWN):  # it flies and lands in the target's square, hit or miss (6e 8)
        s.hands[attacker].remove(card)
        s.floor.append((s.pos[target], card))
    elif card != PUNCH and card != WIZARDBLADE:  # a Wizardblade strikes and stays in hand
        s.hands[attacker].remove(card)
        s.flight.append(card)
    if number_card >= 0:
        s.hands[attacker].remove(number_card)
        s.flight.append(number_card)
        mark_played(s, attacker, number_card)
    if card != PUNCH:  # every card, the Wizardblade too: it struck, though it stays in hand
        mark_played(s, attacker, card)
    stones.forget(s, attacker)
    if s.bend == attacker and card != PUNCH and not cards.OBJECT[card]:
        s.bend = -1  # Around the Corner served this spell (spellcraft.py)
    strength = damage_of(card, number)
    if card == forced.STONE_DEAD:
        strength = forced.stone_dead(s, target, strength)
    s.window = (attacker, target, card, number_card, strength, strength)
    s.chain = []
    if s.log is not None:
        if card == PUNCH:
            what = "punches"
        elif cards.OBJECT[card]:
            what = f"{'strikes with' if card == WIZARDBLADE else 'throws'} {cards.NAME[card]}"
        else:
            what = f"casts {cards.NAME[card]}" + (f" with a {number}" if number else "")
        lands = f"; it lands on {square_name(s.map.asm, s.pos[target])}, hit or miss" if one_of(card, THROWN) else ""
        say(s, "attack", R_COMBAT, f"P{attacker} {what} at P{target} ({worth(card, strength)}){lands}")


def worth(card: int, strength: int) -> str:
    """What an attack's strength counts, in words: damage, squares, turns or cards."""
    if one_of(card, forced.HITS):  # forced moves: squares to move, or nothing counted
        return f"{strength} square(s)" if cards.USES_NUMBER[card] == "distance" else "no damage"
    if damaging(card):
        return f"{strength} damage"
    if one_of(card, effects.ATTACKS):
        return "for life" if card == effects.SLOW_DEATH else f"for {strength} turn(s)"
    return f"{strength} card(s)"


def counter(s: WizWarState, seat: int, card: int) -> None:
    """A counteraction, or an Anti-Anti against the top of the exchange (7)."""
    s.hands[seat].remove(card)
    s.flight.append(card)
    s.chain.append(card)
    mark_played(s, seat, card)
    stones.forget(s, seat)
    spellcraft.record(s, seat, card)
    if s.log is not None:
        if card == ANTI_ANTI:
            say(s, "counter", R_COUNTER, f"P{seat} answers {cards.NAME[s.chain[-2]]} with Anti-Anti")
        else:
            say(s, "counter", R_COUNTER, f"P{seat} counteracts with {cards.NAME[card]}")


def let_stand(s: WizWarState, seat: int) -> bool:
    """The exchange comes to rest. Each Anti-Anti cancels the card below it, so the first
    counteraction takes effect when an even number of them stand above it. Returns True
    when the attack is stopped altogether (the window closes)."""
    first, above = s.chain[0], len(s.chain) - 1
    s.chain = []
    if above % 2 == 1:
        if s.log is not None:
            say(s, "counter", R_COUNTER, f"P{seat} lets it stand: {cards.NAME[first]} is cancelled")
        _discard_flight(s, keep=True)
        return False
    attacker, target, card, number_card, dmg, first_strength = s.window
    if first == BLUNT:
        dmg = (dmg + 1) // 2  # 7: halving rounds up, each time
    elif first == ABSORB_DAMAGE:
        dmg = max(0, dmg - cards.VALUE[ABSORB_DAMAGE])
    elif first == REFLECTION:  # docs ruling 4: both halves round up; the count as cast splits too
        dmg = first_strength = (dmg + 1) // 2
        if dmg > 0:
            s.reflected.append((target, attacker, card, dmg))
    s.window = (attacker, target, card, number_card, dmg, first_strength)
    if first == FULL_SHIELD or first == ABSORB_SPELL:
        taken = first == ABSORB_SPELL and card in s.flight
        if taken:  # the spell's card goes to the target's hand, its number card away (ruling R3:
            s.flight.remove(card)  # a Wizardblade stays its owner's)
            s.hands[target].append(card)
        if s.log is not None:
            what = f"P{target} takes the {cards.NAME[card]} into his hand" if taken else \
                f"the {cards.NAME[card]} is cancelled"
            if number_card >= 0:
                what += f", its {cards.NAME[number_card]} goes to the discard pile"
            say(s, "counter", R_COUNTER, f"{cards.NAME[first]} takes effect: {what}")
        _discard_flight(s, keep=False)
        return True
    if s.log is not None:
        say(s, "counter", R_COUNTER, f"{cards.NAME[first]} takes effect ({worth(card, dmg)} left)")
    _discard_flight(s, keep=True)
    return False


def _discard_flight(s: WizWarState, keep: bool) -> None:
    """To the discard pile: the answers of a finished exchange, and (keep False) the
    attack's own cards too."""
    card, number_card = s.window[2], s.window[3]
    staying = [c for c in (card, number_card) if c >= 0 and keep and c in s.flight]
    for c in staying:
        s.flight.remove(c)
    s.discard += s.flight
    s.flight = staying


def escape(s: WizWarState, seat: int, card: int) -> None:
    """An escape (7): the attack misses outright and its spell dissipates; Anti-Anti cannot
    answer it, so the window closes. Where the escaper lands is the caller's."""
    s.hands[seat].remove(card)
    stones.forget(s, seat)
    s.discard.append(card)
    mark_played(s, seat, card)
    spellcraft.record(s, seat, card)
    s.discard += s.flight
    s.flight, s.chain = [], []
    if s.log is not None:
        say(s, "counter", R_COUNTER, f"P{seat} escapes with {cards.NAME[card]}: the attack misses")


def _at_random(s: WizWarState, seat: int, count: int) -> list[int]:
    """`count` cards drawn at random from a hand (shown cards are in it, 5)."""
    taken: list[int] = []
    hand = s.hands[seat]
    for _ in range(min(count, len(hand))):
        taken.append(hand.pop(s.rng.below(len(hand))))
    stones.forget(s, seat)
    return taken


def _names(hand: list[int]) -> str:
    return ", ".join(cards.NAME[c] for c in hand)


def hit(s: WizWarState) -> tuple[int, int, int, int, int]:
    """The attack lands with what is left of it: (attacker, target, card, strength left,
    strength as cast); its cards go to the discard pile."""
    attacker, target, card, _number, strength, first_strength = s.window
    s.discard += s.flight
    s.flight = []
    return attacker, target, card, strength, first_strength


def physical(card: int) -> bool:
    return card == PUNCH or cards.PHYSICAL[card] or cards.DAMAGE[card] == "physical"


def secondary(s: WizWarState, attacker: int, card: int, target: int, dealt: int, strength: int,
              cast: int) -> None:
    """What an attack does besides its damage, only when some got through (7), and after
    the target's stones took their part (Bloodstone before the Fireball breaks it); and
    the spells that take or erase `strength` cards. `cast`: the strength as cast."""
    if card == POWER_DRAIN and dealt > 0 and not is_out(s, attacker):
        s.life[attacker] += cast  # the full amount, whatever reduced the damage (12); none if none got through (7)
        if s.log is not None:
            say(s, "attack", "WW card Power Drain", f"P{attacker} gains {cast} life ({s.life[attacker]})")
    if is_out(s, target):
        return
    if one_of(card, effects.ATTACKS):  # no damage of their own: they hit when taken (nothing stopped them)
        effects.struck(s, attacker, target, card, strength)
    if dealt > 0 and card == LIGHTNING and target != s.turn:  # at the turn's own wizard (reflected):
        s.lost[target] += 1                                   # the game ends his current turn
        if s.log is not None:
            say(s, "attack", "WW card Lightning Blast", f"P{target} is stunned: he loses his next turn")
    if card == THOUGHT_STEAL or card == CARD_ERASURE:
        taken = _at_random(s, target, strength)
        if card == THOUGHT_STEAL:
            s.hands[attacker] += taken
            if s.log is not None:
                say(s, "attack", "WW card Thought Steal", f"P{attacker} takes {len(taken)} card(s) from P{target}",
                    others(attacker) & others(target))
                say(s, "attack", "WW card Thought Steal", f"you take {_names(taken)} from P{target}", 1 << attacker)
                say(s, "attack", "WW card Thought Steal", f"P{attacker} takes your {_names(taken)}", 1 << target)
        else:
            s.discard += taken
            if s.log is not None:
                say(s, "attack", "WW card Card Erasure", f"P{target} discards {_names(taken)} at random")
    if dealt > 0 and card == FIREBALL:
        broken = [c for c in s.hands[target] if cards.KIND[c] == "stone"]
        for c in broken:
            s.hands[target].remove(c)
            s.discard.append(c)
        stones.forget(s, target)
        if broken and s.log is not None:  # they go to the discard pile, face up for all to see
            say(s, "attack", "WW card Fireball", f"the Fireball destroys P{target}'s {_names(broken)}: "
                "to the discard pile")


def send_back(s: WizWarState) -> bool:
    """Reflection: the next returning half flies back at its caster, a new attack in the
    air that he may answer (`s.window`, no cards of its own in flight), coming back the way
    it went, so no sight is asked. False when its caster is out of the game."""
    reflector, caster, card, strength = s.reflected.pop(0)
    if is_out(s, caster):
        return False
    s.window = (reflector, caster, card, -1, strength, strength)
    s.chain = []
    if s.log is not None:
        say(s, "attack", "WW card Reflection", f"half of P{caster}'s {cards.NAME[card]} comes back at him ({strength})")
    return True
