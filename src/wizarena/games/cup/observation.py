"""Wizards Cup as a fixed-length vector of what one seat knows, for learning code.

Every entry is 0 or 1: cards are one-hot per card id, small counts are one-hot per value.
A network then never has to guess a scale. The vector is a run of blocks, and every block
is one of a few patterns known in advance (a card's one-hot, a count's, the cards of a bit
mask nine at a time), so each pattern is kept as ready float32 bytes, built once: a call
only picks about forty of them and joins them into the array's buffer. No per-entry loop
runs, and numpy is called once per vector (it is called per element or per index list
elsewhere, and that costs more than the whole game step).

The encoder reads the state directly, but only fields the seat may know — the same facts
`CupGame.view` shows it: its own six, order, Sub Card, unused cards and pending swap; of
the opponent only the cards in `seen` and `doubt`; the public table (fields, powers,
discard piles, deck sizes, Sub Card presence, chips, matches, phase, the pending
"may" ability). The opponent's `six`, `deck`, `sub` and `swap_out` are never read, so a
determinization (which redraws exactly those) yields the same vector.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, final

import numpy as np

from wizarena.core.encoding import FLOAT32, one_hot_blocks

from .catalogue import N as N_CARDS
from .catalogue import magic_power
from .state import CHOICE, ORDER, PHASE_NAMES, SELECT, SWAP, CupState

CHUNK: Final = 9  # cards of a bit mask per pattern table: 512 patterns, so a table stays small
MAX_DECK: Final = 6   # positions of the order encoded; a deck holds five, Priestess can add one
MAX_POWER: Final = 20  # Magic Power above this reads as this (Necromancer can climb high)
MOD_RANGE: Final = 5   # an attached modifier is encoded from -5 to +5
MAX_SWAPS: Final = 3
MAX_MATCHES: Final = 3  # a game is decided within three matches
MAX_SELECTED: Final = 5  # the selection count reads 0 to 5
# The public facts of each side: (name, width for n cards).
SIDE_BLOCKS: Final[tuple[tuple[str, Callable[[int], int]], ...]] = (
    ("field", lambda n: n), ("power", lambda n: MAX_POWER + 1), ("mod", lambda n: 2 * MOD_RANGE + 1),
    ("discard", lambda n: n), ("top", lambda n: n), ("deck_count", lambda n: MAX_DECK + 1),
    ("has_sub", lambda n: 1), ("swaps", lambda n: MAX_SWAPS + 1), ("selected", lambda n: MAX_SELECTED + 1),
)


@final
class CupEncoder:
    """The layout of the vector for a set of `n` cards, and the code that fills it."""

    def __init__(self, n: int) -> None:
        if n > 2 * CHUNK:
            raise ValueError(f"the Cup encoder takes at most {2 * CHUNK} cards, not {n}")
        self.n = n
        size = 0

        def block(width: int) -> int:
            nonlocal size
            start = size
            size += width
            return start

        self.seat = block(2)
        self.phase = block(len(PHASE_NAMES))
        self.match = block(MAX_MATCHES)
        self.swap_variant = block(1)
        self.to_act = block(2)                      # me, opponent
        self.chips = (block(3), block(3))           # me, opponent: 0, 1, 2+
        self.history = block(MAX_MATCHES * 2)       # per match: I won it, the opponent won it
        self.six = block(n)
        self.deck = block(MAX_DECK * n)             # position-major: deck[i] at deck + i*n + card
        self.sub = block(n)
        self.unused = block(n)
        self.swap_out = block(n)
        self.pick = (block(n), block(n))            # the card drawn at random from each set
        self.known = block(n)                       # opponent's cards known to be in its six
        self.maybe = block(n)                       # known before its swap, perhaps gone
        # Per side (me, then the opponent), in the order of SIDE_BLOCKS.
        self.side = tuple(tuple(block(width(n)) for _, width in SIDE_BLOCKS) for _ in range(2))
        self.pending = block(2)                     # the "may" ability waiting: mine, theirs
        self.pending_card = block(n)
        self.size = size
        self.all_cards = (1 << n) - 1
        self._tables()

    def _tables(self) -> None:
        """The patterns `encode` joins, one table per block or run of adjacent blocks, each
        indexed by a small int that `encode` computes from the state."""
        n = self.n
        phases = len(PHASE_NAMES)
        head = 2 + phases + MAX_MATCHES + 1
        # seat, phase, match, swap variant, to act (bit 0 me, bit 1 the opponent), my chips,
        # the opponent's: ((((seat * phases + phase) * MAX_MATCHES + match - 1) * 2 + swap) * 4
        # + acting) * 9 + mine * 3 + theirs
        self._head = one_hot_blocks(head + 8, [
            [seat, 2 + phase, 2 + phases + match] + ([head - 1] if swap else [])
            + [head + i for i in range(2) if acting >> i & 1] + [head + 2 + mine, head + 5 + theirs]
            for seat in range(2) for phase in range(phases) for match in range(MAX_MATCHES) for swap in range(2)
            for acting in range(4) for mine in range(3) for theirs in range(3)])
        # the winners of each match, two bits per match (me, the opponent)
        self._history = one_hot_blocks(2 * MAX_MATCHES, [[i for i in range(2 * MAX_MATCHES) if code >> i & 1]
                                                         for code in range(1 << 2 * MAX_MATCHES)])
        # a card or none: index card + 1, 0 for none; two cards in a row: first * (n + 1) + second
        self._card = one_hot_blocks(n, [[]] + [[c] for c in range(n)])
        self._cards = one_hot_blocks(2 * n, [([a - 1] if a else []) + ([n + b - 1] if b else [])
                                             for a in range(n + 1) for b in range(n + 1)])
        # a set of cards, CHUNK at a time: the low chunk, then the high one
        low = min(n, CHUNK)
        self._low = one_hot_blocks(low, [[b for b in range(low) if m >> b & 1] for m in range(1 << CHUNK)])
        self._high = one_hot_blocks(n - low, [[b for b in range(n - low) if m >> b & 1] for m in range(1 << CHUNK)])
        # a field's Magic Power and modifier, or none: 0, else 1 + power * (2 * MOD_RANGE + 1) + mod + MOD_RANGE
        mods = 2 * MOD_RANGE + 1
        self._power = one_hot_blocks(MAX_POWER + 1 + mods, [[]] + [[v, MAX_POWER + 1 + m] for v in range(MAX_POWER + 1)
                                                                   for m in range(mods)])
        # deck count, has Sub Card, swaps, selected (0 while not selecting, else count + 1):
        # ((count * 2 + has_sub) * (MAX_SWAPS + 1) + swaps) * (MAX_SELECTED + 2) + selected
        at_sub = MAX_DECK + 1
        at_swaps = at_sub + 1
        at_sel = at_swaps + MAX_SWAPS + 1
        self._counts = one_hot_blocks(at_sel + MAX_SELECTED + 1, [
            [count, at_swaps + swaps] + ([at_sub] if has_sub else []) + ([at_sel + sel - 1] if sel else [])
            for count in range(MAX_DECK + 1) for has_sub in range(2) for swaps in range(MAX_SWAPS + 1)
            for sel in range(MAX_SELECTED + 2)])
        # the pending "may" ability: 0 none, else 1 + (mine 0, theirs 1) * n + card
        self._pending = one_hot_blocks(2 + n, [[]] + [[who, 2 + c] for who in range(2) for c in range(n)])
        assert MAX_DECK % 2 == 0, "the order is joined two positions at a time"
        widths = (len(self._head[0]) + len(self._history[0]) + len(self._cards[0]) * (MAX_DECK // 2 + 1)
                  + len(self._card[0]) * 6 + (len(self._low[0]) + len(self._high[0])) * 6
                  + (len(self._power[0]) + len(self._counts[0])) * 2 + len(self._pending[0]))
        assert widths == 4 * self.size, "the patterns must tile the layout"

    def encode(self, s: CupState, me: int) -> np.ndarray:
        """The vector for seat `me`: its blocks picked by index, in layout order, and joined."""
        card, cards, low, high = self._card, self._cards, self._low, self._high
        n1 = self.n + 1
        op = 1 - me
        phase = s.phase
        match = s.match
        c, d = s.chips[me], s.chips[op]
        to_act = s.to_act
        # While both select, order or swap, how far the opponent got is its secret (as in
        # `Game.to_act_seen`): it shows as choosing, its counts as at the start.
        together = phase == SELECT or phase == ORDER or phase == SWAP
        acting = (1 if me in to_act else 0) + (2 if op in to_act or together else 0)
        history = 0
        i = 0
        for winners in s.history:
            if i < MAX_MATCHES:
                if me in winners:
                    history |= 1 << 2 * i
                if op in winners:
                    history |= 2 << 2 * i
            i += 1
        parts = [
            self._head[((((me * len(PHASE_NAMES) + phase) * MAX_MATCHES
                          + (match if match < MAX_MATCHES else MAX_MATCHES) - 1) * 2 + (1 if s.swap else 0)) * 4
                        + acting) * 9 + (c if c < 2 else 2) * 3 + (d if d < 2 else 2)],
            self._history[history],
        ]
        # What I hold: my six, my order, my Sub Card, the cards I left unused.
        mine = 0
        for c in s.six[me]:
            mine |= 1 << c
        parts.append(low[mine & 511])
        parts.append(high[mine >> CHUNK])
        deck = s.deck[me]
        k = len(deck)
        for i in range(0, MAX_DECK, 2):
            parts.append(cards[(deck[i] + 1 if i < k else 0) * n1 + (deck[i + 1] + 1 if i + 1 < k else 0)])
        parts.append(card[s.sub[me] + 1])
        unused = 0 if phase == SELECT else self.all_cards & ~mine
        parts.append(low[unused & 511])
        parts.append(high[unused >> CHUNK])
        parts.append(card[s.swap_out[me] + 1])
        parts.append(cards[(s.pick[me] + 1) * n1 + s.pick[op] + 1])
        # What I know of the opponent's six.
        m = s.seen[op]
        parts.append(low[m & 511])
        parts.append(high[m >> CHUNK])
        m = s.doubt[op]
        parts.append(low[m & 511])
        parts.append(high[m >> CHUNK])
        # The public table, mine first.
        for side in range(2):
            p = me if side == 0 else op
            f = s.field[p]
            if f >= 0:
                v = magic_power(s, p)
                m = s.fmod[p]
                parts.append(card[f + 1])
                parts.append(self._power[1 + (v if v < MAX_POWER else MAX_POWER) * (2 * MOD_RANGE + 1)
                                         + (m if -MOD_RANGE <= m <= MOD_RANGE else (MOD_RANGE if m > 0 else -MOD_RANGE))
                                         + MOD_RANGE])
            else:
                parts.append(card[0])
                parts.append(self._power[0])
            pile = s.discard[p]
            m = 0
            for c in pile:
                m |= 1 << c
            parts.append(low[m & 511])
            parts.append(high[m >> CHUNK])
            parts.append(card[pile[-1] + 1] if pile else card[0])
            c = 0 if p == op and phase == ORDER else len(s.deck[p])
            d = s.swaps[p]
            sel = 0
            if phase == SELECT:
                sel = (len(s.six[p]) - 1 if p == me else 0)
                sel = (sel if sel < MAX_SELECTED else MAX_SELECTED) + 1
            parts.append(self._counts[(((c if c < MAX_DECK else MAX_DECK) * 2
                                        + (1 if s.sub[p] >= 0 and (p == me or phase != ORDER) else 0))
                                       * (MAX_SWAPS + 1) + (d if d < MAX_SWAPS else MAX_SWAPS))
                                      * (MAX_SELECTED + 2) + sel])
        pending = s.pending
        if phase == CHOICE and pending is not None:
            parts.append(self._pending[1 + (0 if pending[0] == me else self.n) + pending[1]])
        else:
            parts.append(self._pending[0])
        return np.frombuffer(bytearray().join(parts), FLOAT32)

    def describe(self) -> Sequence[tuple[str, int, int]]:
        """(name, start, width) of every block, for people reading a tensor."""
        n = self.n
        rows = [("seat", self.seat, 2), ("phase", self.phase, len(PHASE_NAMES)),
                ("match", self.match, MAX_MATCHES), ("swap_variant", self.swap_variant, 1),
                ("to_act", self.to_act, 2),
                ("my_chips", self.chips[0], 3), ("opp_chips", self.chips[1], 3),
                ("match_winners", self.history, 2 * MAX_MATCHES), ("my_six", self.six, n),
                ("my_deck", self.deck, MAX_DECK * n), ("my_sub", self.sub, n), ("my_unused", self.unused, n),
                ("my_swap_out", self.swap_out, n), ("my_random_card", self.pick[0], n),
                ("opp_random_card", self.pick[1], n), ("opp_known", self.known, n),
                ("opp_maybe_swapped_away", self.maybe, n)]
        for who, side in zip(("my", "opp"), self.side, strict=True):
            rows += [(f"{who}_{name}", start, width(n))
                     for (name, width), start in zip(SIDE_BLOCKS, side, strict=True)]
        rows += [("pending_seat", self.pending, 2), ("pending_card", self.pending_card, n)]
        return rows


DIGIT: Final = N_CARDS + 1  # a card id plus one is one digit of a pile packed into an int: never 0


def _pile(cards: list[int]) -> int:
    """A pile of cards in order as one int, a digit per card: two piles share it only if equal."""
    v = 0
    for c in cards:
        v = v * DIGIT + c + 1
    return v


def information_key(s: CupState, me: int) -> int:
    """What seat `me` knows of the table, as one int, for search to key its information
    sets by (`Game.information_key`). Search asks it at every step of a descent, so it
    packs the state's fields into a few ints and hashes their tuple instead of building
    and hashing the 505 floats of `CupEncoder.encode`: cheaper than a rules step, where
    hashing the tensor cost several.

    It reads what `encode` reads and, like it, nothing else of the opponent: its own six
    (as a set: the order of selection is no fact of the game), order, Sub Card and pending
    swap; of the opponent only `seen`, `doubt` and how many of the doubted may be gone;
    the public table (fields, attached changes, discard piles in order, the cards seen put
    at the bottom of a deck, deck sizes, Sub Card presence, swaps, chips, the winners of
    each match, the pending "may" ability). While both seats select, order or swap, how
    far the opponent got is its secret, as in the tensor: its deck size and Sub Card count
    as nothing during the order, and it always counts as still choosing. Everything the
    tensor encodes is here (a Magic Power follows from the field, its change and the
    discard piles), so two positions with different tensors get different keys.

    Fields with a bound (card ids, the phase, flags) share one int in mixed radix; card
    sets are bit masks; piles are digits (`_pile`); counts that have no fixed bound (chips,
    matches, swaps, deck sizes, Magic Power changes) stay apart, so nothing can overflow
    into a neighbour.
    """
    op = 1 - me
    phase = s.phase
    to_act = s.to_act
    if phase == ORDER:
        op_deck = -1
        op_sub = 0
    else:
        op_deck = len(s.deck[op])
        op_sub = 1 if s.sub[op] >= 0 else 0
    pending = s.pending
    pend = 0
    if phase == CHOICE and pending is not None:
        pend = 1 + pending[0] + 2 * pending[1]
    # Who is to act, as the tensor shows it: me, and the opponent (always, while both choose).
    flags = (2 if me in to_act else 0) + (1 if op in to_act or phase == SELECT or phase == ORDER
                                          or phase == SWAP else 0)
    field = s.field
    bounded = ((((((((me * 8 + phase) * 4 + flags) * 2 + (1 if s.swap else 0)) * N_CARDS + s.pick[0]) * N_CARDS
                  + s.pick[1]) * DIGIT + s.sub[me] + 1) * DIGIT + s.swap_out[me] + 1) * DIGIT + field[0] + 1) \
        * DIGIT + field[1] + 1
    bounded = (bounded * 2 + op_sub) * (2 * N_CARDS + 2) + pend
    mine = 0
    for c in s.six[me]:
        mine |= 1 << c
    history = 0
    for winners in s.history:  # per match: 1 if P0 won it, 2 if P1 did, 3 if both
        w = 0
        for p in winners:
            w |= 1 << p
        history = history * 4 + w
    bottom = s.bottom
    discard = s.discard
    return hash((bounded, (s.doubt[op] << N_CARDS | s.seen[op]) << N_CARDS | mine, _pile(s.deck[me]),
                 _pile(discard[0]), _pile(discard[1]), history, s.match, s.chips[0], s.chips[1], s.swaps[0],
                 s.swaps[1], s.doubt_max[op], op_deck, s.fmod[0], s.fmod[1],
                 _pile(bottom[0]) if bottom[0] else 0, _pile(bottom[1]) if bottom[1] else 0))
