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
from typing import Any, Final

import numpy as np

from wizarena.core import Rng

from ..board import DIR_NAMES
from ..board_view import board_json
from ..card_file import CardRow
from . import cards, legal, moving, piles, treasures
from .card_checks import SCHOOLS
from .casting import ANSWERS, SPELLS, USES
from .labyrinth import link_colour, portal_colour
from .state import (
    LINE_THING,
    MOVE_AND_CAST,
    NO_CARD,
    OVER,
    PERMANENT,
    PHASE_NAMES,
    SQUARE_THING,
    STEALING,
    Cast,
    EighthState,
    copy_state,
)


def _cast_json(cast: Cast | None) -> dict[str, Any] | None:
    if cast is None:
        return None
    return {"seat": cast.seat, "card": None if cast.card == NO_CARD else cards.ID[cast.card],
            "punch": cast.card == NO_CARD, "item": cast.item, "attack": cast.attack, "energy": cast.energy,
            "powered_by": [cards.ID[c] for c in cast.paid], "aims": cast.aims[:],
            "picked": [legal.aim_action(cast, value).text for value in cast.aims],
            "cancelled_by": None if cast.cancelled_by == NO_CARD else cards.ID[cast.cancelled_by],
            "evaded": cast.evaded[:]}


def _board(s: EighthState) -> dict[str, Any]:
    """The board as both editions draw it, with the portals' colours (R8-2) on their links
    and on the lines of their mouths."""
    board = board_json(s.map)
    asm = s.map.asm
    for link in board["links"]:
        colour = link_colour(asm, link["a"][0], DIR_NAMES.index(link["a"][1]))
        if colour:
            link["portal"] = colour
    for line in board["lines"]:
        colour = portal_colour(asm, line["id"]) if "link" in line else ""
        if colour:
            line["portal"] = colour
    return board


