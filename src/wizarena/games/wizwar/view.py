"""What one seat of a Wiz-War game sees, as JSON for the browser, the terminal and records.

Everything on the board is public (6e 1: the labyrinth, the wizards, the treasures, the
objects lying about, the discard pile and the size of the draw pile); a seat adds its own
hand, and the legal actions' targets (`targets`) so that a renderer can map a click on a
square, a line or a wizard to an action id without reading action texts. Never another
hand, never the deck's order. The shape is documented in docs/games/wizwar.md, "Views".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, final

import numpy as np

from wizarena.core.encoding import FLOAT32

from . import cards, deals, effects, illusions, legal, structures
from .actions import (
    K_AIM_LINE,
    K_AIM_SQUARE,
    K_BLINK,
    K_CAST,
    K_DISCARD,
    K_HIT,
    K_MOVE,
    K_NEUTRAL,
    K_PICK_OBJECT,
    K_PICK_UP,
    K_PUNCH,
    K_TELEPORT,
    K_USE_KEY,
    K_WIELD,
    MAX_LINES,
    MAX_SEATS,
)
from .board import DIR_NAMES, HOME, TREASURE
from .board_view import board_json
from .card_file import CardRow
from .illusions import BELIEVES, DOUBTS
from .mapstate import (
    BUSH,
    CREATED,
    DOOR,
    EDGE_KIND_NAMES,
    KIND_MASK,
    PASSABLE_DOOR,
    STONE,
    MapState,
)
from .state import (
    AIM,
    DEALING,
    DISCARD,
    ENDING,
    FORCED,
    NEUTRAL,
    OFFERING,
    OVER,
    PHASE_NAMES,
    TICK,
    TREASURES,
    TURN,
    WINDOW,
    WizWarState,
    holds,
    is_out,
)


def _card(c: int) -> str | None:
    """A card's name; None for no card (-1) and for a fist (structures.FIST)."""
    return cards.NAME[c] if 0 <= c < len(cards.NAME) else None


class Referee(Protocol):
    """What the view asks of the game: its id, and who acts."""

    @property
    def full_id(self) -> str: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...


def targets(game: Referee, s: WizWarState, player: int) -> dict[str, dict[str, Any]]:
    """For each legal action of `player` that aims somewhere: its square, line or seat
    (and the card it plays, by name), keyed by the action id as a string (JSON keys). The
    action's own fields say as much; this adds what the board decides (the square a step
    leads to, the square a treasure or object is picked up from) and the cards' names."""
    out: dict[str, dict[str, Any]] = {}
    if s.phase == OVER or player not in game.to_act(s):
        return out
    here = s.pos[player]
    for action in legal.legal_list(s, player):  # not legal_actions: a view leaves the cache alone
        code, card, a, b = action.data
        t: dict[str, Any]
        if code == K_MOVE:
            t = {"kind": "move", "direction": DIR_NAMES[a], "square": s.map.step_to(here, a)}
        elif code == K_PUNCH:
            t = {"kind": "punch", "seat": a}
        elif code == K_PICK_UP:
            t = {"kind": "pick up", "square": here}
        elif code == K_CAST:
            t = {"kind": "cast", "seat": a, "card": cards.NAME[card], "number": _card(b)}
        elif code == K_WIELD:
            t = {"kind": "wield", "seat": a, "card": cards.NAME[card]}
        elif code == K_PICK_OBJECT:
            t = {"kind": "pick up", "square": here, "card": cards.NAME[card]}
        elif code == K_BLINK:
            t = {"kind": "blink", "direction": DIR_NAMES[a]}
        elif code == K_TELEPORT:
            t = {"kind": "teleport", "square": a}
        elif code == K_AIM_LINE:
            t = {"kind": "aim", "line": a}
        elif code == K_AIM_SQUARE:
            t = {"kind": "aim", "square": a}
        elif code == K_NEUTRAL:
            t = {"kind": "cast neutral", "card": cards.NAME[card]}
        elif code == K_DISCARD:
            t = {"kind": "discard", "card": cards.NAME[card]}
        elif code == K_USE_KEY:
            t = {"kind": "master key"}
        elif code == K_HIT:
            t = {"kind": "hit a thing", "card": _card(card), "number": _card(b)}
        else:
            continue
        out[str(action.id)] = t
    return out


