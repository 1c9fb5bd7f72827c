"""What happens to a wizard's lasting things as his turn begins (brief rule 4, "whatever
happens when time passes happens now"; the cards' texts): the cards that act in their
owner's Time Passes, the items that act at the start of his turn, and what lasting
spells on a wizard do to his base speed and his draws.

`time_passes` runs as Time Passes begins, before the turn's spells lose their tokens
(turn.time_passes): a curse with N tokens acts in N of its caster's Time Passes, so an
Acid Bath of energy 1 burns once before it runs out. Its damage is settled by the caller
(turn.start's after_event) before Move & Cast begins.

**Forms** (transformations: Gnome, Golem, Werewolf, Slime, Big Man, Mist Body, Extra Arms) set their
wearer's base speed (brief rule 7, through moving.change_speed). A wizard has one form at
a time: taking a form ends the one he had (`take_form`), since two bodies at once would
stack two speeds and two sets of powers that the cards never meant to meet. When a form
ends (its tokens run out, it is cut for the hand limit, or anything else removes it) his
base speed goes back to the profile's (`settle_speed`, called by turn when a spell ends
and again in every Time Passes of his, so that no way of ending a form leaves a stale
speed behind).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..mapstate import JAMMED, KIND_MASK, STONE, WALL
from ..places import line_name, square_name
from . import cards, footing, harm, keys, moving, piles, reach, striking
from .state import IN_WALL, R_CARD, R_DURATION, EighthState

LIFESTONE: Final[int] = cards.INDEX["lifestone"]
CREATE_WALL: Final[int] = cards.INDEX["create_wall"]
STONE_BLOCK: Final[int] = cards.INDEX["stone_block"]
SEAL_DOOR: Final[int] = cards.INDEX["seal_door"]
CREATE_DOOR: Final[int] = keys.CREATE_DOOR
SPEEDSTONE: Final[int] = cards.INDEX["speedstone"]
ACID_BATH: Final[int] = cards.INDEX["acid_bath"]
SLOW_DEATH: Final[int] = cards.INDEX["slow_death"]
ADRENALINE: Final[int] = cards.INDEX["adrenaline"]
MIST_BODY: Final[int] = cards.INDEX["mist_body"]
SLIME_FORM: Final[int] = cards.INDEX["slime_form"]
BIG_MAN_FORM: Final[int] = cards.INDEX["big_man_form"]
EXTRA_ARMS: Final[int] = cards.INDEX["extra_arms"]
ACID_DAMAGE: Final = 2

# Each form's base speed by its text; 0: the form leaves the profile's base speed (Mist
# Body's and Extra Arms' texts name none).
FORM_SPEED: Final[dict[int, int]] = {
    striking.GNOME_FORM: 2,
    striking.GOLEM_FORM: 2,
    striking.WEREWOLF_FORM: 4,
    SLIME_FORM: 3,
    BIG_MAN_FORM: 3,
    MIST_BODY: 0,
    EXTRA_ARMS: 0,
}


def form_of(s: EighthState, figure: int) -> int:
    """The form lying on `figure`, -1 none."""
    for spells in s.maintained:
        for card, _, on in spells:
            if on == figure and card in FORM_SPEED:
                return card
    return -1


def base_speed(s: EighthState, figure: int, form: int) -> int:
    """Wizard `figure`'s base speed in `form` (-1: none): the form's, else the profile's;
    1 more while he carries a Speedstone ("your base speed goes up by 1")."""
    stone = 1 if figure < s.n and SPEEDSTONE in s.items[figure] else 0
    return (FORM_SPEED.get(form, 0) or s.rules.base_moves) + stone


def settle_speed(s: EighthState, figure: int) -> None:
    """Wizard `figure`'s base speed follows the form he wears now (the profile's without
    one); a change moves his points left on his own turn (rule 7)."""
    if figure >= s.n:
        return
    speed = base_speed(s, figure, form_of(s, figure))
    if s.speed[figure] != speed:
        moving.change_speed(s, figure, speed)


def take_form(s: EighthState, figure: int, form: int) -> None:
    """Wizard `figure` takes `form` (cast, or Gnome Form in answer): the form he wore ends,
    and his base speed becomes the new form's. The caller puts `form` into play."""
    for seat in range(s.n):
        for k in range(len(s.maintained[seat]) - 1, -1, -1):
            card, _, on = s.maintained[seat][k]
            if on == figure and card in FORM_SPEED:
                del s.maintained[seat][k]
                piles.discard(s, seat, card)
                if s.log is not None:
                    say(s, "spell", R_CARD, f"P{figure} sheds {cards.NAME[card]} for {cards.NAME[form]}: "
                        "one form at a time")
    speed = base_speed(s, figure, form)
    if s.speed[figure] != speed:
        moving.change_speed(s, figure, speed)


