"""How well a wizard stands: the estimate computer players judge a position by.

Not a rule: nothing here changes the game. A search reads it where it cannot play a game
to its end (`Game.heuristic`, the lookahead agent's `Game.evaluate`). It counts what the
rules make a wizard play for (6e 2: staying alive, bringing enemy treasures home) and the
means to it: the cards in his hand, and how far the next treasure is.

The terms are built so that no action that throws away a means looks like progress:
- a carried treasure is always worth more than the same treasure lying at his feet, even
  when his way home is walled off, so he never drops one to look closer to another;
- a card in the hand is worth something (more for a higher NUMBER card), so he neither
  drops an object nor discards a card for nothing;
- the two cards each wizard will draw at the end of his next turn count already, for every
  wizard alike, so that ending a turn gains nothing over walking on and hands no lead to
  the next wizard.
"""

from __future__ import annotations

from typing import Final

from . import cards
from .mapstate import BUSH, DOOR, KIND_MASK, PASSABLE_DOOR, STONE, WALL, MapState
from .state import DRAWS, HAND_LIMIT, TREASURES, WizWarState

OUT: Final = -20.0            # a wizard who is out
BROUGHT: Final = 6.0          # each enemy treasure on his home base (two win, 6e 2)
CARRYING: Final = 4.0         # an enemy treasure in his hands, less its way home
SEEKING: Final = 1.5          # the nearest enemy treasure lying about, less its distance
STEP: Final = 0.15            # what one square of the way is worth
FAR: Final = 40               # the distance counted for a square out of reach
# The way to a treasure is seldom open: doors are locked and walls stand (6e 4, 8). A closed
# door counts as this many squares more (a key, a Pick Lock, 15 hit points), a wall or
# solid stone as this many (Pass Through Wall, Destroy Wall, 20 hit points), so that a
# wizard walled off from every treasure still knows which way is shorter.
DOOR_EXTRA: Final = 3
WALL_EXTRA: Final = 6


def _worth(card: int) -> float:
    """What holding one card is worth: half a life point whatever it is, and a hair more
    for the cards that do the most (a high NUMBER card, an attack, an object, a
    counteraction), so that a wizard who must discard keeps those. The hair stays small:
    were the cards worth more apart, a full hand would gain by drawing at once (keeping the
    better of nine) and a wizard would end his turn before walking it."""
    kind = cards.KIND[card]
    if kind == "number":
        return 0.45 + 0.004 * cards.NUMBER[card]
    if kind in ("attack", "object"):
        return 0.47
    if kind == "counteraction":
        return 0.468
    if kind == "attack-neutral":
        return 0.46
    return 0.45  # neutrals, stones, and a trap (never held: it springs when drawn)


WORTH: Final[tuple[float, ...]] = tuple(_worth(card) for card in range(len(cards.ID)))
# A card not yet drawn: the mean over the deck, so that ending a turn gains nothing on average.
MEAN_CARD: Final = sum(WORTH[card] for card in cards.DECK) / len(cards.DECK)


def standing(s: WizWarState, seat: int) -> float:
    """How well `seat` stands, on the scale of life points (a wizard starts with 15)."""
    if seat in s.out:
        return OUT
    return s.life[seat] + _treasures(s, seat) + _hand(s, seat)


def _treasures(s: WizWarState, seat: int) -> float:
    """Enemy treasures brought home, the one carried (less its way home), or the nearest
    one lying about (less its distance). In team play (6e 11) a teammate's treasures are
    not enemy ones."""
    m = s.map
    home = m.home_base(seat)
    side = seat & 1 if s.teams else -1
    brought = 0
    for t in range(len(s.treasure_at)):
        owner = t // TREASURES
        if owner != seat and owner & 1 != side and s.treasure_at[t] == home:
            brought += 1
    dist = effort(m, s.pos[seat])
    held = s.carried[seat]
    if held >= 0 and held // TREASURES != seat and held // TREASURES & 1 != side:
        away = dist[home]
        return BROUGHT * brought + CARRYING - STEP * (away if away >= 0 else FAR)
    nearest = FAR
    for t in range(len(s.treasure_at)):
        owner, at = t // TREASURES, s.treasure_at[t]
        if owner != seat and owner & 1 != side and at >= 0 and at != home and 0 <= dist[at] < nearest:
            nearest = dist[at]
    return BROUGHT * brought + SEEKING - STEP * nearest


def _hand(s: WizWarState, seat: int) -> float:
    """The cards he holds, the best ones up to his hand limit, and those the end of his next
    turn will draw."""
    hand = s.hands[seat]
    values = sorted((WORTH[card] for card in hand), reverse=True)
    kept = values[:HAND_LIMIT]
    return sum(kept) + MEAN_CARD * min(DRAWS, HAND_LIMIT - len(kept))


def effort(m: MapState, square: int) -> list[int]:
    """The length of the shortest way from `square` to every square, a closed door counted
    as `DOOR_EXTRA` squares more and a wall or solid stone as `WALL_EXTRA` (-1: no way at
    all). Entering a thornbush ends a move, so a way leaves one only on the next turn: one
    square more."""
    asm = m.asm
    n = asm.n_squares
    dist = [-1] * n
    dist[square] = 0
    # Costs are small ints: a bucket per distance replaces a heap.
    buckets: list[list[int]] = [[square]]
    at = 0
    while at < len(buckets):
        for sq in buckets[at]:
            if dist[sq] != at:
                continue  # reached sooner by another way
            for d in range(4):
                i = sq * 4 + d
                to = asm.step[i]
                if to < 0:
                    continue
                side, far = asm.side_edge[i], asm.far_edge[i]
                cost = at + 1 + _extra(m, side) + (_extra(m, far) if far != side else 0)
                cells = m.cells[to]
                if cells & STONE:
                    cost += WALL_EXTRA
                elif cells & BUSH:
                    cost += 1
                if dist[to] < 0 or cost < dist[to]:
                    dist[to] = cost
                    while len(buckets) <= cost:
                        buckets.append([])
                    buckets[cost].append(to)
        at += 1
    return dist


def _extra(m: MapState, edge: int) -> int:
    """What getting across `edge` costs beyond the step."""
    state = m.edges[edge]
    kind = state & KIND_MASK
    if kind == WALL:
        return WALL_EXTRA
    if kind == DOOR and state & PASSABLE_DOOR == 0:
        return DOOR_EXTRA
    return 0
