"""The position of one Wizards Cup table: small lists of card ids, cheap to clone.

Cards are ids 0..17 into the shared card tuple; both players own an identical set, so the
same id names the same card on either side. Decks keep their top at index 0; discard
piles keep their top at the end.
"""

from __future__ import annotations

from typing import Any, Final, final

from wizarena.core import Action, Event, Outcome, Rng

# Phases, as Final ints so the compiled engine reads them as constants.
SELECT: Final = 0
ORDER: Final = 1
CHOICE: Final = 2
SWAP: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("select", "order", "choice", "swap", "over")


# Every field of a table, in one place: the class's slots, and what tests compare
# field by field (compiled classes do not keep a __slots__ attribute).
FIELDS: Final = (
    "seed", "rng", "swap", "phase", "to_act", "legal", "chips", "match", "pick", "six",
    "deck", "sub", "field", "fmod", "discard", "seen", "doubt", "doubt_max", "swaps", "bottom",
    "swap_out", "swapped_away", "queue", "fresh", "pending", "history", "result", "log",
    "fights", "attached",
)


@final
class CupState:
    __slots__ = FIELDS

    seed: int
    rng: Rng
    swap: bool                 # the Western editions' swap between matches
    phase: int
    to_act: tuple[int, ...]
    legal: list[list[Action]]  # per seat; [] when the seat has nothing to decide
    chips: list[int]
    match: int                 # 1-based match number
    pick: list[int]            # the card the opponent drew at random from each set
    six: list[list[int]]       # each player's wizards for the game (grows during selection)
    deck: list[list[int]]      # order of match: top (next to play) at index 0
    sub: list[int]             # the Sub Card, -1 when there is none
    field: list[int]           # the wizard on each field, -1 when empty
    fmod: list[int]            # Magic Power change attached to the wizard on each field
    discard: list[list[int]]   # top at the end
    seen: list[int]            # bit mask: cards the opponent knows are in this six
    doubt: list[int]           # bit mask: seen before this player's last swap, not since
    doubt_max: list[int]       # how many of the doubted cards may have been swapped away
    swaps: list[int]           # swaps made (public: the table sees cards change hands)
    bottom: list[list[int]]    # cards the table saw put at the bottom of each deck this match,
                               # in order; the last min(len, deck size) are still there (known_bottom)
    swap_out: list[int]        # during the swap: card chosen to leave, -1 before choosing
    swapped_away: tuple[int, int]  # bit masks: cards each player swapped out of its six (secret;
                                   # for studies only, no rule reads it); replaced, never mutated
    queue: list[tuple[int, int]]   # Quick abilities waiting to resolve: (seat, card)
    fresh: int                 # bit mask of seats whose wizard was placed this step
    pending: tuple[int, int] | None  # (seat, card) whose "may" ability awaits a choice
    history: list[tuple[int, ...]]  # winners of each finished match
    result: Outcome | None
    log: list[Event] | None
    # The public record of this match's battle, one entry per fight, kept with the log (a
    # simulation that switches events off keeps neither) until the next battle begins, so
    # that a table can show the fights one after another. Both are replaced, never mutated.
    fights: list[dict[str, Any]]
    attached: list[tuple[int, int, int, int, int]]  # (seat, its wizard, source seat, source card,
                                                     # Magic Power change) attached to a wizard on a field

    def copy(self) -> CupState:
        c = CupState.__new__(CupState)
        c.seed = self.seed
        c.rng = self.rng.copy()
        c.swap = self.swap
        c.phase = self.phase
        c.to_act = self.to_act
        a, b = self.legal
        c.legal = [a[:] if a else a, b[:] if b else b]
        c.chips = self.chips[:]
        c.match = self.match
        c.pick = self.pick[:]
        c.six = [self.six[0][:], self.six[1][:]]
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.sub = self.sub[:]
        c.field = self.field[:]
        c.fmod = self.fmod[:]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.seen = self.seen[:]
        c.doubt = self.doubt[:]
        c.doubt_max = self.doubt_max[:]
        c.swaps = self.swaps[:]
        c.bottom = self.bottom  # copy-on-write: a revive replaces the lists, never mutates them
        c.swap_out = self.swap_out[:]
        c.swapped_away = self.swapped_away
        c.queue = self.queue[:]
        c.fresh = self.fresh
        c.pending = self.pending
        c.history = self.history[:]
        c.result = self.result
        c.log = None if self.log is None else self.log[:]
        c.fights = self.fights  # copy-on-write, as `bottom`
        c.attached = self.attached
        return c


def known_bottom(s: CupState, p: int) -> list[int]:
    """The cards at the bottom of p's deck that everyone saw go there, in deck order: cards
    are drawn from the top, so those still in the deck are the last ones put there."""
    k = min(len(s.bottom[p]), len(s.deck[p]))
    return s.bottom[p][len(s.bottom[p]) - k:]