def seat_view(game: Referee, s: WizWarState, player: int | None) -> dict[str, Any]:
    """What `player` may know (None: a spectator, who sees the public board only)."""
    over = s.phase == OVER
    to_act = list(game.to_act(s))
    w0, w1, w2, w3, w4, w5 = s.window
    attack = None
    if s.phase == WINDOW or w0 >= 0:
        attack = {"attacker": w0, "target": w1, "card": _card(w2) if w2 >= 0 else "punch", "number": _card(w3),
                  "strength": w4, "cast_strength": w5, "answers": [cards.NAME[c] for c in s.chain]}
    neutral = None
    p0, p1, p2, p3 = s.pending
    if p0 >= 0:
        neutral = {"caster": p0, "card": _card(p1), "line": p2 if p2 >= 0 else None,
                   "square": p3 if p3 >= 0 else None, "asking": s.asking[:],
                   "answers": [cards.NAME[c] for c in s.chain] if s.phase == NEUTRAL else []}
    wizards: list[dict[str, Any]] = []
    for q in range(s.n):
        # turns: the bearer's turns still to count (0: it ends as its caster's next turn
        # begins; None: for life, Slow Death), see effects.py
        conditions = {effects.KIND_NAMES[k]: {"turns": None if s.status[q][k] >= effects.LIFELONG
                                              else s.status[q][k] - 1, "by": s.status_by[q][k]}
                      for k in range(effects.KINDS) if s.status[q][k] > 0}
        wizards.append({
            "seat": q, "square": s.pos[q], "life": s.life[q], "out": q in s.out,
            "carrying": s.carried[q] // TREASURES if s.carried[q] >= 0 else None,
            "hand": len(s.hands[q]), "lost_turns": s.lost[q], "extra_turns": s.extra[q],
            "shown": [cards.NAME[c] for c in s.shown[q] if c in s.hands[q]],
            "conditions": conditions,
        })
    return {
        "game": game.full_id, "players": s.n, "seat": player, "round": s.round, "turn": s.turn,
        "teams": [[0, 2], [1, 3]] if s.teams else None,  # team play (6e 11)
        "phase": PHASE_NAMES[s.phase], "to_act": to_act,
        "moves": s.moves if s.phase in (TURN, ENDING) else 0, "boosted": s.boosted, "attacked": s.attacked,
        "board": board_json(s.map),
        "wizards": wizards,
        "treasures": [{"id": t, "owner": t // TREASURES, "square": at if at >= 0 else None,
                       "carried_by": next((q for q in range(s.n) if s.carried[q] == t), None)}
                      for t, at in enumerate(s.treasure_at)],
        "floor": [{"square": sq, "object": cards.NAME[c]} for sq, c in s.floor],
        "deck": len(s.deck),
        "discard": [cards.NAME[c] for c in s.discard],
        "attack": attack,
        "aiming": {"seat": s.turn, "card": structures.aim_name(s.aim)} if s.phase == AIM and s.aim >= 0 else None,
        # ruling R8: put back from aiming, not to be taken up again before its wizard does something else
        "put_back": [structures.aim_name(c) for c in s.put_back],
        "neutral": neutral,
        "discarding": s.deciding if s.phase == DISCARD else None,
        "forced": {"seat": s.forced[0], "caster": s.forced[1], "card": _card(s.forced[2]),
                   "squares": s.forced[3]} if s.phase == FORCED else None,
        "tick": s.tick if s.phase == TICK else None,   # a Slow Death tick the drawer answers
        "deal": deals.view(s, player),
        "walls_of_fire": effects.describe_fires(s),
        # At the end every hand is turned over: all seats and spectators see the same table.
        "hand": sorted(cards.NAME[c] for c in s.hands[player]) if player is not None and not over else [],
        "hands": [sorted(cards.NAME[c] for c in h) for h in s.hands] if over else None,
        # Private facts of this seat: only ever its own, never another's (what it believes
        # of each Illusion Wall, illusions.py).
        "private": {"illusions": illusions.seen_by(s, player)} if player is not None and not over else {},
        "targets": targets(game, s, player) if player is not None else {},
        "outcome": None if s.result is None else s.result.to_json(),
    }


