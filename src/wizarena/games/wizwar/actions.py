"""Every action of Wiz-War, built once, each with its meaning and its stable id.

A turn is a sequence of small decisions (one step, one punch, one discard), so that
movement stays divisible around everything else (6e 3) and the action list stays fixed.
Each action carries:

- its `kind` and `fields` for clients (docs/web-protocol.md, "Wiz-War"): cards by their
  catalogue id, seats as numbers, squares and lines by their board numbers, directions
  as N/E/S/W;
- its `data`, the engine's own 4-tuple `(code, card, a, b)`: what `game.apply` dispatches
  on (`code`, one of the `K_` constants below), the card it plays (-1: none), and two
  numbers whose meaning the code gives (a target seat, a square, a line, a direction, a
  NUMBER card...).

Ids come from the ledger (action_ids.py) by meaning, so a card added to the game takes
new ids and renumbers nothing. The legal lists pick actions from the tables here
(`MOVES[direction]`, `CASTS[card][seat][number]`...), never by arithmetic on ids.

The table reads which cards fall in which group from the rule modules that own those
groups (combat's attack spells, forced's self-cast numbers...); none of them reads the
table, so `game` and `view` are its only users.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action
from wizarena.core.actions import ActionTable, Field

from . import cards, combat, deals, effects, forced, sectors, spellcraft, structures
from .action_ids import IDS
from .board import DIR_NAMES
from .profile import SIXTH

MAX_SEATS: Final = 4
MAX_SQUARES: Final = 100  # the four-player board; smaller boards use the first squares
MAX_LINES: Final = 220    # the lines between squares of the largest boards

# The engine's codes (data[0]); `game.apply` dispatches on them.
K_MOVE: Final = 0            # a: direction
K_BOOST: Final = 1           # card: the NUMBER card
K_PUNCH: Final = 2           # a: seat
K_PICK_UP: Final = 3         # the treasure here
K_DROP: Final = 4            # the treasure carried
K_TAKE_IT: Final = 5         # the attack (or Slow Death's tick) hits
K_END_TURN: Final = 6        # a: cards to draw
K_DISCARD: Final = 7         # card
K_CAST: Final = 8            # card at seat a, with NUMBER card b (-1: none)
K_COUNTER: Final = 9         # card
K_LET_STAND: Final = 10
K_WIELD: Final = 11          # card (an object) at seat a
K_PICK_OBJECT: Final = 12    # card
K_DROP_OBJECT: Final = 13    # card
K_BLINK: Final = 14          # a: direction
K_TELEPORT: Final = 15       # a: square
K_NEUTRAL: Final = 16        # card, cast: where it goes is the next decision
K_AIM_LINE: Final = 17       # a: line
K_AIM_SQUARE: Final = 18     # a: square
K_PUT_BACK: Final = 19
K_LET_BE: Final = 20
K_USE_KEY: Final = 21
K_TIMED_COUNTER: Final = 22  # card (Invisible, Shrink) as an escape, with NUMBER card b
K_TIMED_SELF: Final = 23     # card (Invisible, Shrink) on oneself, with NUMBER card b (-1: none)
K_TIMED_NEUTRAL: Final = 24  # card (Mist-Body, Wall of Fire) with NUMBER card b
K_NUMBERED_SELF: Final = 25  # card (Fear, Ugly) with NUMBER card b
K_AT_THING: Final = 26       # card (Swap, Drag) at an object or treasure: aimed next
K_FORCED_DROP: Final = 27    # a: 1 the treasure, 0 an object (Drop Object's caster decides)
K_STAY: Final = 28           # a forced wizard with nowhere to go
K_DEAL: Final = 29           # a: deals.py's own step (deals.OPEN + seat, deals.PUT + card...)
K_SECTOR: Final = 30         # a, b: (slot, quarter turns) or (slot, slot), sectors.py
K_REUSE: Final = 31          # card: what Reuse Spell casts again
K_HIT: Final = 32            # card (structures.FIST: a punch) at a wall, door or thornbush, NUMBER card b
K_HOLD_DOOR: Final = 33      # a: direction of the door he opened (doors.py)
K_LET_GO: Final = 34         # the door he holds
K_OPEN_OWN_DOOR: Final = 35  # a: direction of a door of his own sector (the doors variant, own_doors.py)
K_THROW: Final = 36          # card (an object) thrown at a square: aimed next (throwing.py)

# Codes that cast or use their card from the hand (not discarding, dropping or answering
# with it): a lent card (Reuse Spell) may only be used so (spellcraft.py).
PLAYING: Final[frozenset[int]] = frozenset(
    (K_CAST, K_WIELD, K_BLINK, K_TELEPORT, K_NEUTRAL, K_USE_KEY, K_TIMED_SELF, K_TIMED_NEUTRAL, K_NUMBERED_SELF,
     K_AT_THING, K_HIT))

# Codes that take a card up to aim it (AIM), which `put it back` undoes: a card put back may
# not be taken up so again until its wizard does something else (ruling R8, legal.py).
TAKING_UP: Final[frozenset[int]] = frozenset((K_NEUTRAL, K_USE_KEY, K_TIMED_NEUTRAL, K_AT_THING, K_HIT, K_THROW))

NUMBERS: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID)) if cards.KIND[i] == "number")
# Every attack card and every counteraction has its actions from the start.
CASTABLE: Final[tuple[int, ...]] = tuple(
    i for i in range(len(cards.ID)) if cards.KIND[i] in ("attack", "attack-neutral"))
COUNTERABLE: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID)) if cards.KIND[i] == "counteraction")
WIELDED: Final[tuple[int, ...]] = (combat.DAGGER, combat.LARGE_ROCK, combat.WIZARDBLADE)
OBJECTS: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID)) if cards.OBJECT[i])
NEUTRAL_CARDS: Final[tuple[int, ...]] = tuple(i for i in range(len(cards.ID)) if cards.KIND[i] == "neutral")
MASTER_KEY: Final[int] = cards.INDEX["master_key"]

TABLE: Final = ActionTable(IDS)


def _add(kind: str, text: str, code: int, played: int = -1, a: int = -1, b: int = -1, /, **fields: Field) -> Action:
    return TABLE.add(kind, text, (code, played, a, b), **fields)


def _numbered(kind: str, text: str, code: int, played: int, a: int = -1, **fields: Field) -> tuple[Action, ...]:
    """An action without a NUMBER card and then with each: index 0 none, 1 + k NUMBERS[k]."""
    out = [_add(kind, text, code, played, a, -1, card=cards.ID[played], **fields)]
    out += [_add(kind, f"{text} with a {cards.NUMBER[n]}", code, played, a, n, card=cards.ID[played],
                 number=cards.ID[n], **fields) for n in NUMBERS]
    return tuple(out)


def _only_numbered(kind: str, text: str, code: int, played: int) -> tuple[Action, ...]:
    """An action with each NUMBER card: index k is NUMBERS[k]."""
    return tuple(_add(kind, f"{text} with a {cards.NUMBER[n]}", code, played, -1, n, card=cards.ID[played],
                      number=cards.ID[n]) for n in NUMBERS)


def _card(c: int) -> str:
    return cards.ID[c]


# The declaration order is the order of the first ledger, which kept the ids of the
# table's earlier, positional form: a new action goes at the end of its group or anywhere,
# its id comes from the ledger.

# -- the turn (6e 3, 4, 5, 9) --
MOVES: Final = tuple(_add("move", f"move {d}", K_MOVE, -1, k, direction=d) for k, d in enumerate(DIR_NAMES))
BOOSTS: Final = tuple(_add("boost", f"walk farther with a {cards.NUMBER[n]}", K_BOOST, n, card=_card(n))
                      for n in NUMBERS)
PUNCHES: Final = tuple(_add("punch", f"punch P{p}", K_PUNCH, -1, p, seat=p) for p in range(MAX_SEATS))
PICK_UP: Final = _add("pick-up-treasure", "pick up the treasure", K_PICK_UP)
DROP: Final = _add("drop-treasure", "drop the treasure", K_DROP)
TAKE_IT: Final = _add("take-it", "take it", K_TAKE_IT)
# index k: draw 2 - k (the 6e table: 6e 3 draws up to 2)
END_TURN: Final = tuple(_add("end-turn", f"end the turn: draw {draws or 'none'}", K_END_TURN, -1, draws, draws=draws)
                        for draws in range(SIXTH.draws, -1, -1))
DISCARDS: Final = tuple(_add("discard", f"discard {cards.NAME[c]}", K_DISCARD, c, card=_card(c))
                        for c in range(len(cards.ID)))
# -- attacks (6e 6, 7): CASTS[k][seat][0 or 1 + number index], k the index in CASTABLE --
CASTS: Final = tuple(tuple(_numbered("cast", f"cast {cards.NAME[c]} at P{p}", K_CAST, c, p, seat=p)
                           for p in range(MAX_SEATS)) for c in CASTABLE)
COUNTERS: Final[dict[int, Action]] = {c: _add("counter", f"counter with {cards.NAME[c]}", K_COUNTER, c, card=_card(c))
                                      for c in COUNTERABLE}
LET_STAND: Final = _add("let-stand", "let it stand", K_LET_STAND)
# WIELDS[k][seat], k the index in WIELDED: the Wizardblade strikes, the others are thrown
WIELDS: Final = tuple(tuple(
    _add("strike", f"strike P{p} with {cards.NAME[c]}", K_WIELD, c, p, card=_card(c), seat=p)
    if c == combat.WIZARDBLADE else
    _add("throw", f"throw {cards.NAME[c]} at P{p}", K_WIELD, c, p, card=_card(c), seat=p)
    for p in range(MAX_SEATS)) for c in WIELDED)
PICK_OBJECTS: Final = tuple(_add("pick-up", f"pick up {cards.NAME[c]}", K_PICK_OBJECT, c, card=_card(c))
                            for c in OBJECTS)
DROP_OBJECTS: Final = tuple(_add("drop", f"drop {cards.NAME[c]}", K_DROP_OBJECT, c, card=_card(c)) for c in OBJECTS)
BLINKS: Final = tuple(_add("blink", f"Blink {d}", K_BLINK, combat.BLINK, k, card=_card(combat.BLINK), direction=d)
                      for k, d in enumerate(DIR_NAMES))
TELEPORTS: Final = tuple(_add("teleport", f"Teleport to square {sq}", K_TELEPORT, combat.TELEPORT, sq,
                              card=_card(combat.TELEPORT), square=sq) for sq in range(MAX_SQUARES))
# -- neutrals (6e 8): the card, then where it goes, then everyone's answer --
NEUTRALS: Final = tuple(_add("cast-neutral", f"cast {cards.NAME[c]}", K_NEUTRAL, c, card=_card(c))
                        for c in NEUTRAL_CARDS)
AIM_LINES: Final = tuple(_add("aim", f"aim at line {e}", K_AIM_LINE, -1, e, line=e) for e in range(MAX_LINES))
AIM_SQUARES: Final = tuple(_add("aim", f"aim at square {sq}", K_AIM_SQUARE, -1, sq, square=sq)
                           for sq in range(MAX_SQUARES))
PUT_BACK: Final = _add("put-back", "put it back", K_PUT_BACK)
LET_BE: Final = _add("let-be", "let it be", K_LET_BE)
USE_KEY: Final = _add("use-key", "use the Master Key", K_USE_KEY, MASTER_KEY, card=_card(MASTER_KEY))
# -- timed conditions (effects.py): Invisible and Shrink as escapes with a NUMBER card for
# their duration, and cast on one's own turn; Mist-Body and Wall of Fire with a NUMBER card --
TIMED_COUNTERS: Final = tuple(_only_numbered("counter", f"counter with {cards.NAME[c]}", K_TIMED_COUNTER, c)
                              for c in effects.SELF_COUNTERS)
TIMED_SELF: Final = tuple(_numbered("cast-self", f"cast {cards.NAME[c]}", K_TIMED_SELF, c)
                          for c in effects.SELF_COUNTERS)
TIMED_NEUTRALS: Final = tuple(_only_numbered("cast-neutral", f"cast {cards.NAME[c]}", K_TIMED_NEUTRAL, c)
                              for c in effects.TIMED_NEUTRALS)
# -- forced moves (forced.py): Fear and Ugly with a number, Swap and Drag at a thing, the
# choice of Drop Object's caster, and a forced wizard left with nothing to do --
NUMBERED_SELF: Final = tuple(_only_numbered("cast-neutral", f"cast {cards.NAME[c]}", K_NUMBERED_SELF, c)
                             for c in forced.NUMBERED_SELF)
AT_THINGS: Final = tuple(_add("cast-at-thing", f"cast {cards.NAME[c]} at a thing", K_AT_THING, c, card=_card(c))
                         for c in forced.ON_THINGS)
FORCED_DROP_TREASURE: Final = _add("forced-drop", "he drops the treasure", K_FORCED_DROP, -1, 1, what="treasure")
FORCED_DROP_OBJECT: Final = _add("forced-drop", "he drops an object", K_FORCED_DROP, -1, 0, what="object")
STAY: Final = _add("stay", "stay where he is", K_STAY)
# -- deals and trades (deals.py): DEALS[step] is deals.py's own step (deals.OPEN + seat...) --
def _deal_steps() -> tuple[Action, ...]:
    steps: list[Action] = []

    def step(at: int, kind: str, text: str, played: int = -1, /, **fields: Field) -> None:
        assert at == len(steps), "the deal steps are declared in deals.py's order"
        steps.append(_add(kind, text, K_DEAL, played, at, -1, **fields))

    for p in range(deals.SEATS):
        step(deals.OPEN + p, "offer-deal", f"offer a deal to P{p}", -1, seat=p)
    for c in range(len(cards.ID)):
        step(deals.PUT + c, "put-in-deal", f"put {cards.NAME[c]} into the deal", c, card=_card(c))
    step(deals.ASK_MORE, "ask-more", "ask for one card more in return")
    step(deals.ASK_TREASURE, "ask-treasure", "ask for the treasure he carries")
    step(deals.SEND, "make-offer", "make the offer")
    step(deals.WITHDRAW, "withdraw-offer", "withdraw the offer")
    step(deals.ACCEPT, "accept-deal", "accept the deal")
    step(deals.REFUSE, "refuse-deal", "refuse the deal")
    return tuple(steps)


DEALS: Final = _deal_steps()
# -- map cards and spell modifiers (sectors.py, spellcraft.py) --
SECTORS: Final = tuple(
    [_add("rotate-sector", f"turn the sector in slot {slot} {sectors.TURN_NAMES[k]} turn clockwise", K_SECTOR, -1,
          slot, k + 1, slot=slot, quarters=k + 1) for slot in range(sectors.MAX_SLOTS) for k in range(3)]
    + [_add("exchange-sectors", f"exchange the sectors in slots {one} and {two}", K_SECTOR, -1, one, two,
            slot=one, other=two) for one, two in sectors.PAIRS])
REUSES: Final[dict[int, Action]] = {c: _add("reuse", f"reuse {cards.NAME[c]}", K_REUSE, c, card=_card(c))
                                    for c in spellcraft.REUSABLE}
# -- attacks on walls, doors and thornbushes (structures.py): the weapon; where it goes is next --
HIT_WITH_FIST: Final = _add("hit-thing", f"punch {structures.TEXT}", K_HIT, structures.FIST, how="punch")
HIT_WITH_SPELLS: Final = tuple(
    _numbered("hit-thing", f"cast {cards.NAME[c]} at {structures.TEXT}", K_HIT, c, how="cast")
    for c in structures.SPELLS)
HIT_WITH_OBJECTS: Final = tuple(
    _add("hit-thing", f"strike {structures.TEXT} with {cards.NAME[c]}", K_HIT, c, card=_card(c), how="strike")
    if c == combat.WIZARDBLADE else
    _add("hit-thing", f"throw {cards.NAME[c]} at a thornbush", K_HIT, c, card=_card(c), how="throw")
    for c in structures.OBJECTS)
# -- doors (doors.py): the opener holds the door for others, or lets go; the doors variant --
HOLD_DOORS: Final = tuple(_add("hold-door", f"hold the door {d}", K_HOLD_DOOR, -1, k, direction=d)
                          for k, d in enumerate(DIR_NAMES))
LET_GO: Final = _add("let-go-door", "let go of the door", K_LET_GO)
OPEN_OWN_DOORS: Final = tuple(_add("open-own-door", f"open the door {d} without a key", K_OPEN_OWN_DOOR, -1, k,
                                   direction=d) for k, d in enumerate(DIR_NAMES))
# -- throwing an object at a square (throwing.py): THROWS[k] for OBJECTS[k], every object card
# (6e 8, FAQ: never a treasure, which is no card); where it goes is the next decision --
THROWS: Final = tuple(_add("throw-object", f"throw {cards.NAME[c]} at a square", K_THROW, c, card=_card(c))
                      for c in OBJECTS)

ACTIONS: Final[tuple[Action, ...]] = TABLE.actions()


def plays(action: Action, card: int) -> bool:
    """Whether `action` casts or uses `card` from the hand (Reuse Spell's lent card must be
    used so, or not at all)."""
    data: tuple[int, int, int, int] = action.data
    code, played, _, _ = data
    return played == card and code in PLAYING


def takes_up(action: Action, put_back: tuple[int, ...]) -> bool:
    """Whether `action` would take up again to aim a card its wizard has put back since he
    last did anything else (ruling R8)."""
    data: tuple[int, int, int, int] = action.data
    code, card, _, _ = data
    return code in TAKING_UP and card in put_back