def spell_ended(s: EighthState, card: int, on: int) -> None:
    """A maintained spell `card` lying on `on` has ended, however (turn.end_at): a form's
    wearer goes back to his base speed, and what a creation made goes with it (rule 16: a
    created wall, a block of stone, a seal that no other Seal Door keeps, a made door)."""
    if card in FORM_SPEED and 0 <= on < s.n:
        settle_speed(s, on)
    footing.spell_ended(s, card, on)  # the creation cards (creations.py): bushes, dust, flame, tokens, creature
    if on < 0:
        return
    m = s.map
    if card == CREATE_WALL and m.edges[on] & KIND_MASK == WALL and not m.remove_creation(on):
        s.cracks[on] = 0
        gone = f"the wall on {line_name(m.asm, on)}"
    elif card == STONE_BLOCK and m.cells[on] & STONE and not m.clear_square(on):
        s.cracks[m.asm.n_edges + on] = 0
        gone = f"the block of stone on {square_name(m.asm, on)}"
    elif card == SEAL_DOOR and m.edges[on] & JAMMED and not _sealed(s, on) and not m.unjam_lock(on):
        gone = f"the seal on the door on {line_name(m.asm, on)}"
    elif card == CREATE_DOOR and not m.unfit_door(on % IN_WALL, on >= IN_WALL):
        s.cracks[on % IN_WALL] = 0
        s.holding = [-1 if held == on % IN_WALL else held for held in s.holding]
        gone = f"the door made on {line_name(m.asm, on % IN_WALL)}" + (" (the wall is whole again)"
                                                                         if on >= IN_WALL else "")
    else:
        return
    vision.changed(s)
    if s.log is not None:
        say(s, "map", R_DURATION, f"{gone} is gone with its spell")


def _sealed(s: EighthState, line: int) -> bool:
    """Whether a Seal Door still in play keeps the door on `line` sealed."""
    return any(card == SEAL_DOOR and on == line for spells in s.maintained for card, _, on in spells)


def time_passes(s: EighthState, seat: int) -> None:
    """`seat`'s Time Passes: each lasting card of his that acts now does. A Lifestone he
    carries restores 1 life, up to the cap; each Acid Bath he maintains deals 2 magical
    damage to the figure it lies on (not an attack: no evasion, no kill credited, R8-6;
    Golem Form's and the Bloodshard's protections still count, "from every source"); and
    his base speed follows his form."""
    if LIFESTONE in s.items[seat] and s.life[seat] < s.rules.life_cap:
        harm.heal(s, seat, 1)
        if s.log is not None:
            say(s, "heal", R_CARD, f"P{seat}'s Lifestone restores 1 life ({s.life[seat]})")
    for card, _, on in s.maintained[seat]:
        if card == ACID_BATH and 0 <= on < len(s.pos) and reach.alive(s, on):
            dealt = max(0, ACID_DAMAGE - harm.armour(s, on))
            if s.log is not None:
                say(s, "curse", R_CARD, f"P{seat}'s Acid Bath eats at P{on}: {dealt} magical damage")
            harm.hurt(s, on, dealt, -1)
    settle_speed(s, seat)


def attacks(s: EighthState, seat: int) -> int:
    """The attacks `seat`'s wizard has as his turn begins: one (rule 11), two while an
    Adrenaline lies on him ("a second attack each turn while the spell lasts")."""
    return 2 if harm.upon(s, seat, ADRENALINE) else 1


def drew(s: EighthState, seat: int, count: int) -> None:
    """`seat` has drawn `count` cards: each Slow Death on him deals 1 magical damage per
    card (not an attack; Golem Form's protections count on each instance). The caller
    settles a death (turn.draw)."""
    if count <= 0:
        return
    for spells in s.maintained:
        for card, _, on in spells:
            if card == SLOW_DEATH and on == seat:
                dealt = max(0, count - harm.armour(s, seat))
                if s.log is not None:
                    say(s, "curse", R_CARD, f"Slow Death: P{seat} draws {count} and takes {dealt} magical damage")
                harm.hurt(s, seat, dealt, -1)

