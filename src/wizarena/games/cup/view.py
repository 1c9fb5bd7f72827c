"""What a seat sees of a Wizards Cup table, and the tables a search may imagine from it.

`seat_view` is the game's view: everything public, and a seat's own hidden cards, nothing
of the other's. `determinized` draws the other seat's hidden cards afresh from what the
seat knows. Neither imports the game module: the game hands itself in, for the facts
only it computes (a wizard's Magic Power now, who may know they are to act).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from wizarena.core import Game, Rng
from wizarena.core.together import choose_for_others

from .actions import KEEP, PLACE_A, SELECT_A, SWAP_OUT_A
from .catalogue import CARDS, NAMES, POWER, N, bits
from .state import ORDER, PHASE_NAMES, SELECT, SWAP, CupState, known_bottom


class Referee(Protocol):
    """What the view asks of the game: its edition, a wizard's Magic Power now (the rules
    compute it), and who may know they are to act."""

    variant: str | None

    def power(self, s: CupState, p: int) -> int: ...

    def to_act_seen(self, state: Any, seat: int | None) -> tuple[int, ...]: ...


def seat_view(game: Referee, state: CupState, player: int | None) -> dict[str, Any]:
    """What `player` (None: a spectator) may see of the table (`Game.view`)."""
    s = state
    players = []
    # At the end every card is turned over (a digital table shows what the players
    # would show each other): each seat, and a spectator, sees both sides as their own.
    over = s.result is not None
    for p in (0, 1):
        mine = player == p or over
        info: dict[str, Any] = {
            "seat": p,
            "chips": s.chips[p],
            "drawn_at_random": NAMES[s.pick[p]],
            "field": None if s.field[p] < 0 else {"card": NAMES[s.field[p]], "power": game.power(s, p),
                                                    "modifier": s.fmod[p]},
            "discard": [NAMES[c] for c in s.discard[p]],
            "deck_count": len(s.deck[p]),
            "deck_bottom_known": [NAMES[c] for c in known_bottom(s, p)],
            "has_sub": s.sub[p] >= 0,
            "six_total_power": sum(POWER[c] for c in s.six[p]) if mine else None,
            "swaps": s.swaps[p],
        }
        if s.phase == SELECT:
            # The other seat's progress is its secret until both have selected.
            info["selected_count"] = len(s.six[p]) - 1 if mine else None
        if s.phase == ORDER and not mine:
            info["deck_count"], info["has_sub"] = 0, False  # laid face down, shown when both are done
        if mine:
            info["six"] = [NAMES[c] for c in sorted(s.six[p])]
            info["deck"] = [NAMES[c] for c in s.deck[p]]
            info["sub"] = NAMES[s.sub[p]] if s.sub[p] >= 0 else None
            info["unused"] = [NAMES[c] for c in range(N) if c not in s.six[p]] if s.phase != SELECT else None
        else:
            info["known"] = [NAMES[c] for c in bits(s.seen[p])]
            info["maybe_swapped_away"] = [NAMES[c] for c in bits(s.doubt[p])]
        players.append(info)
    out: dict[str, Any] = {
        "game": "cup", "variant": game.variant, "swap": s.swap, "phase": PHASE_NAMES[s.phase],
        "match": s.match, "seat": player, "to_act": list(game.to_act_seen(s, player)), "players": players,
        "matches": [list(w) for w in s.history],
        "pending": None if s.pending is None else {"seat": s.pending[0], "card": NAMES[s.pending[1]],
                                                    "ability": CARDS[s.pending[1]].ability},
        "legal": [a.text for a in s.legal[player]] if player in (0, 1) else [],
        "outcome": None if s.result is None else s.result.to_json(),
        # The fights of the last battle, one after another, kept until the next battle
        # begins (public: both players watch every fight). None before the first battle.
        "battle": None if not s.fights else {
            "match": s.fights[0]["match"], "fights": s.fights,
            "over": len(s.history) >= s.fights[0]["match"],
            "winners": list(s.history[s.fights[0]["match"] - 1]) if len(s.history) >= s.fights[0]["match"] else None,
        },
    }
    return out

def determinized(game: Game, state: CupState, player: int, rng: random.Random) -> CupState:
    """Resample the opponent's hidden cards from what `player` knows: the cards it has
    seen, the counts the table shows, and nothing else. Every choice is drawn from
    lists built in card-id order, so the hidden truth cannot steer the draw."""
    s = state.copy()
    s.log = None
    if s.result is not None:  # every card is turned over at the end: nothing is left to draw afresh
        return s
    s.seed = -1
    s.rng = Rng(rng.getrandbits(64))
    # The draws below come from the fast generator, seeded by the search's: `random.Random`'s
    # shuffle is interpreted Python (a determinization took 8.3 us with it, 5.3 without).
    draw = Rng(rng.getrandbits(64))
    o = 1 - player
    certain = bits(s.seen[o])
    doubted = bits(s.doubt[o])
    draw.shuffle(doubted)
    drop = draw.below(min(s.doubt_max[o], len(doubted)) + 1)
    kept = doubted[drop:]
    known = set(certain) | set(kept)
    pool = [c for c in range(N) if c not in known and c not in doubted[:drop]]
    draw.shuffle(pool)
    visible = set(s.field[o:o + 1]) | set(s.discard[o])
    visible.discard(-1)
    # In a simultaneous decision how far the opponent got is as secret as what it chose:
    # its part is taken back to the start and, while `player` chooses, made afresh.
    if s.phase == SELECT:
        s.six[o] = [s.pick[o]]
        s.legal[o] = [a for a in SELECT_A if a.data != s.pick[o]]
        s.to_act = tuple(q for q in (0, 1) if s.legal[q])
        choose_for_others(game, s, player, rng)
        return s
    six = certain + kept + pool[: 6 - len(certain) - len(kept)]
    s.six[o] = six
    if s.phase == SWAP:
        s.swap_out[o] = -1
        s.legal[o] = [SWAP_OUT_A[c] for c in sorted(six)] + [KEEP]
        s.to_act = tuple(q for q in (0, 1) if s.legal[q])
        choose_for_others(game, s, player, rng)
        return s
    if s.phase == ORDER:
        s.deck[o], s.sub[o] = [], -1
        s.legal[o] = [PLACE_A[c] for c in sorted(six)]
        s.to_act = tuple(q for q in (0, 1) if s.legal[q])
        choose_for_others(game, s, player, rng)
        return s
    hidden = [c for c in six if c not in visible]
    draw.shuffle(hidden)
    # In battle: the deck (its size is public, and so are the cards seen put at its
    # bottom) and the Sub Card (its presence is public).
    tail = known_bottom(s, o)
    hidden = [c for c in hidden if c not in tail]
    n = len(s.deck[o]) - len(tail)
    s.deck[o] = hidden[:n] + tail
    s.sub[o] = hidden[n] if s.sub[o] >= 0 else -1
    return s