def seat_view(full_id: str, to_act: tuple[int, ...], s: EighthState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator, who sees the public table only)."""
    over = s.phase == OVER
    n_edges = s.map.asm.n_edges
    mine = 0 if seat is None else s.group[seat]
    figures = [{"figure": f, "controller": s.controller[f], "wizard": f < s.n, "square": s.pos[f],
                "life": s.life[f], "speed": s.speed[f], "stun": s.stun[f],
                "out": f < s.n and f in s.out} for f in range(len(s.pos))]
    players = [{"seat": q, "points": s.points[q], "hand": len(s.hands[q]),
                "items": [cards.ID[c] for c in s.items[q]],
                "maintained": [{"card": cards.ID[c], "tokens": None if t == PERMANENT else t, "on": on}
                               for c, t, on in s.maintained[q]],
                "carrying": s.carried[q] if s.carried[q] >= 0 else None,
                "owes": s.owed[q]} for q in range(s.n)]
    return {
        "game": full_id, "players": s.n, "seat": seat, "round": s.round, "turn": s.turn,
        "phase": PHASE_NAMES[s.phase], "to_act": list(to_act), "schools": list(s.schools),
        "moves": s.moves, "boosted": s.boosted, "attacks": s.attacks, "target": s.target,
        # what Add, Astral Projection and Around the Corner left for the turn's next spell
        "next_spell": {"pool": s.pool, "from": s.origin if s.origin >= 0 else None, "bend": s.bend},
        "board": _board(s),
        "cracks": [{"line": k, "cracks": s.cracks[k]} if k < n_edges else {"square": k - n_edges, "cracks": s.cracks[k]}
                   for k in range(len(s.cracks)) if s.cracks[k]],
        "figures": figures, "seats": players,
        "treasures": [{"id": t, "owner": t // treasures.EACH, "square": at if at >= 0 else None,
                       "spent": t in s.spent} for t, at in enumerate(s.treasure_at)],
        "floor": [{"square": q, "item": cards.ID[c]} for q, c in s.floor],
        # Booby Trap's tokens lie face down: their squares and owners are public; which one
        # is the trap only its owner knows
        "traps": [{"square": q, "owner": owner, **({"trap": bool(trap)} if owner == seat and not over else {})}
                  for q, owner, trap in s.traps],
        # the viewer's group's piles (everyone's but under Custom Spellbook), and each
        # group's drafted schools and piles when there are two
        "deck": len(s.decks[mine]), "discard": [cards.ID[c] for c in s.discards[mine]],
        "groups": None if len(s.decks) == 1 else [
            {"seats": piles.members(s, g), "schools": s.drafts[g][:], "deck": len(s.decks[g]),
             "discard": [cards.ID[c] for c in s.discards[g]]} for g in range(len(s.decks))],
        "cast": _cast_json(s.cast), "answer": _cast_json(s.answer), "asking": s.asking[:],
        # Thought Steal or Brain Burn waiting on its decision: who and whom (the cards
        # stolen are named to the two of them only, in their events)
        "follow": None if s.follow is None else {"seat": s.follow.seat, "card": cards.ID[s.follow.card],
                                                 "target": s.follow.aims[0]},
        "hand": sorted(cards.ID[c] for c in s.hands[seat]) if seat is not None and not over else [],
        "hands": [sorted(cards.ID[c] for c in h) for h in s.hands] if over else None,
        "outcome": None if s.result is None else s.result.to_json(),
        "things": {"line": LINE_THING, "square": SQUARE_THING},
        # where each step the seat may take now leads (its own figure's, public), so that a
        # renderer can light the squares a click walks to
        "steps": {DIR_NAMES[h]: moving.step_to(s, seat, h) for h in range(4)
                  if seat is not None and seat == legal.actor(s) and s.phase == MOVE_AND_CAST
                  and moving.step_to(s, seat, h) >= 0},
    }


def determinize(s: EighthState, seat: int, rng: random.Random) -> EighthState:
    """The other hands and the draw pile dealt again from the cards `seat` cannot see,
    each hand keeping its size; the chance to come is unknown too. Under Custom Spellbook
    each group's cards are dealt again among that group's deck and the hand places its
    cards held."""
    c = copy_state(s)
    c.log = None
    c.legal_for = -1
    if c.phase == OVER:
        return c
    # the hand a thief is reading (Thought Steal, STEALING) is known to him while he picks
    read = c.follow.aims[0] if c.phase == STEALING and c.follow is not None and c.follow.seat == seat else -1
    hidden = [q for q in range(c.n) if q != seat and q != read]
    draw = Rng(rng.getrandbits(64))  # the fast generator: `random.Random`'s shuffle is interpreted
    for g in range(len(c.decks)):  # each group's cards dealt again among its own places
        slots = [(q, i) for q in hidden for i, card in enumerate(c.hands[q]) if piles.owner(c, q, card) == g]
        unseen = c.decks[g] + [c.hands[q][i] for q, i in slots]
        draw.shuffle(unseen)
        for k, (q, i) in enumerate(slots):
            c.hands[q][i] = unseen[k]
        c.decks[g] = unseen[len(slots):]
    # another player's Booby Trap: which of his face-down tokens is the trap is dealt again
    for owner in range(c.n):
        if owner != seat:
            mine = [k for k, token in enumerate(c.traps) if token[1] == owner]
            flags = [c.traps[k][2] for k in mine]
            draw.shuffle(flags)
            for k, flag in zip(mine, flags, strict=True):
                c.traps[k] = (c.traps[k][0], owner, flag)
    c.rng = Rng(rng.getrandbits(64))
    return c


def card_rows() -> tuple[CardRow, ...]:
    """The catalogue (`wizarena cards wizwar/8e`): each distinct card with its schools and
    copies, type, energy, our text and its provenance, and what the engine does with it
    ("cast", "use" for an item's use, "answer" for a counter, or "energy only" while its
    behaviour is not built)."""
    rows: list[CardRow] = []
    for c in range(len(cards.ID)):
        p = cards.PROVENANCE[c]
        copies = ", ".join(f"{school} {n}" for school, n in zip(SCHOOLS, cards.COPIES[c], strict=True) if n)
        play = ", ".join(word for word, table in (("cast", SPELLS), ("use", USES), ("answer", ANSWERS))
                         if c in table) or "energy only"
        rows.append(CardRow({
            "id": c, "name": cards.NAME[c], "schools": copies, "type": cards.TYPE[c],
            "duration": cards.DURATION[c], "energy": cards.ENERGY_VALUE[c] or None, "engine": play,
            "text": cards.TEXT[c], "source": ", ".join(p["source"]), "confidence": p["confidence"],
            "designed": ", ".join(p["designed"]) or None}))
    return tuple(rows)


def _cast_key(cast: Cast | None) -> tuple[int, ...]:
    """A cast under way as ints: all of it is on the table (`_cast_json`)."""
    if cast is None:
        return ()
    return (cast.seat, cast.card, cast.item, cast.counter, cast.attack, cast.aim, cast.energy, cast.cancelled_by,
            cast.canceller, len(cast.paid), *cast.paid, -1, *cast.aims, -2, *cast.cut, -3, *cast.evaded)


def information_key(s: EighthState, seat: int, actor: int) -> int:
    """What `seat` knows of the position as one int (`Game.information_key`): the search
    looks its information sets up by it at every step of a descent, so it hashes a tuple of
    the state's own ints rather than the observation tensor.

    It holds what the view shows the seat (`seat_view`), and so everything the tensor
    encodes: the labyrinth (the sectors' slots, turns and faces, which fix the home bases
    and marks; every line's state and hit points, the fills, the cracks), every figure
    (square, life, base speed, stun, controller, what it carries, a creature's steps left),
    the seats' points, hand sizes, items, maintained spells and cards owed; treasures,
    items lying about, the Booby Trap tokens' squares and owners, the piles' sizes, the
    discard piles in order, the schools drafted; the phase, the seat to act, the turn's
    movement, attack and next-spell modifiers, the cast and answer under way with the seats
    still to answer, trim or react; its own hand. Besides, the turn's public doings that
    decide what is legal next (stunned, walked, struck, busy, Disease, Mad Dash, the pick-up
    being reacted to), and, for a thief picking (STEALING), the hand he reads.

    Never another hand (but the one a thief reads, which `determinize` keeps for him),
    the deck's order, which of another's Booby Trap tokens is the trap, the cards a thief
    took (named to him and his victim only), nor the chance to come: exactly what
    `determinize` deals again, so two determinizations of one position share the key. Any
    two positions whose tensors differ for the seat differ in one of these fields."""
    m = s.map
    phase = s.phase
    traps: list[tuple[int, int, int]] = []
    for square, owner, trap in s.traps:
        traps.append((square, owner, trap if owner == seat else 0))
    follow: tuple[int, ...] = ()
    read: tuple[int, ...] = ()
    f = s.follow
    if f is not None:
        victim = f.aims[0]
        follow = (f.seat, f.card, victim, len(f.aims))
        if seat == f.seat or seat == victim:
            follow += tuple(f.aims)
        if phase == STEALING and seat == f.seat:
            hand = s.hands[victim][:]
            hand.sort()
            read = tuple(hand)
    drafts: list[int] = []
    for g in range(len(s.drafts)):
        drafts.append(-1 - g)
        for school in s.drafts[g]:
            drafts.append(SCHOOLS.index(school))
    own = s.hands[seat][:]
    own.sort()
    return hash((
        seat, phase, s.turn, s.round, actor, s.moves, s.boosted, s.attacks, s.target, s.pool, s.origin, s.bend,
        s.dazed, s.walked, s.struck, s.busy, s.sick, s.barred, s.trigger,
        m.content_key(s.cracks),
        tuple(s.pos), tuple(s.life), tuple(s.speed), tuple(s.stun), tuple(s.controller), tuple(s.carried),
        tuple(s.strides), tuple(s.out),
        tuple(s.points), tuple([len(h) for h in s.hands]), tuple([tuple(i) for i in s.items]),
        tuple([tuple(spells) for spells in s.maintained]), tuple(s.owed),
        tuple(s.treasure_at), tuple(s.spent), tuple(s.floor), tuple(traps),
        tuple([len(d) for d in s.decks]), tuple([tuple(d) for d in s.discards]), tuple(drafts),
        _cast_key(s.cast), _cast_key(s.answer), tuple(s.asking), tuple(s.trim), tuple(s.reacting),
        follow, read, tuple(own),
    ))


PER_SQUARE: Final = 6   # my wizard, another wizard, a creature, a treasure, an item, a fill
PER_SEAT: Final = 5     # life, victory points, hand size, items, stun


def observation(s: EighthState, seat: int) -> np.ndarray:
    """What `seat` knows as floats in [0, 1]: per square its pieces, per seat (counted from
    his own) life, points, hand size, items and stun, then his own hand by card, then the
    phase; only what his view shows."""
    asm = s.map.asm
    out = np.zeros(asm.n_squares * PER_SQUARE + s.n * PER_SEAT + len(cards.ID) + 8, dtype=np.float32)
    for f in range(len(s.pos)):
        if s.life[f] > 0 and not (f < s.n and f in s.out):
            kind = 0 if f == seat else 1 if f < s.n else 2
            out[s.pos[f] * PER_SQUARE + kind] = 1.0
    for t, at in enumerate(s.treasure_at):
        if at >= 0 and t not in s.spent:
            out[at * PER_SQUARE + 3] = 1.0
    for square, _ in s.floor:
        out[square * PER_SQUARE + 4] = 1.0
    for square in range(asm.n_squares):
        if s.map.cells[square]:
            out[square * PER_SQUARE + 5] = 1.0
    base = asm.n_squares * PER_SQUARE
    for k in range(s.n):
        q = (seat + k) % s.n
        row = base + k * PER_SEAT
        out[row] = min(1.0, max(0.0, s.life[q] / 20))
        out[row + 1] = min(1.0, s.points[q] / 4)
        out[row + 2] = min(1.0, len(s.hands[q]) / 10)
        out[row + 3] = min(1.0, len(s.items[q]) / 7)
        out[row + 4] = min(1.0, s.stun[q] / 4)
    base += s.n * PER_SEAT
    for card in s.hands[seat]:
        out[base + card] = min(1.0, out[base + card] + 0.25)
    base += len(cards.ID)
    out[base + min(s.phase, 7)] = 1.0
    return out
