"""The transformations, the curses and the lasting spells on oneself (their texts in
data/cards-8e.json, in our words): Gnome, Golem, Werewolf, Slime and Big Man Form, Mist
Body; Acid Bath, Slow Death and Disease; Invisible, Adrenaline, Strength, Pain Link,
Shatter and Stone Spikes.

Each is a `Spell` entry (spells.py) that stays in play as a maintained spell (rule 16).
A spell on oneself has no aim (no decision to make); its resolve names the caster as what
it lies on (`cast.aims`), which is what attacking keeps in the play area, so that
harm.upon finds it on him. What they do while they lie there is read where it
happens:

- forms: base speed (upkeep.FORM_SPEED, through moving.change_speed; one form at a time,
  upkeep.take_form); Gnome Form's d4, Golem Form's armour and punch, Werewolf Form's d4
  punch, Big Man Form's punch of 3 (striking); "only counter spells may be cast" (Golem,
  Werewolf, Slime: `counters_only`, read by attacking.castable); "cannot attack" (Slime,
  Mist Body: `cannot_attack`, read by turn.may_attack); Mist Body is never hit
  (striking.evades) and drifts through doors (moving.step_to);
- Invisible: its d4 against every attack (striking.evades);
- Acid Bath: 2 magical damage in each of its caster's Time Passes (upkeep.time_passes);
  Slow Death: 1 magical damage a card drawn (upkeep.drew, from turn.draw). Each is an
  attack only as it is cast: it may be evaded then, and an evaded curse does not stay
  (attacking's close keeps nothing on a figure that evaded it); a Waterbolt that strikes
  the figure washes an Acid Bath away (combat.py);
- Disease: a curse its caster carries, cast as the turn's attack with no aim; while it
  lies on him each square he enters deals its 3 damage to the figures in it, once a
  turn each (footing.entered), a kill being his only on the turn it was cast (ruling
  R8-21: the cast marks the turn in the state's `sick`);
- Adrenaline: two attacks a turn (upkeep.attacks at turn start; at once when cast on the
  turn's wizard); stunned, one attack and movement, or two attacks without moving
  (`attack_after_moving`, `move_after_attack`);
- Strength: physical damage doubled (striking.strike and strike_thing);
- Pain Link: an attacker takes what his attack dealt the bearer (striking.strike); it may
  also be cast in answer to an attack (counters.ANSWERS);
- Shatter: every point of damage its caster deals to an object is a crack
  (striking.strike_thing);
- Stone Spikes: while it lasts, a spike flung as the attack (`USES`): its use is offered
  like a carried item's (attacking.usable_items reads `uses_in_play`), and the card stays
  in play afterwards; Strength's wrench is offered the same way.

Slime Form oozes under doors, dropping a treasure it carries there (moving.step_to,
moving.walk), and hurts each figure in a square it enters (footing.entered). A golem
picks up a treasure for a movement point (treasures.pick_up). A Big Man fills his square:
no one steps into it, and he shoves whoever stands where he steps on ahead of him
(moving.step_to, moving.walk); no one sees, aims or casts past him (ruling R8-32,
reach.big_men).

Mist Body and Slime Form pass the objects on the board as ruling R8-30 reads them
(footing.entered).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, footing, harm, items, reach, striking, treasures, upkeep
from .spells import FIGURE, NO_AIM, Spell, nothing_to_pick, one_pick
from .state import GRAB_ITEM, GRAB_TREASURE, R_CARD, Cast, EighthState

GNOME_FORM: Final[int] = striking.GNOME_FORM
GOLEM_FORM: Final[int] = striking.GOLEM_FORM
WEREWOLF_FORM: Final[int] = striking.WEREWOLF_FORM
SLIME_FORM: Final[int] = upkeep.SLIME_FORM
BIG_MAN_FORM: Final[int] = upkeep.BIG_MAN_FORM
MIST_BODY: Final[int] = upkeep.MIST_BODY
INVISIBLE: Final[int] = striking.INVISIBLE
ACID_BATH: Final[int] = upkeep.ACID_BATH
SLOW_DEATH: Final[int] = upkeep.SLOW_DEATH
ADRENALINE: Final[int] = upkeep.ADRENALINE
STRENGTH: Final[int] = striking.STRENGTH
PAIN_LINK: Final[int] = striking.PAIN_LINK
SHATTER: Final[int] = striking.SHATTER
STONE_SPIKES: Final[int] = cards.INDEX["stone_spikes"]
DISEASE: Final[int] = footing.DISEASE

SPIKE_DAMAGE: Final = 3
WRENCH_ROLL: Final = 2   # Strength's wrench succeeds on a d4 of 2 or more
COUNTERS_ONLY: Final[tuple[int, ...]] = (GOLEM_FORM, WEREWOLF_FORM, SLIME_FORM)
NO_ATTACKS: Final[tuple[int, ...]] = (SLIME_FORM, MIST_BODY)


# -- what lying on a wizard forbids or allows ----------------------------------------------


def counters_only(s: EighthState, seat: int) -> bool:
    """Golem, Werewolf and Slime Form: "only counter spells may be cast"."""
    return upkeep.form_of(s, seat) in COUNTERS_ONLY


def cannot_attack(s: EighthState, seat: int) -> bool:
    """Slime Form ("you cannot attack") and Mist Body ("can neither attack nor be attacked")."""
    return upkeep.form_of(s, seat) in NO_ATTACKS


def attack_after_moving(s: EighthState, seat: int) -> bool:
    """Adrenaline, stunned: "one attack plus movement": having moved, he may still attack
    once, if he has not attacked yet."""
    return harm.upon(s, seat, ADRENALINE) and not s.struck


def move_after_attack(s: EighthState, seat: int) -> bool:
    """Adrenaline, stunned: having attacked once, he may still move (and then attacks no
    more: `attack_after_moving` is false once he has attacked)."""
    return harm.upon(s, seat, ADRENALINE) and s.attacks > 0


def uses_in_play(s: EighthState, seat: int) -> list[int]:
    """The spells `seat` maintains that he may use like an item (Stone Spikes), each once."""
    out: list[int] = []
    for card, _, _ in s.maintained[seat]:
        if card in USES and card not in out:
            out.append(card)
    return out


def lift(s: EighthState, seat: int, card: int) -> int:
    """`seat` uses the spell `card` he maintains (Stone Spikes): it leaves his play area for
    the use, as an item does, and its resolve puts it back; returns its tokens, which the
    use carries as its energy."""
    for k, (held, tokens, _) in enumerate(s.maintained[seat]):
        if held == card:
            del s.maintained[seat][k]
            return tokens
    raise ValueError(f"P{seat} maintains no {cards.NAME[card]}")


# -- the forms and the spells on oneself ----------------------------------------------------


def _on_self(s: EighthState, cast: Cast) -> None:
    """A spell on oneself: it lies on its caster."""
    cast.aims.append(cast.seat)
    if s.log is not None:
        say(s, "spell", R_CARD, f"{cards.NAME[cast.card]} lies on P{cast.seat}")


def _form(s: EighthState, cast: Cast) -> None:
    """A transformation: the old form ends, the base speed becomes the new one's (rule 7)."""
    if s.log is not None:
        say(s, "form", R_CARD, f"P{cast.seat} takes {cards.NAME[cast.card]}")
    upkeep.take_form(s, cast.seat, cast.card)
    cast.aims.append(cast.seat)


