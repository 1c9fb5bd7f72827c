"""How an attack lands on a figure (brief rules 3, 12 and 13; the cards that change it):
evasion, the answers' reductions, what a figure wears against harm, and fire.

Every attack's damage to a wizard or creature goes through `strike`, so each card that
changes damage (Shield's cut, Invisible's and Gnome Form's d4, Golem Form's and the
Bloodshard's armour, Featherweight's pushes, fire breaking carried magic stones) is
applied in one place and leaves its event. An attack that does more than damage to a
figure it reaches (Waterbolt's knock-back) asks `misses` first, then deals its damage with
`land`, so that evasion is rolled once.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, cracks, harm, pushing
from .state import LINE_THING, R_ANSWER, R_CARD, R_PUNCH, SQUARE_THING, Cast, EighthState

INVISIBLE: Final[int] = cards.INDEX["invisible"]
GNOME_FORM: Final[int] = cards.INDEX["gnome_form"]
GOLEM_FORM: Final[int] = harm.GOLEM_FORM
WEREWOLF_FORM: Final[int] = cards.INDEX["werewolf_form"]
BIG_MAN_FORM: Final[int] = cards.INDEX["big_man_form"]
MIST_BODY: Final[int] = harm.MIST_BODY
STRENGTH: Final[int] = cards.INDEX["strength"]
PAIN_LINK: Final[int] = cards.INDEX["pain_link"]
SHATTER: Final[int] = cards.INDEX["shatter"]
FIRE_CLOAK: Final[int] = cards.INDEX["fire_cloak"]
MIGHTSTONE: Final[int] = cards.INDEX["mightstone"]
FEATHERWEIGHT: Final[int] = cards.INDEX["featherweight"]


def evades(s: EighthState, figure: int) -> bool:
    """Invisible (misses on a d4 of 2-4) and Gnome Form (1-2) each roll against an attack;
    Mist Body "can neither attack nor be attacked": every attack misses it."""
    if harm.upon(s, figure, MIST_BODY):
        if s.log is not None:
            say(s, "evade", R_CARD, f"the attack passes through P{figure}'s Mist Body")
        return True
    for card, misses in ((INVISIBLE, (1, 2, 3)), (GNOME_FORM, (0, 1))):
        if harm.upon(s, figure, card):
            roll = s.rng.below(4)
            if s.log is not None:
                say(s, "evade", R_ANSWER, f"{cards.NAME[card]}: P{figure} rolls {roll + 1}"
                    + (" and the attack misses" if roll in misses else ", not enough"))
            if roll in misses:
                return True
    return False


def misses(s: EighthState, cast: Cast, figure: int) -> bool:
    """Whether the attack `cast` misses `figure`: it evaded this cast already, or evades it
    now (the roll is made once a cast, and remembered in `cast.evaded`)."""
    if figure in cast.evaded:
        return True
    if evades(s, figure):
        cast.evaded.append(figure)
        return True
    return False


def strike(s: EighthState, cast: Cast, figure: int, amount: int, element: str = "") -> int:
    """The attack `cast` deals `amount` to `figure` (an element: "fire", "water"...); it
    may miss (evasion), and answers and armour take damage off. Returns the damage dealt."""
    if misses(s, cast, figure):
        return 0
    return land(s, cast, figure, amount, element)


def land(s: EighthState, cast: Cast, figure: int, amount: int, element: str = "") -> int:
    """The attack `cast`, which did not miss `figure` (`misses`), deals it `amount`:
    Strength doubles it, answers and armour take their part, and a Featherweight on him
    turns what is left into pushes away from the attacker's square, as far as he can be
    pushed (ruling R8-20). Returns the damage dealt."""
    amount = doubled(s, cast, amount, element)
    cut = cast.cut[figure] if figure < len(cast.cut) else 0
    dealt = max(0, amount - cut - harm.armour(s, figure))
    if s.log is not None and dealt < amount:
        say(s, "reduce", R_ANSWER, f"P{figure}'s protections take {amount - dealt} off the {amount} damage")
    if dealt > 0 and harm.upon(s, figure, FEATHERWEIGHT):
        dealt = pushing.lighten(s, figure, s.pos[cast.seat], dealt)
    harm.hurt(s, figure, dealt, cast.seat, element)
    if dealt > 0 and cast.seat != figure and harm.upon(s, figure, PAIN_LINK):
        if s.log is not None:
            say(s, "pain", R_CARD, f"Pain Link: P{cast.seat} takes the {dealt} damage his attack dealt P{figure}")
        harm.damage(s, cast.seat, dealt)  # not an attack of P{figure}'s: no kill credited (R8-6)
    return dealt


def doubled(s: EighthState, cast: Cast, amount: int, element: str = "") -> int:
    """Strength: "your physical damage is doubled" (a punch, or a card whose damage is
    physical, with no other element given to this blow)."""
    physical = not element and (cast.card < 0 or cards.DAMAGE_ELEMENT[cast.card] == "physical")
    if physical and amount > 0 and cast.seat < s.n and harm.upon(s, cast.seat, STRENGTH):
        if s.log is not None:
            say(s, "strength", R_CARD, f"Strength doubles P{cast.seat}'s {amount} physical damage")
        return amount * 2
    return amount


def punch_damage(s: EighthState, figure: int) -> tuple[int, str]:
    """A punch's damage and element (brief rule 12: 1 physical), as the puncher's forms
    and items change it: Golem Form 2, Werewolf Form a d4, Mightstone + a d4, Fire Cloak
    + 2 as fire."""
    damage, element = 1, ""
    if harm.upon(s, figure, GOLEM_FORM):
        damage = 2
    if harm.upon(s, figure, WEREWOLF_FORM):
        damage = s.rng.below(4) + 1
    if harm.upon(s, figure, BIG_MAN_FORM):
        damage = 3
    if harm.carries(s, figure, MIGHTSTONE):
        damage += s.rng.below(4) + 1
    if harm.carries(s, figure, FIRE_CLOAK):
        damage, element = damage + 2, "fire"
    if s.log is not None and damage != 1:
        say(s, "punch", R_PUNCH, f"P{figure}'s punch is worth {damage}" + (" (fire)" if element else ""))
    return damage, element



def strike_thing(s: EighthState, cast: Cast, thing: int, amount: int, element: str = "",
                 every_point: bool = False) -> int:
    """The attack deals `amount` to `thing`: a figure (`strike`, returning the damage dealt),
    or a wall, door, block or bush, which takes cracks (brief rule 14; returns 0); fire
    burns a bush whatever the amount."""
    if thing < LINE_THING:
        return strike(s, cast, thing, amount, element)
    amount = doubled(s, cast, amount, element)
    every_point = every_point or harm.upon(s, cast.seat, SHATTER)  # Shatter: each point a crack
    if thing < SQUARE_THING:
        cracks.crack_line(s, thing - LINE_THING, amount, every_point)
    else:
        square = thing - SQUARE_THING
        burns = element == "fire" and cracks.square_limit(s, square) == cracks.BUSH_CRACKS
        cracks.crack_square(s, square, amount, every_point or burns)
    return 0