# -- the information key (search) ----------------------------------------------------------
def information_key(s: WizWarState, seat: int, acting: tuple[int, ...]) -> int:
    """What `seat` knows of the position as one int (`Game.information_key`): the search
    looks its information sets up by it at every step of a descent, so it hashes a tuple of
    the state's own ints instead of the observation tensor (which costs more than a rules
    step to build and then to hash).

    It holds what the view shows the seat (`seat_view`), and so everything the tensor
    encodes: the board (the sectors' slots, turns and faces, which fix the home bases and
    treasure marks; every line's state and hit points; stone and thornbushes), each
    wizard's square, life, treasure carried, hand size, turns lost and owed, conditions
    and stones shown; the treasures and objects lying about, the discard pile in order and
    the deck's size; the phase, the seats to act and the turn's movement left, the attack in the
    air with its answers, the neutral pending and who is still asked, what is being aimed,
    the discard, forced move, Slow Death tick and deal under way, the walls of fire; its
    own hand; of each illusion wall what it believes, and of the others' beliefs only that
    they rolled and what they showed (illusions.PRIVATE stays theirs). Besides, the turn's
    public doings that decide what is legal next (walked, Around the Corner, the spells
    cast this turn, Reflection's halves, doors held, the cards still to draw, the seats
    still to flee, the partners offered a deal this turn).

    Never another hand, the deck's order, another seat's private illusion roll, an offer
    being put together (deals.view), the cards drawn, nor the chance to come: exactly what
    `determinize` deals again, so two determinizations of one position share the key. Any
    two positions whose tensors differ for the seat differ in one of these fields."""
    m = s.map
    n = s.n
    phase = s.phase
    hands = s.hands
    sizes: list[int] = []
    shown: list[tuple[int, ...]] = []
    for q in range(n):
        hand = hands[q]
        sizes.append(len(hand))
        faced = s.shown[q]
        shown.append(tuple([c for c in faced if holds(hand, c)]) if faced else ())
    beliefs: list[tuple[int, ...]] = []
    for q in range(n):
        row = s.belief[q]
        if not row or q == seat:
            beliefs.append(tuple(row))
        else:  # a roll only its roller reads: that he rolled, not what
            beliefs.append(tuple([e >> 3 << 3 if e & 7 == BELIEVES or e & 7 == DOUBTS else e for e in row]))
    deal: tuple[int, ...] = ()
    partner, _asked, _treasure, accepted = s.deal
    if partner >= 0 and (phase == OFFERING or phase == DEALING):
        sent = phase == DEALING
        offerer = s.turn
        deal = (partner, accepted)
        if sent or seat == offerer:
            deal = s.deal + (len(s.offer),)
            if seat == offerer or seat == partner and sent:
                deal += (-1, *s.offer)
            if seat == offerer or seat == partner:
                deal += (-2, *s.paid)
    hand = hands[seat][:]
    hand.sort()
    return hash((
        seat, phase, s.turn, s.round, acting, s.moves,
        s.boosted, s.attacked, s.teams, s.walked, s.bend, s.throwing, s.drawing,
        m.content_key([]),
        tuple(s.pos), tuple(s.out), tuple(s.life), tuple(s.carried), tuple(sizes), tuple(s.lost), tuple(s.extra),
        tuple(shown), tuple([tuple(row) for row in s.status]), tuple([tuple(row) for row in s.status_by]),
        tuple(s.treasure_at), tuple(s.floor), len(s.deck), tuple(s.discard),
        s.window, tuple(s.chain), s.aim if phase == AIM else -1, s.put_back, s.pending, tuple(s.asking),
        s.deciding if phase == DISCARD else -1, s.forced if phase == FORCED else (), s.tick if phase == TICK else 0,
        deal, s.offered, tuple(s.fires), tuple(s.cast_log), tuple(s.reflected), tuple(s.holding), tuple(s.fleeing),
        tuple(hand), tuple(beliefs),
    ))


