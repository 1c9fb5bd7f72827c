"""Wizards Cup as a fixed-length vector of what one seat knows, for learning code.

Every entry is 0 or 1: cards are one-hot per card id, small counts are one-hot per value.
A network then never has to guess a scale, and the whole vector is written with a single
indexed store into a fresh zero array: the Python side only lists which entries are 1.
Bit masks (the opponent's known cards, one's unused cards) are expanded through tables of
nine bits at a time, built once, so no per-call loop runs over every card.

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

from .state import CHOICE, ORDER, PHASE_NAMES, SELECT, SWAP, CupState

CHUNK: Final = 9  # bits per lookup table: 512 entries, so a table per block stays small
MAX_DECK: Final = 6   # positions of the order encoded; a deck holds five, Priestess can add one
MAX_POWER: Final = 20  # Magic Power above this reads as this (Necromancer can climb high)
MOD_RANGE: Final = 5   # an attached modifier is encoded from -5 to +5
MAX_SWAPS: Final = 3
MAX_MATCHES: Final = 3  # a game is decided within three matches
# The public facts of each side: (name, width for n cards).
SIDE_BLOCKS: Final[tuple[tuple[str, Callable[[int], int]], ...]] = (
    ("field", lambda n: n), ("power", lambda n: MAX_POWER + 1), ("mod", lambda n: 2 * MOD_RANGE + 1),
    ("discard", lambda n: n), ("top", lambda n: n), ("deck_count", lambda n: MAX_DECK + 1),
    ("has_sub", lambda n: 1), ("swaps", lambda n: MAX_SWAPS + 1), ("selected", lambda n: 6),
)



def _spread(idx: list[int], tables: Sequence[Sequence[Sequence[int]]], mask: int) -> None:
    """Append the tensor indices of the cards in a bit mask, CHUNK bits per table lookup."""
    for table in tables:
        if not mask:
            return
        idx += table[mask & 511]
        mask >>= CHUNK

@final
class CupEncoder:
    """The layout of the vector for a set of `n` cards, and the code that fills it."""

    def __init__(self, n: int) -> None:
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
        # What `encode` reads on every call, gathered so it unpacks them in one go.
        self._offsets = (self.seat, self.phase, self.match, self.swap_variant, self.to_act, self.chips[0],
                         self.chips[1], self.history, self.six, self.sub, self.swap_out, self.pick[0],
                         self.pick[1], self.pending, self.pending_card)
        self._deck_pos = tuple(self.deck + i * n for i in range(MAX_DECK))

        def tables(base: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
            """Per chunk of CHUNK cards: for each bit pattern, the entries it sets."""
            return tuple(tuple(tuple(base + lo + b for b in range(CHUNK) if m >> b & 1 and lo + b < n)
                               for m in range(1 << CHUNK))
                         for lo in range(0, n, CHUNK))

        self._unused_tables = tables(self.unused)
        self._known_tables = tables(self.known)
        self._maybe_tables = tables(self.maybe)

    def encode(self, s: CupState, me: int, power: Callable[[CupState, int], int]) -> np.ndarray:
        """The vector for seat `me`. `power` is the rules' current Magic Power of a field.

        Written as one straight run over locals: it is called on every step of a learning
        loop, where attribute lookups and helper calls would cost more than the game step.
        """
        (o_seat, o_phase, o_match, o_swapv, o_to_act, o_chips_me, o_chips_op, o_hist, o_six, o_sub,
         o_swap_out, o_pick_me, o_pick_op, o_pending, o_pending_card) = self._offsets
        op = 1 - me
        phase = s.phase
        match = s.match
        c, d = s.chips[me], s.chips[op]
        idx = [o_seat + me, o_phase + phase, o_match + (match if match < MAX_MATCHES else MAX_MATCHES) - 1,
               o_chips_me + (c if c < 2 else 2), o_chips_op + (d if d < 2 else 2),
               o_pick_me + s.pick[me], o_pick_op + s.pick[op]]
        if s.swap:
            idx.append(o_swapv)
        to_act = s.to_act
        # While both select, order or swap, how far the opponent got is its secret (as in
        # `Game.to_act_seen`): it shows as choosing, its counts as at the start.
        together = phase == SELECT or phase == ORDER or phase == SWAP
        if me in to_act:
            idx.append(o_to_act)
        if op in to_act or together:
            idx.append(o_to_act + 1)
        if s.history:
            for i, winners in enumerate(s.history[:MAX_MATCHES]):
                if me in winners:
                    idx.append(o_hist + 2 * i)
                if op in winners:
                    idx.append(o_hist + 2 * i + 1)
        # What I hold: my six, my order, my Sub Card, the cards I left unused.
        six = s.six[me]
        idx += [o_six + c for c in six]
        if phase != SELECT:
            mask = self.all_cards
            for c in six:
                mask ^= 1 << c
            _spread(idx, self._unused_tables, mask)
        deck = s.deck[me]
        if deck:
            idx += [pos + c for pos, c in zip(self._deck_pos, deck, strict=False)]  # MAX_DECK at most
        c = s.sub[me]
        if c >= 0:
            idx.append(o_sub + c)
        c = s.swap_out[me]
        if c >= 0:
            idx.append(o_swap_out + c)
        # What I know of the opponent's six.
        _spread(idx, self._known_tables, s.seen[op])
        _spread(idx, self._maybe_tables, s.doubt[op])
        # The public table, mine first.
        for p, (o_field, o_power, o_mod, o_discard, o_top, o_count, o_has_sub, o_swaps, o_sel) in (
                (me, self.side[0]), (op, self.side[1])):
            card = s.field[p]
            c = 0 if p == op and phase == ORDER else len(s.deck[p])
            d = s.swaps[p]
            idx += (o_count + (c if c < MAX_DECK else MAX_DECK),
                    o_swaps + (d if d < MAX_SWAPS else MAX_SWAPS))
            if card >= 0:
                v = power(s, p)
                m = s.fmod[p]
                idx += (o_field + card, o_power + (v if v < MAX_POWER else MAX_POWER),
                        o_mod + (m if -MOD_RANGE <= m <= MOD_RANGE else (MOD_RANGE if m > 0 else -MOD_RANGE))
                        + MOD_RANGE)
            pile = s.discard[p]
            if pile:
                idx += [o_discard + c for c in pile]
                idx.append(o_top + pile[-1])
            if s.sub[p] >= 0 and (p == me or phase != ORDER):
                idx.append(o_has_sub)
            if phase == SELECT:
                c = len(s.six[p]) - 1 if p == me else 0
                idx.append(o_sel + (c if c < 5 else 5))
        if phase == CHOICE and s.pending is not None:
            seat, card = s.pending
            idx.append(o_pending + (seat != me))
            idx.append(o_pending_card + card)
        out = np.zeros(self.size, np.float32)
        out.put(idx, 1.0)
        return out

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