# -- Adrenaline ---------------------------------------------------------------------------


def _adrenaline_picks(s: EighthState, seat: int) -> list[int]:
    """"A wizard or creature in your line of sight": himself, or another figure he sees."""
    return [seat] + reach.figures_in_sight(s, seat)


def _adrenaline(s: EighthState, cast: Cast) -> None:
    """The second attack comes at once when it lies on the turn's wizard (it is his turn:
    "each turn while the spell lasts"), and at the start of each of his turns after."""
    target = cast.aims[0]
    if target == s.turn and not harm.upon(s, target, ADRENALINE):
        s.attacks += 1
    if s.log is not None:
        say(s, "spell", R_CARD, f"Adrenaline: P{target} gains a second attack each turn")


# -- the curses ---------------------------------------------------------------------------


def _figures(s: EighthState, seat: int) -> list[int]:
    return reach.figures_in_sight(s, seat)


def _wizards(s: EighthState, seat: int) -> list[int]:
    return [f for f in reach.figures_in_sight(s, seat) if f < s.n]


def _curse(s: EighthState, cast: Cast) -> None:
    """The curse is cast as an attack: Invisible, Gnome Form (and Mist Body) may make it
    miss, and then it does not stay (attacking keeps nothing on a figure that evaded it)."""
    target = cast.aims[0]
    if target not in cast.evaded and striking.evades(s, target):
        cast.evaded.append(target)
    if s.log is not None and target not in cast.evaded:
        say(s, "curse", R_CARD, f"{cards.NAME[cast.card]} lies on P{target}")


