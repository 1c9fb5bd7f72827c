"""What a square does to a figure that comes into it, and what the creations leave behind
when their spells end (the creation cards' texts in data/cards-8e.json, in our words; brief
rule 16).

`entered` is called once a figure has come into a square by a step (moving.walk), a
random push (moving.wander) or a push away from something (pushing.shove: Waterbolt's
knock-back, Featherweight), with the lines it crossed to get there:

- a curtain of flame (Wall of Fire) on a line crossed: 4 magical fire damage;
- a Thornbush: "whoever steps into its square stops there for the turn, takes 1 physical
  damage and is stunned for 1 turn" (the turn's wizard: his movement points fall to 0);
- a Rosebush: "stepping into its square costs 3 physical damage";
- a Handful of Tacks lying there: "whoever enters that square takes 3 physical damage";
- a slime (Slime Form) coming in: 1 physical damage to each other figure there;
- a Booby Trap token of another player's: an enemy "who steps on one turns it up: a blank
  is removed, but the trap deals 4 magical damage and clears every token";
- a figure carrying Disease brings the plague in: "each square you enter deals 3 physical
  damage to every other wizard and creature in it, once per figure per turn".

None is an attack: nothing evades it, no counter answers it, and no kill is credited
(ruling R8-6); armour (Golem Form, a Bloodshard) takes its part, as from every source.
The one exception is Disease, which "counts as your attack only on the turn you cast it":
a kill by its plague that turn is its carrier's (ruling R8-21). The damage is dealt here
and nothing else: the caller settles the deaths.

Disease's memory of the turn is the state's `sick`, which turn.start clears: a bit per
figure the plague has struck this turn, and one bit above them all (`PLAGUE_CAST`) set when
a Disease is cast (forms.py), which only the turn's wizard can do.

A bush is the map's BUSH fill, a dust cloud its DUST fill; which bush it is (Thornbush or
Rosebush) is the maintained spell lying on the square. Booby Trap tokens are the state's
`traps`, (square, owner, 1 the trap or 0 a blank): which token is the trap is hidden from
every seat but the owner's.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from .. import vision
from ..mapstate import BUSH, DUST, FIREWALL, KIND_MASK
from ..places import line_name, square_name
from . import cards, harm, piles
from .state import R_CARD, R_DURATION, EighthState

THORNBUSH: Final[int] = cards.INDEX["thornbush"]
ROSEBUSH: Final[int] = cards.INDEX["rosebush"]
DUST_CLOUD: Final[int] = cards.INDEX["dust_cloud"]
BOOBY_TRAP: Final[int] = cards.INDEX["booby_trap"]
HOMUNCULUS: Final[int] = cards.INDEX["homunculus"]
HANDFUL_OF_TACKS: Final[int] = cards.INDEX["handful_of_tacks"]
WALL_OF_FIRE: Final[int] = cards.INDEX["wall_of_fire"]
DISEASE: Final[int] = cards.INDEX["disease"]

FLAME_DAMAGE: Final = 4
THORN_DAMAGE: Final = 1
THORN_STUN: Final = 1
ROSE_DAMAGE: Final = 3
TACKS_DAMAGE: Final = 3
TRAP_DAMAGE: Final = 4
SLIME_DAMAGE: Final = 1
SLIME_FORM: Final[int] = cards.INDEX["slime_form"]
TRAP: Final = 1
BLANK: Final = 0
PLAGUE_DAMAGE: Final = 3
PLAGUE_CAST: Final = 1 << 32  # in `sick`, above every figure's bit: a Disease was cast this turn (R8-21)


def _note(s: EighthState, kind: str, text: str) -> None:
    if s.log is not None:
        say(s, kind, R_CARD, text)


def bush_at(s: EighthState, square: int) -> int:
    """The card of the bush growing in `square` (Thornbush or Rosebush), -1 none."""
    if not s.map.cells[square] & BUSH:
        return -1
    for spells in s.maintained:
        for card, _, on in spells:
            if on == square and card in (THORNBUSH, ROSEBUSH):
                return card
    return -1


def _hurt(s: EighthState, figure: int, amount: int, element: str = "") -> None:
    """Damage that is no attack: armour still takes its part; no kill is credited."""
    harm.hurt(s, figure, max(0, amount - harm.armour(s, figure)), -1, element)


def entered(s: EighthState, figure: int, square: int, crossed: tuple[int, ...] = ()) -> None:
    """`figure` has come into `square`, crossing the lines `crossed` (a step's line on
    each side of it; the same line twice inside the board)."""
    edges = s.map.edges
    for line in crossed:
        if line >= 0 and edges[line] & KIND_MASK == FIREWALL:
            _note(s, "flame", f"P{figure} crosses the curtain of flame on {line_name(s.map.asm, line)}")
            _hurt(s, figure, FLAME_DAMAGE, "fire")
            break  # one crossing, one burn
    where = square_name(s.map.asm, square)
    _plague(s, figure, square)
    _ooze(s, figure, square)
    if harm.upon(s, figure, harm.MIST_BODY):  # mist drifts through everything but walls and stone (R8-30)
        return
    bush = bush_at(s, square)
    if bush == THORNBUSH and harm.upon(s, figure, SLIME_FORM):
        _note(s, "bush", f"P{figure} oozes through the thornbush on {where}, and the thorns prick")
        _hurt(s, figure, THORN_DAMAGE)
    elif bush == THORNBUSH:
        _note(s, "bush", f"P{figure} steps into the thornbush on {where}: he stops there for the turn")
        if figure == s.turn:
            s.moves = min(s.moves, 0)
        _hurt(s, figure, THORN_DAMAGE)
        harm.stun(s, figure, THORN_STUN)
    elif bush == ROSEBUSH:
        _note(s, "bush", f"P{figure} steps into the rosebush on {where}")
        _hurt(s, figure, ROSE_DAMAGE)
    if (square, HANDFUL_OF_TACKS) in s.floor:
        _note(s, "tacks", f"P{figure} treads on the tacks on {where}")
        _hurt(s, figure, TACKS_DAMAGE)
    _spring(s, figure, square)


def _plague(s: EighthState, figure: int, square: int) -> None:
    """Disease: a living carrier deals 3 physical damage to every other living figure in
    the square he comes into, each figure once a turn (`sick`). Armour counts; nobody
    rolls against it (it is aimed at no one); a kill is the carrier's only on the turn the
    Disease was cast, when it is his attack (R8-21)."""
    if s.life[figure] <= 0 or not harm.upon(s, figure, DISEASE):
        return
    by = s.controller[figure] if figure == s.turn and s.sick & PLAGUE_CAST else -1
    for other in range(len(s.pos)):
        if other == figure or s.pos[other] != square or s.sick >> other & 1 or not _living(s, other):
            continue
        s.sick |= 1 << other
        _note(s, "plague", f"P{figure}'s plague strikes P{other} on {square_name(s.map.asm, square)}")
        harm.hurt(s, other, max(0, PLAGUE_DAMAGE - harm.armour(s, other)), by)


def _ooze(s: EighthState, figure: int, square: int) -> None:
    """Slime Form: "Each figure in a square you enter takes 1 physical damage (not an
    attack)": armour counts, no kill is credited (R8-6)."""
    if s.life[figure] <= 0 or not harm.upon(s, figure, SLIME_FORM):
        return
    for other in range(len(s.pos)):
        if other != figure and s.pos[other] == square and _living(s, other):
            _note(s, "slime", f"P{figure}'s slime washes over P{other} on {square_name(s.map.asm, square)}")
            _hurt(s, other, SLIME_DAMAGE)