# -- the observation tensor (research adapters) ------------------------------------------
CARD_COUNT: Final = len(cards.ID)
MAX_LIFE: Final = 30          # life above this reads as 1.0 (Bloodstone and healing may pass 15)
PER_SQUARE: Final = MAX_SEATS + 7   # wizards by seat, stone, bush, home, treasure mark, treasure, own treasure, object
PER_LINE: Final = len(EDGE_KIND_NAMES) + 2   # its kind, a door open, created by a card
PER_SEAT: Final = 8 + effects.KINDS


def observation_size(n: int) -> int:
    """The tensor length for n players: the squares of its board, every line id of the
    largest board (so that a crossed assembly fits the same shape), seats, piles, phase,
    the attack in the air and the neutral pending."""
    return (25 * n * PER_SQUARE + MAX_LINES * PER_LINE + MAX_SEATS * PER_SEAT + 3 * CARD_COUNT + 1
            + len(PHASE_NAMES) + 6 + 3 * MAX_SEATS + 3 * (CARD_COUNT + 1) + 1)


def _pile_values() -> tuple[tuple[float, ...], ...]:
    """A pile's value for a card by how many copies of it the pile holds: 1 / copies a copy,
    summed one copy at a time (as a hand's is) and capped at 1."""
    rows: list[tuple[float, ...]] = []
    for c in range(CARD_COUNT):
        total = 0.0
        row = [0.0]
        for _k in range(PILE_CAP):
            total += 1.0 / cards.COPIES[c]
            row.append(min(total, 1.0))
        rows.append(tuple(row))
    return tuple(rows)


LINE_BITS: Final = KIND_MASK | CREATED | PASSABLE_DOOR   # what of a line's state its row reads
PILE_CAP: Final = max(cards.COPIES) + 1   # more copies read as this many (the value is 1 by then)
PILE_VALUES: Final = _pile_values()


@final
class Picture:
    """The labyrinth's part of the tensor (each square's stone, bush, home base and treasure
    mark, each line's row) as the tensor's bytes with only that part filled in, and copies
    of the lists it was drawn from, which nobody changes. A map keeps its last picture and
    its copies share it (MapState.picture); a map that changed has its picture redrawn
    only where it changed."""

    __slots__ = ("asm", "edges", "cells", "kinds", "data")

    def __init__(self, m: MapState, data: bytes) -> None:
        self.asm = m.asm
        self.edges = m.edges[:]
        self.cells = m.cells[:]
        self.kinds = m.kinds[:]
        self.data = data


def _draw_square(out: memoryview[float], at: int, cell: int, kind: int) -> None:
    out[at + MAX_SEATS] = 1.0 if cell & STONE else 0.0
    out[at + MAX_SEATS + 1] = 1.0 if cell & BUSH else 0.0
    out[at + MAX_SEATS + 2] = 1.0 if kind == HOME else 0.0
    out[at + MAX_SEATS + 3] = 1.0 if kind == TREASURE else 0.0


def _draw_line(out: memoryview[float], at: int, line: int) -> None:
    """A line's row: its kind, a door open, created by a card."""
    kind = line & KIND_MASK
    for k in range(len(EDGE_KIND_NAMES)):
        out[at + k] = 1.0 if k == kind else 0.0
    out[at + len(EDGE_KIND_NAMES)] = 1.0 if kind == DOOR and line & PASSABLE_DOOR else 0.0
    out[at + len(EDGE_KIND_NAMES) + 1] = 1.0 if line & CREATED else 0.0