def _disease(s: EighthState, cast: Cast) -> None:
    """Disease: "You carry a plague ... It counts as your attack only on the turn you cast
    it." It lies on its caster (what it does: footing.entered), and the turn is marked as
    the one it was cast in, which turn.start forgets (ruling R8-21)."""
    _on_self(s, cast)
    s.sick |= footing.PLAGUE_CAST


# -- Stone Spikes -------------------------------------------------------------------------


def _spike(s: EighthState, cast: Cast) -> None:
    """A stone spike at a target in sight: 3 physical damage; the spell goes back into play
    with its tokens (`lift`)."""
    if s.log is not None:
        say(s, "spike", R_CARD, f"P{cast.seat} flings a stone spike")
    s.maintained[cast.seat].append((cast.card, cast.energy, cast.seat))
    striking.strike_thing(s, cast, cast.aims[0], SPIKE_DAMAGE)


# -- Strength's wrench ----------------------------------------------------------------------


def _holds(s: EighthState, seat: int, figure: int) -> list[int]:
    """What `seat` may wrench from wizard `figure`: his treasure (while `seat` carries none)
    and each kind of item he carries."""
    return items.carried_picks(s, figure, treasure=s.carried[seat] < 0)


def _wrench_picks(s: EighthState, cast: Cast) -> list[int]:
    """Strength: a wizard in his own square with something to wrench, then what."""
    seat = cast.seat
    if not cast.aims:
        return [f for f in reach.figures(s) if f < s.n and f != seat and s.pos[f] == s.pos[seat]
                and not reach.untargetable(s, f) and _holds(s, seat, f)]
    return _holds(s, seat, cast.aims[0]) if len(cast.aims) == 1 else []


def _wrench(s: EighthState, cast: Cast) -> None:
    """Strength: "as your attack you may try to wrench a treasure or item from a figure in
    your square, succeeding if a d4 shows 2, 3 or 4." The spell goes back into play with
    its tokens (`lift`); evasion rolls first, as against any attack."""
    seat, (target, thing) = cast.seat, cast.aims
    s.maintained[seat].append((cast.card, cast.energy, seat))
    if striking.misses(s, cast, target):
        return
    roll = s.rng.below(4) + 1
    treasure = thing < GRAB_ITEM
    there = s.carried[target] == thing - GRAB_TREASURE if treasure else thing - GRAB_ITEM in s.items[target]
    won = roll >= WRENCH_ROLL and there and not (treasure and s.carried[seat] >= 0)
    if won and treasure:
        s.carried[target], s.carried[seat] = -1, thing - GRAB_TREASURE
    elif won:
        s.items[target].remove(thing - GRAB_ITEM)
        s.items[seat].append(thing - GRAB_ITEM)
    if s.log is not None:
        what = f"P{(thing - GRAB_TREASURE) // treasures.EACH}'s treasure" if treasure else cards.NAME[thing - GRAB_ITEM]
        say(s, "wrench", R_CARD, f"P{seat} tries to wrench the {what} from P{target}: he rolls {roll}"
            + (", and has it" if won else ", and fails"))
    if won and treasure:
        treasures.arrive(s, seat)  # wrenched on his own home base, it scores there (R8-1)


SELF: Final = Spell(NO_AIM, nothing_to_pick, _on_self, attack=False, stays=True)
FORM: Final = Spell(NO_AIM, nothing_to_pick, _form, attack=False, stays=True)

SPELLS: Final[dict[int, Spell]] = {
    GNOME_FORM: FORM,
    GOLEM_FORM: FORM,
    WEREWOLF_FORM: FORM,
    SLIME_FORM: FORM,
    BIG_MAN_FORM: FORM,
    MIST_BODY: FORM,
    INVISIBLE: SELF,
    STRENGTH: SELF,
    PAIN_LINK: SELF,
    SHATTER: SELF,
    STONE_SPIKES: SELF,
    ADRENALINE: Spell(FIGURE, one_pick(_adrenaline_picks), _adrenaline, attack=False, stays=True),
    ACID_BATH: Spell(FIGURE, one_pick(_figures), _curse, attack=True, stays=True),
    SLOW_DEATH: Spell(FIGURE, one_pick(_wizards), _curse, attack=True, stays=True),
    DISEASE: Spell(NO_AIM, nothing_to_pick, _disease, attack=True, stays=True),
}

USES: Final[dict[int, Spell]] = {
    STONE_SPIKES: Spell(FIGURE, one_pick(reach.targets_in_sight), _spike, attack=True, item=True, powered=False),
    STRENGTH: Spell(FIGURE, _wrench_picks, _wrench, attack=True, item=True, powered=False),
}