def _living(s: EighthState, figure: int) -> bool:
    """Whether `figure` is on the board: reach.alive's test, read here since reach imports
    moving, which imports this module. Life left, and its controller not out (a wizard
    controls himself)."""
    return s.life[figure] > 0 and s.controller[figure] not in s.out


def _spring(s: EighthState, figure: int, square: int) -> None:
    """An enemy of a token's owner steps on it: it turns up."""
    for k, (at, owner, trap) in enumerate(s.traps):
        if at != square or owner == s.controller[figure]:
            continue
        if trap != TRAP:
            del s.traps[k]
            _note(s, "trap", f"P{figure} turns up P{owner}'s Booby Trap token on {square_name(s.map.asm, square)}: "
                  "a blank, removed")
            return
        _note(s, "trap", f"P{figure} turns up P{owner}'s Booby Trap token on {square_name(s.map.asm, square)}: "
              "the trap! Every token is cleared")
        s.traps = [t for t in s.traps if t[1] != owner]
        for j, (card, _, _) in enumerate(s.maintained[owner]):
            if card == BOOBY_TRAP:
                del s.maintained[owner][j]
                piles.discard(s, owner, card)
                break
        _hurt(s, figure, TRAP_DAMAGE)
        return


def spell_ended(s: EighthState, card: int, on: int) -> None:
    """A creation's spell lying on `on` has ended, however (upkeep.spell_ended): what it
    made goes with it (rule 16): a bush or dust cloud on its square, a curtain of flame on
    its line, the Booby Trap's tokens, the Homunculus (its figure, `on`, leaves the board)."""
    m = s.map
    if card == BOOBY_TRAP:
        if s.traps:
            s.traps = []  # one Booby Trap in the deck: every token on the board is its
            if s.log is not None:
                say(s, "map", R_DURATION, "the Booby Trap's tokens are gone with its spell")
        return
    if card == HOMUNCULUS:
        if 0 <= on < len(s.life) and s.life[on] > 0:
            s.life[on] = 0
            if s.log is not None:
                say(s, "map", R_DURATION, f"the Homunculus P{on} is gone with its spell")
        return
    if on < 0:
        return
    if card in (THORNBUSH, ROSEBUSH) and m.cells[on] & BUSH:
        m.clear_square(on)
        s.cracks[m.asm.n_edges + on] = 0
        gone = f"the {cards.NAME[card].lower()} on {square_name(m.asm, on)}"
    elif card == DUST_CLOUD and m.cells[on] & DUST:
        m.clear_square(on)
        gone = f"the dust on {square_name(m.asm, on)}"
    elif card == WALL_OF_FIRE and m.edges[on] & KIND_MASK == FIREWALL:
        m.remove_creation(on)
        gone = f"the curtain of flame on {line_name(m.asm, on)}"
    else:
        return
    vision.changed(s)
    if s.log is not None:
        say(s, "map", R_DURATION, f"{gone} is gone with its spell")