def board_picture(m: MapState, n: int) -> bytes:
    """The labyrinth's picture for the map as it is now: the kept one if nothing it shows
    has changed, else the kept one redrawn where the map changed (or, the first time, drawn
    whole), kept in its place."""
    kept = m.picture
    n_sq = 25 * n
    squares = min(n_sq, m.asm.n_squares)
    lines = min(MAX_LINES, m.asm.n_edges)
    if isinstance(kept, Picture) and kept.asm is m.asm:
        if kept.edges == m.edges and kept.cells == m.cells and kept.kinds == m.kinds:
            return kept.data
        buf = bytearray(kept.data)
        out = memoryview(buf).cast("f")
        for sq in range(squares):
            if kept.cells[sq] != m.cells[sq] or kept.kinds[sq] != m.kinds[sq]:
                _draw_square(out, sq * PER_SQUARE, m.cells[sq], m.kinds[sq])
        for e in range(lines):
            if (kept.edges[e] ^ m.edges[e]) & LINE_BITS:
                _draw_line(out, n_sq * PER_SQUARE + e * PER_LINE, m.edges[e])
    else:
        buf = bytearray(4 * observation_size(n))
        out = memoryview(buf).cast("f")
        for sq in range(squares):
            _draw_square(out, sq * PER_SQUARE, m.cells[sq], m.kinds[sq])
        for e in range(lines):
            _draw_line(out, n_sq * PER_SQUARE + e * PER_LINE, m.edges[e])
    picture = Picture(m, bytes(buf))
    m.picture = picture
    return picture.data


# A hand's and a discard pile's rows, as bytes, by the cards in them: a position's cards
# change far less often than the position, so most observations find their rows here.
# Emptied when full, so the memory stays bounded (some 2 MB).
CARD_ROWS_CAP: Final = 2048
_hand_rows: Final[dict[tuple[int, ...], bytes]] = {}
_pile_rows: Final[dict[tuple[int, ...], bytes]] = {}


def _hand_row(hand: tuple[int, ...]) -> bytes:
    """A hand's row: 1 / copies for each copy of a card held, capped at 1."""
    row = [0.0] * CARD_COUNT
    for c in hand:
        row[c] += 1.0 / cards.COPIES[c]
    return np.minimum(np.array(row, dtype=np.float32), 1.0).tobytes()


def _pile_row(pile: tuple[int, ...]) -> bytes:
    """The discard pile's row: PILE_VALUES by the copies of each card in it."""
    counts = [0] * CARD_COUNT
    for c in pile:
        counts[c] += 1
    return np.array([PILE_VALUES[c][min(k, PILE_CAP)] for c, k in enumerate(counts)], dtype=np.float32).tobytes()


def _remembered(memo: dict[tuple[int, ...], bytes], cards_in: tuple[int, ...],
                build: Callable[[tuple[int, ...]], bytes]) -> bytes:
    """The row `build` makes of these cards, kept in `memo`."""
    row = memo.get(cards_in)
    if row is None:
        if len(memo) >= CARD_ROWS_CAP:
            memo.clear()
        row = build(cards_in)
        memo[cards_in] = row
    return row


def _unit(x: float) -> float:
    """x capped at 1 (compiled, a comparison where the builtin `min` is a generic call)."""
    return x if x < 1.0 else 1.0


