"""How well a wizard stands: the estimate computer players judge a position by.

Not a rule: nothing here changes the game. A search reads it where it cannot play a game
to its end (`Game.heuristic`, the lookahead agent's `Game.evaluate`). It counts what the
rules make a wizard play for (6e 2: staying alive, bringing enemy treasures home) and the
means to it: the cards in his hand, and how far the next treasure is.

The terms are built so that no action that throws away a means looks like progress:
- a carried treasure is always worth more than the same treasure lying at his feet, even
  when his way home is walled off (CARRYING - STEP * FAR > SEEKING), so he never drops one
  to look closer to another; and one brought home is worth more than one carried there
  (BROUGHT > CARRYING + SEEKING), so he drops it on his base;
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
from .state import TREASURES, WizWarState, holds, is_out

OUT: Final = -20.0            # a wizard who is out
BROUGHT: Final = 10.0         # each enemy treasure on his home base (two win, 6e 2)
CARRYING: Final = 8.0         # an enemy treasure in his hands, less its way home
SEEKING: Final = 1.5          # the nearest enemy treasure lying about, less its distance
STEP: Final = 0.15            # what one square of the way is worth
FAR: Final = 40               # the distance counted for a square out of reach
# The way to a treasure is seldom open: doors are locked and walls stand (6e 4, 8). A wizard
# who holds the means counts a closed door (Pick Lock, Master Key, Remove Lock) as this many
# squares more, and a wall or solid stone (Pass Through Wall, Destroy Wall) as this many;
# without them, they bar his way. Counting barriers he cannot pass as merely long would
# leave him waiting before a wall for ever, the way round looking longer at its first step.
DOOR_EXTRA: Final = 2
WALL_EXTRA: Final = 4
BARRED: Final = -1
KEYS: Final[tuple[int, ...]] = tuple(cards.INDEX[c] for c in ("pick_lock", "master_key", "remove_lock"))
BREAKERS: Final[tuple[int, ...]] = tuple(cards.INDEX[c] for c in ("pass_through_wall", "destroy_wall"))


def _worth(card: int) -> float:
    """What holding one card is worth: half a life point whatever it is, and a hair more
    for the cards that do the most (a high NUMBER card, an attack, an object, a
    counteraction), so that a wizard who must discard keeps those. The hair stays small:
    were the cards worth more apart, a full hand would gain by drawing at once (keeping the
    better of nine) and a wizard would end his turn before walking it; two cards' spread
    stays under what the lookahead agent charges for staying on the move (0.03)."""
    kind = cards.KIND[card]
    if kind == "number":
        return 0.45 + 0.002 * cards.NUMBER[card]
    if kind in ("attack", "object"):
        return 0.46
    if kind == "counteraction":
        return 0.458
    if kind == "attack-neutral":
        return 0.455
    return 0.45  # neutrals, stones, and a trap (never held: it springs when drawn)


WORTH: Final[tuple[float, ...]] = tuple(_worth(card) for card in range(len(cards.ID)))
# A card not yet drawn: the mean over the deck, so that ending a turn gains nothing on average.
MEAN_CARD: Final = sum(WORTH[card] for card in cards.DECK) / len(cards.DECK)


def standing(s: WizWarState, seat: int) -> float:
    """How well `seat` stands, on the scale of life points (a wizard starts with 15)."""
    if is_out(s, seat):
        return OUT
    return s.life[seat] + _treasures(s, seat) + _hand(s, seat)


def _treasures(s: WizWarState, seat: int) -> float:
    """Enemy treasures brought home, the one carried (less its way home), or the nearest
    one to take (less its way there): an enemy treasure lying about, or one of his own side's
    lying on an enemy home base, which he may steal back (6e 9). In team play (6e 11) a
    teammate's treasures are not enemy ones.

    Squares he may still walk this turn count for nothing: credit for them would make a
    wizard who cannot use them keep his turn open for ever rather than lose it."""
    m = s.map
    home = m.home_base(seat)
    side = seat & 1 if s.teams else -1
    bases = [m.home_base(q) for q in range(s.n) if q != seat and q & 1 != side and not is_out(s, q)]
    brought = 0
    for t in range(len(s.treasure_at)):
        owner = t // TREASURES
        if owner != seat and owner & 1 != side and s.treasure_at[t] == home:
            brought += 1
    hand = s.hands[seat]
    door = DOOR_EXTRA if any(holds(hand, card) for card in KEYS) else BARRED
    wall = WALL_EXTRA if any(holds(hand, card) for card in BREAKERS) else BARRED
    dist = effort(m, s.pos[seat], door, wall)
    held = s.carried[seat]
    if held >= 0 and held // TREASURES != seat and held // TREASURES & 1 != side:
        away = dist[home]
        value = BROUGHT * brought + CARRYING
    else:
        away = -1
        for t in range(len(s.treasure_at)):
            owner, at = t // TREASURES, s.treasure_at[t]
            ours = owner == seat or owner & 1 == side
            wanted = at in bases if ours else at >= 0 and at != home
            if wanted and dist[at] >= 0 and (away < 0 or dist[at] < away):
                away = dist[at]
        value = BROUGHT * brought + SEEKING
    return value - STEP * (away if away >= 0 else FAR)


def _hand(s: WizWarState, seat: int) -> float:
    """The cards he holds, the best ones up to his hand limit, and those the end of his next
    turn will draw."""
    hand = s.hands[seat]
    values = sorted((WORTH[card] for card in hand), reverse=True)
    limit = s.rules.hand_limit
    kept = values[:limit]
    return sum(kept) + MEAN_CARD * min(s.rules.draws, limit - len(kept))


def effort(m: MapState, square: int, door: int, wall: int) -> list[int]:
    """The length of the shortest way from `square` to every square (-1: none), a closed
    door counted as `door` squares more and a wall or solid stone as `wall` (BARRED: not
    passable). Entering a thornbush ends a move, so a way leaves one only on the next turn:
    one square more."""
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
                extra = _extra(m, side, door, wall)
                if far != side and extra >= 0:
                    more = _extra(m, far, door, wall)
                    extra = more if more < 0 else extra + more
                cells = m.cells[to]
                if cells & STONE:
                    extra = wall if extra >= 0 and wall >= 0 else BARRED
                elif cells & BUSH and extra >= 0:
                    extra += 1
                if extra < 0:
                    continue
                cost = at + 1 + extra
                if dist[to] < 0 or cost < dist[to]:
                    dist[to] = cost
                    while len(buckets) <= cost:
                        buckets.append([])
                    buckets[cost].append(to)
        at += 1
    return dist


def _extra(m: MapState, edge: int, door: int, wall: int) -> int:
    """What getting across `edge` costs beyond the step (BARRED: it cannot be crossed)."""
    state = m.edges[edge]
    kind = state & KIND_MASK
    if kind == WALL:
        return wall
    if kind == DOOR and state & PASSABLE_DOOR == 0:
        return door
    return 0
