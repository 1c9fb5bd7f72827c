"""Every action of Wiz-War 8e, built once, each with its meaning and its stable id (the
ledger is this edition's own, action_ids.py, so 6e ids and records never move).

A turn is a sequence of small decisions: one step, one boost; a cast is the card, then its
energy, then each aim, then each answer (attacking.py). Each action carries its `kind` and
`fields` for clients (cards by catalogue id, figures and seats as numbers, squares and lines
by board number, headings as N/E/S/W), and the engine's 4-tuple `data` `(code, card, a, b)`:
what `game.apply` dispatches on, the card it plays (-1 none), and a value (an aim's pick in
spells.py's terms, a heading, a count). The legal lists pick actions from the tables here
by meaning, never by arithmetic on ids.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Final

from wizarena.core import Action
from wizarena.core.actions import ActionTable

from ..board import DIR_NAMES
from . import cards, treasures
from .action_ids import IDS
from .card_checks import SCHOOLS
from .casting import ANSWERS, SPELLS, USES
from .state import (
    GRAB_ITEM,
    GRAB_TREASURE,
    LINE_THING,
    PAYING,
    PUNCHING,
    PUT_ITEM,
    PUT_TREASURE,
    SPELL_SLOTS,
    SPLIT,
    SQUARE_THING,
    STABBING,
    STEPPING,
    STOP,
    STUNNING,
)

MAX_FIGURES: Final = 12    # four wizards and the creatures they may make
MAX_SEATS: Final = 4
MAX_SQUARES: Final = 100   # the four-player board; smaller boards use the first squares
MAX_LINES: Final = 220     # the lines of the largest board
MAX_DRAWS: Final = 3       # 2, and one more with a Spellstone
MAX_ENERGY: Final = 13     # two cards of 6 in an Add's pool, and a Powerstone's 1

K_MOVE: Final = 0          # a: heading
K_BOOST: Final = 1         # card
K_PUNCH: Final = 2
K_CAST: Final = 3          # card, from the hand
K_USE: Final = 4           # card, an item carried
K_POWER: Final = 5         # card (-1: energy 1)
K_AIM: Final = 6           # a: the pick (spells.py's terms)
K_ANSWER: Final = 7        # card (-1: let it be)
K_PICK_UP: Final = 8       # a: the treasure
K_DROP: Final = 9          # the treasure carried
K_TAKE_ITEM: Final = 10    # card: an item lying in his square
K_DROP_ITEM: Final = 11    # card: an item he carries
K_END_MOVES: Final = 12    # Move & Cast is over
K_DISCARD: Final = 13      # card, from the hand
K_DRAW: Final = 14         # a: how many cards, and the turn ends
K_END_SPELL: Final = 15    # card: a spell he maintains ends (over the hand limit)
K_HOLD_DOOR: Final = 16    # a: the heading of the door he opened (doors.py)
K_LET_GO: Final = 17       # the door he holds
K_GATHER: Final = 18       # a: the treasure gathered with the items (-1 none), Extra Arms
K_STEP_CREATURE: Final = 19  # a: figure * 4 + heading, a creature's step (R8-7)
K_STEAL: Final = 21        # card taken from the hand read (-1: no more), Thought Steal
K_BURN: Final = 22         # Brain Burn's target has thrown away what he would
K_GATHER_TACKS: Final = 20   # the Tacks beside him, for his whole Move & Cast
K_DRAFT: Final = 23        # a: the school (card_checks.SCHOOLS), Custom Spellbook

TABLE: Final = ActionTable(IDS)
ALL_CARDS: Final = range(len(cards.ID))


def _add(kind: str, text: str, code: int, played: int = -1, a: int = -1, /, **fields: int | str) -> Action:
    # The positional names must differ from every field's name (card=, square=...): the
    # compiled build binds a keyword to a positional-only parameter of the same name.
    return TABLE.add(kind, text, (code, played, a, -1), **fields)


def _treasure(t: int) -> str:
    """A treasure by name: each player has two, told apart so that no two actions read alike."""
    return f"P{t // treasures.EACH}'s {('first', 'second')[t % treasures.EACH]} treasure"


def _cards(kind: str, verb: str, code: int, chosen: Container[int]) -> dict[int, Action]:
    return {c: _add(kind, f"{verb} {cards.NAME[c]}", code, c, card=cards.ID[c]) for c in ALL_CARDS if c in chosen}


ENERGETIC: Final = frozenset(c for c in ALL_CARDS if cards.ENERGY_VALUE[c] > 0)

# -- moving (WW8 Moving, Speed Boost) --
MOVES: Final = tuple(_add("move", f"move {d}", K_MOVE, -1, k, direction=d) for k, d in enumerate(DIR_NAMES))
CREATURE_STEPS: Final = tuple(tuple(_add("step-creature", f"move P{f} {d}", K_STEP_CREATURE, -1, f * 4 + k,
                                          figure=f, direction=d) for k, d in enumerate(DIR_NAMES))
                              for f in range(MAX_FIGURES))
BOOSTS: Final = {c: _add("boost", f"discard {cards.NAME[c]} for {cards.ENERGY_VALUE[c]} more movement points",
                         K_BOOST, c, card=cards.ID[c]) for c in ALL_CARDS if c in ENERGETIC}
# -- attacking and casting (WW8 Attacking, Punching; brief rules 15-16) --
PUNCH: Final = _add("punch", "punch", K_PUNCH)
CASTS: Final = _cards("cast", "cast", K_CAST, SPELLS)
USES_OF: Final = _cards("use", "use", K_USE, USES)
POWER_NONE: Final = _add("power", "cast it with energy 1", K_POWER)
POWERS: Final = {c: _add("power", f"power it with {cards.NAME[c]} (energy {cards.ENERGY_VALUE[c]})", K_POWER, c,
                         card=cards.ID[c]) for c in ALL_CARDS if c in ENERGETIC}
AIM_FIGURES: Final = tuple(_add("aim-figure", f"aim at P{f}", K_AIM, -1, f, figure=f) for f in range(MAX_FIGURES))
AIM_WALLS: Final = tuple(_add("aim-wall", f"aim at the wall or door on line {e}", K_AIM, -1, LINE_THING + e, line=e)
                         for e in range(MAX_LINES))
AIM_FILLS: Final = tuple(_add("aim-fill", f"aim at what fills square {q}", K_AIM, -1, SQUARE_THING + q, square=q)
                         for q in range(MAX_SQUARES))
AIM_STUNS: Final = tuple(_add("aim-stun", f"stun P{f}", K_AIM, -1, STUNNING + f, figure=f)
                         for f in range(MAX_FIGURES))
AIM_STABS: Final = tuple(_add("aim-stab", f"stab P{f}", K_AIM, -1, STABBING + f, figure=f)
                         for f in range(MAX_FIGURES))
AIM_SQUARES: Final = tuple(_add("aim-square", f"aim at square {q}", K_AIM, -1, q, square=q)
                           for q in range(MAX_SQUARES))
AIM_LINES: Final = tuple(_add("aim-line", f"aim at line {e}", K_AIM, -1, e, line=e) for e in range(MAX_LINES))
AIM_SPELLS: Final = tuple(_add("aim-spell", f"aim at P{seat}'s spell {k + 1}", K_AIM, -1, seat * SPELL_SLOTS + k,
                              seat=seat, slot=k) for seat in range(MAX_SEATS) for k in range(SPELL_SLOTS))
AIM_STEPS: Final = tuple(_add("aim-step", f"send it {d}", K_AIM, -1, STEPPING + k, direction=d)
                         for k, d in enumerate(DIR_NAMES))
AIM_STOP: Final = _add("aim-stop", "stop there", K_AIM, -1, STOP)
AIM_HEADINGS: Final = tuple(_add("aim-heading", f"aim {d}", K_AIM, -1, k, direction=d)
                            for k, d in enumerate(DIR_NAMES))
ITEM_CARDS: Final = frozenset(c for c in ALL_CARDS if cards.TYPE[c] == "item")
AIM_TREASURES: Final = tuple(_add("aim-treasure", f"aim at {_treasure(t)}", K_AIM, -1,
                                  GRAB_TREASURE + t, treasure=t) for t in range(MAX_SEATS * treasures.EACH))
AIM_ITEMS: Final = {c: _add("aim-item", f"aim at the {cards.NAME[c]}", K_AIM, -1, GRAB_ITEM + c, card=cards.ID[c])
                    for c in ALL_CARDS if c in ITEM_CARDS}
AIM_PUT_ITEMS: Final = {c: _add("aim-put-item", f"put the {cards.NAME[c]} down there", K_AIM, -1, PUT_ITEM + c,
                                card=cards.ID[c]) for c in ALL_CARDS if c in ITEM_CARDS}
AIM_PUT_TREASURE: Final = _add("aim-put-treasure", "put the treasure down there", K_AIM, -1, PUT_TREASURE)
AIM_PUNCHES: Final = tuple(_add("aim-punch", f"punch P{f}", K_AIM, -1, PUNCHING + f, figure=f)
                           for f in range(MAX_FIGURES))
AIM_PAYS: Final = {c: _add("aim-pay", f"pay {cards.NAME[c]} ({cards.ENERGY_VALUE[c]}) into the pool", K_AIM, -1,
                           PAYING + c, card=cards.ID[c]) for c in ALL_CARDS if c in ENERGETIC}
AIM_SPLITS: Final = tuple(_add("aim-split", f"{k} square{'' if k == 1 else 's'} of knock-back, the rest as damage",
                               K_AIM, -1, SPLIT + k, squares=k) for k in range(MAX_ENERGY + 1))
# -- answers (WW8 Canceling, Reducing or Evading Attacks) --
LET_BE: Final = _add("let-be", "let it be", K_ANSWER)
ANSWERS_WITH: Final = _cards("answer", "answer with", K_ANSWER, ANSWERS)
# -- treasures and items (brief rule 18) --
PICK_UPS: Final = tuple(_add("pick-up-treasure", f"pick up {_treasure(t)}", K_PICK_UP, -1, t,
                             treasure=t) for t in range(MAX_SEATS * treasures.EACH))
DROP: Final = _add("drop-treasure", "drop the treasure", K_DROP)
TAKE_ITEMS: Final = _cards("take-item", "pick up", K_TAKE_ITEM, ITEM_CARDS)
DROP_ITEMS: Final = _cards("drop-item", "drop", K_DROP_ITEM, ITEM_CARDS)
GATHER_ITEMS: Final = _add("gather", "gather every item here for a movement point", K_GATHER, -1, -1)
GATHER_WITH: Final = tuple(_add("gather", f"gather everything here with {_treasure(t)} for a "
                                "movement point", K_GATHER, -1, t, treasure=t)
                           for t in range(MAX_SEATS * treasures.EACH))
GATHER_TACKS: Final = _add("gather-tacks", "spend the move and cast gathering up the tacks", K_GATHER_TACKS)
# -- decisions that end a resolved spell (Thought Steal, Brain Burn) --
STEALS: Final = _cards("steal", "take", K_STEAL, ALL_CARDS)
STEAL_NO_MORE: Final = _add("steal-no-more", "take no more", K_STEAL)
BURN_NOW: Final = _add("burn", "throw away no more: take the burn", K_BURN)
# -- the turn (brief rules 4 and 17) --
END_MOVES: Final = _add("end-moves", "end moving and casting", K_END_MOVES)
DISCARDS: Final = _cards("discard", "discard", K_DISCARD, ALL_CARDS)
DRAWS: Final = tuple(_add("draw", f"draw {k or 'none'} and end the turn", K_DRAW, -1, k, draws=k)
                     for k in range(MAX_DRAWS + 1))
MAINTAINED: Final = frozenset(c for c in ALL_CARDS if cards.DURATION[c] != "instant" and c not in ITEM_CARDS)
END_SPELLS: Final = _cards("end-spell", "end", K_END_SPELL, MAINTAINED)
# -- doors (WW8 Doors) --
HOLD_DOORS: Final = tuple(_add("hold-door", f"hold the door {d} open", K_HOLD_DOOR, -1, k, direction=d)
                          for k, d in enumerate(DIR_NAMES))
LET_GO: Final = _add("let-go-door", "let go of the door", K_LET_GO)

# -- Custom Spellbook (WW8 OPT Custom Spellbook, ruling R8-31) --
DRAFTS: Final = tuple(_add("draft", f"draft {school} for your group", K_DRAFT, -1, k, school=school)
                      for k, school in enumerate(SCHOOLS) if k > 0)

ACTIONS: Final[tuple[Action, ...]] = TABLE.actions()
