"""Wizards Cup as a fixed-length vector of what one seat knows, for learning code.

Every entry is 0 or 1: cards are one-hot per card id, small counts are one-hot per value.
A network then never has to guess a scale, and the whole vector is written with a single
fancy-indexed store into a fresh zero array: the Python side only lists which entries are
1. Bit masks (the opponent's known cards, one's unused cards) are expanded through
tables of nine bits at a time, built once, so no per-call loop runs over all 18 cards.

The encoder reads the state directly, but only fields the seat may know — the same facts
`CupGame.view` shows it: its own six, order, Sub Card, unused cards and pending swap; of
the opponent only the cards in `seen` and `doubt`; the public table (fields, powers,
discard piles, deck sizes, Sub Card presence, chips, matches, phase, the pending
"may" ability). The opponent's `six`, `deck`, `sub` and `swap_out` are never read, so a
determinization (which redraws exactly those) yields the same vector.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .state import CHOICE, PHASE_NAMES, SELECT, CupState

CHUNK = 9  # bits per lookup table: 512 entries, so a table per block stays small
MAX_DECK = 6   # positions of the order encoded; a deck holds five, Priestess can add one
MAX_POWER = 20  # Magic Power above this reads as this (Necromancer can climb high)
MOD_RANGE = 5   # an attached modifier is encoded from -5 to +5
MAX_SWAPS = 3
MAX_MATCHES = 3  # a game is decided within three matches


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
        side = []
        for _ in range(2):
            side.append({
                "field": block(n), "power": block(MAX_POWER + 1), "mod": block(2 * MOD_RANGE + 1),
                "discard": block(n), "top": block(n), "deck_count": block(MAX_DECK + 1),
                "has_sub": block(1), "swaps": block(MAX_SWAPS + 1), "selected": block(6),
            })
        self.side = side
        self.pending = block(2)                     # the "may" ability waiting: mine, theirs
        self.pending_card = block(n)
        self.size = size
        self.all_cards = (1 << n) - 1
        chunks = range(0, n, CHUNK)
        self._tables: dict[int, list[tuple[tuple[int, ...], ...]]] = {}
        for base in (self.six, self.unused, self.known, self.maybe, side[0]["discard"], side[1]["discard"]):
            self._tables[base] = [tuple(tuple(base + lo + b for b in range(CHUNK) if m >> b & 1 and lo + b < n)
                                        for m in range(1 << CHUNK)) for lo in chunks]

    def _bits(self, idx: list[int], base: int, mask: int) -> None:
        for table in self._tables[base]:
            if mask:
                idx.extend(table[mask & 511])
            mask >>= CHUNK

    def encode(self, s: CupState, me: int, power: Callable[[CupState, int], int]) -> np.ndarray:
        """The vector for seat `me`. `power` is the rules' current Magic Power of a field."""
        n = self.n
        op = 1 - me
        phase = s.phase
        idx = [self.seat + me, self.phase + phase, self.match + min(s.match, MAX_MATCHES) - 1]
        if s.swap:
            idx.append(self.swap_variant)
        to_act = s.to_act
        if me in to_act:
            idx.append(self.to_act)
        if op in to_act:
            idx.append(self.to_act + 1)
        idx.append(self.chips[0] + min(s.chips[me], 2))
        idx.append(self.chips[1] + min(s.chips[op], 2))
        h = self.history
        for i, winners in enumerate(s.history[:MAX_MATCHES]):
            if me in winners:
                idx.append(h + 2 * i)
            if op in winners:
                idx.append(h + 2 * i + 1)
        # What I hold: my six, my order, my Sub Card, the cards I left unused.
        six = s.six[me]
        base = self.six
        mask = 0
        for c in six:
            idx.append(base + c)
            mask |= 1 << c
        if phase != SELECT:
            self._bits(idx, self.unused, self.all_cards & ~mask)
        base = self.deck
        for i, c in enumerate(s.deck[me][:MAX_DECK]):
            idx.append(base + i * n + c)
        if s.sub[me] >= 0:
            idx.append(self.sub + s.sub[me])
        if s.swap_out[me] >= 0:
            idx.append(self.swap_out + s.swap_out[me])
        idx.append(self.pick[0] + s.pick[me])
        idx.append(self.pick[1] + s.pick[op])
        # What I know of the opponent's six.
        if s.seen[op]:
            self._bits(idx, self.known, s.seen[op])
        if s.doubt[op]:
            self._bits(idx, self.maybe, s.doubt[op])
        # The public table, mine first.
        for p, side in ((me, self.side[0]), (op, self.side[1])):
            card = s.field[p]
            if card >= 0:
                idx.append(side["field"] + card)
                idx.append(side["power"] + min(power(s, p), MAX_POWER))
                idx.append(side["mod"] + max(-MOD_RANGE, min(MOD_RANGE, s.fmod[p])) + MOD_RANGE)
            pile = s.discard[p]
            if pile:
                base = side["discard"]
                idx.extend([base + c for c in pile])
                idx.append(side["top"] + pile[-1])
            idx.append(side["deck_count"] + min(len(s.deck[p]), MAX_DECK))
            if s.sub[p] >= 0:
                idx.append(side["has_sub"])
            idx.append(side["swaps"] + min(s.swaps[p], MAX_SWAPS))
            if phase == SELECT:
                idx.append(side["selected"] + min(len(s.six[p]) - 1, 5))
        if phase == CHOICE and s.pending is not None:
            seat, card = s.pending
            idx.append(self.pending + (seat != me))
            idx.append(self.pending_card + card)
        out = np.zeros(self.size, np.float32)
        out[idx] = 1.0
        return out

    def describe(self) -> Sequence[tuple[str, int, int]]:
        """(name, start, width) of every block, for people reading a tensor."""
        n = self.n
        rows = [("seat", self.seat, 2), ("phase", self.phase, len(PHASE_NAMES)), ("match", self.match, MAX_MATCHES),
                ("swap_variant", self.swap_variant, 1), ("to_act", self.to_act, 2),
                ("my_chips", self.chips[0], 3), ("opp_chips", self.chips[1], 3),
                ("match_winners", self.history, 2 * MAX_MATCHES), ("my_six", self.six, n),
                ("my_deck", self.deck, MAX_DECK * n), ("my_sub", self.sub, n), ("my_unused", self.unused, n),
                ("my_swap_out", self.swap_out, n), ("my_random_card", self.pick[0], n),
                ("opp_random_card", self.pick[1], n), ("opp_known", self.known, n),
                ("opp_maybe_swapped_away", self.maybe, n)]
        widths = {"field": n, "power": MAX_POWER + 1, "mod": 2 * MOD_RANGE + 1, "discard": n, "top": n,
                  "deck_count": MAX_DECK + 1, "has_sub": 1, "swaps": MAX_SWAPS + 1, "selected": 6}
        for who, side in zip(("my", "opp"), self.side, strict=True):
            rows += [(f"{who}_{k}", start, widths[k]) for k, start in side.items()]
        rows += [("pending_seat", self.pending, 2), ("pending_card", self.pending_card, n)]
        return rows
