"""What one seat of an 8e game sees, as JSON, and the deals a search makes of what it
cannot see (brief, "Views": everything public is public; hands, the deck and Booby Trap
identities are not).

Public: the labyrinth with its cracks, every figure (square, life, base speed, stun
tokens, controller), the maintained spells with their energy tokens and what they lie on,
the carried items, treasures, victory points, the schools in play, the discard pile, the
size of the deck and of each hand, and the cast under way with its answers. A seat adds
its own hand; the legal actions' fields say what each one aims at.
"""

from __future__ import annotations

import random
from typing import Any

from wizarena.core import Rng

from ..board_view import board_json
from . import cards, treasures
from .state import LINE_THING, NO_CARD, OVER, PERMANENT, PHASE_NAMES, SQUARE_THING, Cast, EighthState, copy_state


def _cast_json(cast: Cast | None) -> dict[str, Any] | None:
    if cast is None:
        return None
    return {"seat": cast.seat, "card": None if cast.card == NO_CARD else cards.ID[cast.card],
            "punch": cast.card == NO_CARD, "item": cast.item, "attack": cast.attack, "energy": cast.energy,
            "powered_by": [cards.ID[c] for c in cast.paid], "aims": cast.aims[:],
            "cancelled_by": None if cast.cancelled_by == NO_CARD else cards.ID[cast.cancelled_by],
            "evaded": cast.evaded[:]}


def seat_view(full_id: str, to_act: tuple[int, ...], s: EighthState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator, who sees the public table only)."""
    over = s.phase == OVER
    n_edges = s.map.asm.n_edges
    figures = [{"figure": f, "controller": s.controller[f], "wizard": f < s.n, "square": s.pos[f],
                "life": s.life[f], "speed": s.speed[f], "stun": s.stun[f],
                "out": f < s.n and f in s.out} for f in range(len(s.pos))]
    players = [{"seat": q, "points": s.points[q], "hand": len(s.hands[q]),
                "items": [cards.ID[c] for c in s.items[q]],
                "maintained": [{"card": cards.ID[c], "tokens": None if t == PERMANENT else t, "on": on}
                               for c, t, on in s.maintained[q]],
                "carrying": s.carried[q] if s.carried[q] >= 0 else None} for q in range(s.n)]
    return {
        "game": full_id, "players": s.n, "seat": seat, "round": s.round, "turn": s.turn,
        "phase": PHASE_NAMES[s.phase], "to_act": list(to_act), "schools": list(s.schools),
        "moves": s.moves, "boosted": s.boosted, "attacks": s.attacks, "target": s.target,
        "board": board_json(s.map),
        "cracks": [{"line": k, "cracks": s.cracks[k]} if k < n_edges else {"square": k - n_edges, "cracks": s.cracks[k]}
                   for k in range(len(s.cracks)) if s.cracks[k]],
        "figures": figures, "seats": players,
        "treasures": [{"id": t, "owner": t // treasures.EACH, "square": at if at >= 0 else None,
                       "spent": t in s.spent} for t, at in enumerate(s.treasure_at)],
        "floor": [{"square": q, "item": cards.ID[c]} for q, c in s.floor],
        "deck": len(s.deck), "discard": [cards.ID[c] for c in s.discard],
        "cast": _cast_json(s.cast), "answer": _cast_json(s.answer), "asking": s.asking[:],
        "hand": sorted(cards.ID[c] for c in s.hands[seat]) if seat is not None and not over else [],
        "hands": [sorted(cards.ID[c] for c in h) for h in s.hands] if over else None,
        "outcome": None if s.result is None else s.result.to_json(),
        "things": {"line": LINE_THING, "square": SQUARE_THING},
    }


def determinize(s: EighthState, seat: int, rng: random.Random) -> EighthState:
    """The other hands and the draw pile dealt again from the cards `seat` cannot see,
    each hand keeping its size; the chance to come is unknown too."""
    c = copy_state(s)
    c.log = None
    c.legal_for = -1
    if c.phase == OVER:
        return c
    unseen = list(c.deck)
    for q in range(c.n):
        if q != seat:
            unseen += c.hands[q]
    rng.shuffle(unseen)
    for q in range(c.n):
        if q != seat:
            k = len(c.hands[q])
            c.hands[q], unseen = unseen[:k], unseen[k:]
    c.deck = unseen
    c.rng = Rng(rng.getrandbits(64))
    return c