def observation(game: Referee, s: WizWarState, seat: int) -> np.ndarray:
    """What `seat` knows as floats in [0, 1]: the board square by square and line by line,
    every wizard, its own hand, the discard pile, the phase, the attack and the neutral.
    Seats are absolute (seat 0 first); the seat's own index is marked in the seat block.

    Built as bytes and handed out as a float32 array over them: the labyrinth's part is
    copied from a picture kept for the labyrinth as it is (`board_picture`), the hand's
    and the pile's rows from rows kept for their cards (`_remembered`), and the few places
    left that are not 0 are written one by one through a memoryview. Issue 28 asks an
    observation to cost at most two rules steps (benchmarks/observation_cost.py)."""
    n = s.n
    buf = bytearray(board_picture(s.map, n))
    out = memoryview(buf).cast("f")
    n_sq = 25 * n
    for q in range(n):
        if not is_out(s, q):
            out[s.pos[q] * PER_SQUARE + q] = 1.0
    for t, at in enumerate(s.treasure_at):
        if 0 <= at < n_sq:
            out[at * PER_SQUARE + MAX_SEATS + (5 if t // TREASURES == seat else 4)] = 1.0
    for sq, _c in s.floor:
        if 0 <= sq < n_sq:
            out[sq * PER_SQUARE + MAX_SEATS + 6] = 1.0
    i = n_sq * PER_SQUARE + MAX_LINES * PER_LINE
    for q in range(n):   # a row per seat: whose it is, life, out, carrying, hand size, lost, extra, turn
        j = i + q * PER_SEAT
        if q == seat:
            out[j] = 1.0
        if s.life[q] > 0:
            out[j + 1] = _unit(s.life[q] / MAX_LIFE)
        if is_out(s, q):
            out[j + 2] = 1.0
        if s.carried[q] >= 0:
            out[j + 3] = 1.0
        if s.hands[q]:
            out[j + 4] = _unit(len(s.hands[q]) / 20)
        if s.lost[q] > 0:
            out[j + 5] = _unit(s.lost[q] / 5)
        if s.extra[q] > 0:
            out[j + 6] = _unit(s.extra[q] / 5)
        if q == s.turn:
            out[j + 7] = 1.0
        status = s.status[q]
        for k in range(effects.KINDS):
            if status[k] != 0:
                out[j + 8 + k] = _unit(status[k] / 5)
    i += MAX_SEATS * PER_SEAT
    width = CARD_COUNT * 4   # a row of cards, in bytes
    if s.hands[seat]:
        buf[i * 4:i * 4 + width] = _remembered(_hand_rows, tuple(s.hands[seat]), _hand_row)
    i += CARD_COUNT
    if s.discard:
        buf[i * 4:i * 4 + width] = _remembered(_pile_rows, tuple(s.discard), _pile_row)
    i += CARD_COUNT
    for q in range(n):   # stones shown face up are public while they stay in hand
        for c in s.shown[q]:
            if holds(s.hands[q], c):
                out[i + c] = 1.0
    i += CARD_COUNT
    phase = s.phase
    if s.deck:
        out[i] = _unit(len(s.deck) / 125)
    i += 1
    out[i + phase] = 1.0
    i += len(PHASE_NAMES)
    if seat in game.to_act(s):
        out[i] = 1.0
    if (phase == TURN or phase == ENDING) and s.moves > 0:
        out[i + 1] = _unit(s.moves / 12)
    if s.boosted:
        out[i + 2] = 1.0
    if s.attacked:
        out[i + 3] = 1.0
    if s.round > 0:
        out[i + 4] = _unit(s.round / s.rules.max_rounds)
    if s.chain:
        out[i + 5] = _unit(len(s.chain) / 4)
    i += 6
    attacker, target, card, _number, strength, _first = s.window
    p_caster, p_card, _line, _square = s.pending
    if attacker >= 0:
        out[i + attacker] = 1.0
    if target >= 0:
        out[i + MAX_SEATS + target] = 1.0
    if p_caster >= 0:
        out[i + 2 * MAX_SEATS + p_caster] = 1.0
    i += 3 * MAX_SEATS
    if attacker >= 0:
        out[i + (card if card >= 0 else CARD_COUNT)] = 1.0
    i += CARD_COUNT + 1
    if p_card >= 0:
        out[i + p_card] = 1.0
    i += CARD_COUNT + 1
    if phase == AIM and s.aim >= 0:
        out[i + s.aim] = 1.0
    i += CARD_COUNT + 1
    if attacker >= 0 and strength > 0:
        out[i] = _unit(strength / 20)
    return np.frombuffer(buf, FLOAT32)


# -- the card list (`wizarena cards wizwar`, the web API) ---------------------------------
def card_rows() -> tuple[CardRow, ...]:
    return tuple(CardRow(r) for r in cards.catalogue())
