"""What one seat may know of a Wizard Wars table: its view, its determinizations and its
observation tensor, all built from the same idea of what is hidden.

Hidden from a seat: the other hand (except the Echo cards it saw drawn, until a mulligan
hides them again), the other mulligan pile, the order of both decks and the content of the
other deck, and during the set-up the allied dice the other player has set but not yet
shown. At the end of the game every card is turned over, as at a real table: every seat
and every spectator then sees the same table.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np

from wizarena.core import Action, Game, Rng
from wizarena.core.encoding import FLOAT32, one_hot_blocks
from wizarena.core.together import choose_for_others

from . import battlefield
from .cards import (
    CARDS,
    FACES,
    NAMES,
    RACE_NAMES,
    RACES,
    STATUSES,
    TYPE,
    TYPES,
    UNIT,
    N,
)
from .state import CHOOSE, DICE, EXPEND, MAIN, MULLIGAN, MULLIGANS, PHASE_NAMES, WarsState


def _card(s: WarsState, i: int) -> dict[str, Any]:
    c = s.card[i]
    out: dict[str, Any] = {"name": NAMES[c], "type": TYPES[TYPE[c]], "owner": s.owner[i],
                           "tapped": s.tapped[i]}
    if TYPE[c] == UNIT:
        out.update(power=battlefield.power(s, i), base_power=battlefield.base_power(s, i),
                   armor=battlefield.armor(s, i),
                   damage=s.damage[i], races=[RACE_NAMES[b] for b in range(len(RACE_NAMES)) if RACES[c] >> b & 1])
    if s.counters[i]:
        out["counters"] = s.counters[i]
    sts = [STATUSES[b] for b in range(len(STATUSES)) if s.status[i] >> b & 1]
    if sts:
        out["statuses"] = sts
    if s.bounty[i]:
        out["bounty"] = s.bounty[i]
    if s.side[i] != s.owner[i]:
        out["upside_down"] = True
    return out


def _hand_card(c: int) -> dict[str, Any]:
    card = CARDS[c]
    out: dict[str, Any] = {"name": card.name, "type": TYPES[card.type], "provisions": card.provisions,
                           "text": card.text}
    if card.type in (0, 2):
        out["power"] = card.power
        out["armor"] = card.armor
    return out


def _row(s: WarsState, q: int) -> list[dict[str, Any]]:
    """q's row, left to right, each card with its equipment."""
    row = []
    for k, i in enumerate(s.row[q]):
        info = _card(s, i)
        info["slot"] = k + 1
        gear = [dict(_card(s, e), power=CARDS[s.card[e]].power, armor=CARDS[s.card[e]].armor)
                for e in s.gear[q] if s.host[e] == i]
        if gear:
            info["equipment"] = gear
        row.append(info)
    return row


def last_round(s: WarsState) -> dict[str, Any] | None:
    """The rows as the last finished round ended, with its scores and winner: the rows are
    cleared at once (Wars Round End), so this is how a table shows what was on them. Every
    card of a row is face up, so both seats see the same."""
    b = s.last_board
    if b is None:
        return None
    k = len(b.results) - 1
    return {"round": b.round, "rows": [_row(b, 0), _row(b, 1)], "scores": b.round_scores[2 * k:2 * k + 2],
            "winner": None if b.results[k] < 0 else b.results[k]}


def build_view(s: WarsState, seat: int | None, legal: list[Action], to_act: tuple[int, ...]) -> dict[str, Any]:
    """What `seat` (None: a spectator) may know; `to_act` is who decides as it may know it
    (`Game.to_act_seen`). While both take mulligans or set dice (ruling R10) the other
    player's part is its secret: its counts stay as they were when the mulligans began."""
    over = s.result is not None
    players = []
    unrolled = s.round == 1 and s.phase == MULLIGAN  # the dice come after the first mulligans
    for q in (0, 1):
        mine = seat == q or over
        row = _row(s, q)
        hidden_dice = unrolled or s.phase == DICE and not mine and s.dice_left[0] + s.dice_left[1] > 0
        set_dice = 3 - s.dice_left[q] if s.phase == DICE else 3  # own dice not set yet are not shown
        secret = s.phase == MULLIGAN and not mine
        p: dict[str, Any] = {
            "seat": q, "faction": s.factions[q], "score": battlefield.score(s, q), "points": s.points[q],
            "passed": s.passed[q], "rounds_won": s.wins[q],
            "deck_count": s.shown[2 * q + 1] if secret else len(s.deck[q]),
            "hand_count": s.shown[2 * q] if secret else len(s.hand[q]),
            "mulligan_count": 0 if secret else len(s.mull[q]),
            "mulligans_left": MULLIGANS if secret else max(s.mulls[q], 0),
            "row": row,
            "graveyard": sorted(NAMES[s.card[i]] for i in s.grave[q]),
            "sideboard": sorted(NAMES[s.card[i]] for i in s.sideboard[q]),
            "allied_dice": None if hidden_dice else [FACES[s.dice[3 + 3 * q + j]] for j in range(set_dice)],
            "dice_to_set": 3 if s.phase == DICE and not mine else s.dice_left[q],
            "devoted": s.devoted[q],
        }
        if mine:
            p["hand"] = [_hand_card(c) for c in sorted(s.card[i] for i in s.hand[q])]
            p["mulligan_pile"] = sorted(NAMES[s.card[i]] for i in s.mull[q])
        else:
            p["known_in_hand"] = sorted(NAMES[s.card[i]] for i in s.known[q])
        if over:
            p["deck"] = sorted(NAMES[s.card[i]] for i in s.deck[q])
        players.append(p)
    choice = None
    if s.phase == CHOOSE and s.choice is not None:
        src, ctl, c, k, arg = s.choice
        if k == EXPEND:
            # Which die pays an expend (Wars Keywords/Expend): "expend" names the face.
            choice = {"seat": ctl, "card": NAMES[c], "ability": f"expend {FACES[arg]}",
                      "expend": FACES[arg]}
        else:
            choice = {"seat": ctl, "card": NAMES[c],
                      "ability": "spawn a mana of any colour (bounty)" if k < 0 else CARDS[c].abilities[k].do}
    return {
        "game": "wars", "seat": seat, "phase": PHASE_NAMES[s.phase], "round": s.round,
        "first": s.first, "turn": s.cur, "played_this_turn": s.did,
        "to_act": list(to_act),
        "common_dice": None if unrolled else [FACES[s.dice[j]] for j in range(3)],
        "results": list(s.results),
        "round_scores": [s.round_scores[k:k + 2] for k in range(0, len(s.round_scores), 2)],
        "players": players, "banished": sorted(NAMES[s.card[i]] for i in s.banished),
        "taking_effect": [NAMES[s.card[i]] for i in s.acting],
        "choice": choice, "legal": [a.text for a in legal], "last_round": last_round(s),
        "outcome": None if s.result is None else s.result.to_json(),
    }


def _acting(s: WarsState, p: int) -> bool:
    if s.phase == MAIN:
        return s.cur == p
    if s.phase == CHOOSE:
        return s.choice is not None and s.choice[1] == p
    if s.phase == MULLIGAN:
        return s.mulls[p] > 0
    if s.phase == DICE:
        return s.dice_left[p] > 0
    return False


def determinize(s: WarsState, seat: int, rng: random.Random, game: Game) -> WarsState:
    """Redraw what `seat` cannot see: the other hand (its known cards kept), the other
    mulligan pile and deck from the same pool, the order of its own deck, and the other
    player's allied dice while they are still secret.

    While both take mulligans or set dice, how far the other got is secret too: its part
    is taken back to where it began, and made afresh at random while `seat` still chooses
    (`choose_for_others`; `game` is the rules that plays it)."""
    c = s.copy()
    c.log = None
    if c.result is not None:
        return c
    c.seed = -1
    c.rng = Rng(rng.getrandbits(64))
    draw = Rng(rng.getrandbits(64))  # the fast generator: `random.Random.shuffle` is interpreted Python
    o = 1 - seat
    known = c.known[o]
    # In instance order, so that where the hidden cards really are cannot steer the draw.
    pool = sorted(i for i in c.hand[o] + c.mull[o] + c.deck[o] if i not in known)
    draw.shuffle(pool)
    together = c.phase == MULLIGAN or c.phase == DICE
    if c.phase == MULLIGAN:
        nh, nm = c.shown[2 * o] - len(known), 0
        c.mulls[o] = MULLIGANS
    else:
        nh, nm = len(c.hand[o]) - len(known), len(c.mull[o])
    c.hand[o] = known + pool[:nh]
    c.mull[o] = pool[nh:nh + nm]
    c.deck[o] = pool[nh + nm:]
    draw.shuffle(c.deck[seat])
    if c.phase == DICE:
        c.dice_left[o] = 3
        for j in range(3):
            c.dice[3 + 3 * o + j] = 0
    if together:
        choose_for_others(game, c, seat, rng)
    return c


_ID_BITS: Final = N.bit_length()  # a card id plus one fits in this many bits
_IDS_PER_INT: Final = 62 // _ID_BITS  # card ids packed in one int that stays a machine word


def _zone(cells: list[int], card: list[int], zone: list[int]) -> None:
    """A zone's size, then its card ids in order, packed several to an int."""
    cells.append(len(zone))
    v = 0
    k = 0
    for i in zone:
        v = v << _ID_BITS | card[i] + 1
        k += 1
        if k == _IDS_PER_INT:
            cells.append(v)
            v = 0
            k = 0
    if k:
        cells.append(v)


def information_key(s: WarsState, seat: int) -> int:
    """What `seat` knows of the table, as one int, for search to key its information sets
    by (`Game.information_key`). Search asks it at every step of a descent, so it reads the
    state straight into one flat list of small ints and hashes that, instead of building
    the tensor: a few times cheaper than a rules step, where hashing the tensor cost more.

    Cards are named by card id, never by instance: which copy of a card the other player
    drew or played is not something anyone sees, and two determinizations that differ only
    in it must meet in one information set. What the seat sees, and the key holds: its own
    hand and mulligan pile; of the other hand its size and the cards known in it (and what
    the other knows of its own); deck sizes, not their order, nor the other deck's content
    (the own deck's content follows from the rest); both rows card by card with every fact
    a card has there (statuses, tapped, upside down, arrived this turn, damage, counters,
    bounty, boost), equipment with its unit's slot; graveyards, sideboards, banished cards
    and tactics taking effect; the dice; the round, the rounds' results, who is first and
    on turn, what the player on turn has done, passes, points; the pending choice with its
    options and the abilities queued behind it. Like the tensor it hides, while both take
    mulligans or set dice, how far the other player got: its counts stay as the table saw
    them when the mulligans began, its allied dice and its dice or mulligans left are left
    out. The score the tensor shows follows from the rows, the points and the round, so two
    positions with different tensors get different keys.

    Every zone is preceded by its length, so the list reads back one way only; zones keep
    their order, which the seat saw. Left out, as no rule reads them: the past rounds'
    scores, the log, the seed, the step count.
    """
    o = 1 - seat
    ph = s.phase
    card, tapped, owner, arrived, status = s.card, s.tapped, s.owner, s.arrived, s.status
    damage, counters, bounty, boost = s.damage, s.counters, s.bounty, s.boost
    now = s.turn_no
    if ph == MULLIGAN:
        hand, deck, pile, left = s.shown[2 * o], s.shown[2 * o + 1], 0, s.mulls[seat]
    else:
        hand, deck, pile, left = len(s.hand[o]), len(s.deck[o]), len(s.mull[o]), 0
    cells: list[int] = [seat, ph, s.round, s.cur, s.first, s.first_r1, s.did, s.stayed, s.wins[0], s.wins[1],
                        s.passed[0], s.passed[1], s.points[0], s.points[1], hand, deck, pile, len(s.deck[seat]), left,
                        len(s.results)]
    cells.extend(s.results)
    dice = s.dice
    if ph == DICE:
        mine = 3 + 3 * seat
        cells.extend((dice[0], dice[1], dice[2], dice[mine], dice[mine + 1], dice[mine + 2], s.dice_left[seat]))
    else:
        cells.extend(dice)
    for q in range(2):
        row = s.row[q]
        cells.append(len(row))
        for u in row:
            # One int for the card and its bounded facts; the rare counts follow it, flagged
            # by the int's sign, only when one is not 0.
            x = (status[u] * N + card[u]) * 8 + (4 if tapped[u] else 0) + (2 if owner[u] != q else 0) \
                + (1 if arrived[u] == now else 0)
            d, c, b, v = damage[u], counters[u], bounty[u], boost[u]
            if d or c or b or v:
                cells.extend((-1 - x, d, c, b, v))
            else:
                cells.append(x)
        gear = s.gear[q]
        cells.append(len(gear))
        for e in gear:
            cells.extend(((status[e] * N + card[e]) * 8 + (4 if tapped[e] else 0) + (2 if owner[e] != q else 0)
                          + (1 if arrived[e] == now else 0), damage[e], counters[e], bounty[e], boost[e],
                          row.index(s.host[e])))
        _zone(cells, card, s.grave[q])
        _zone(cells, card, s.sideboard[q])
        _zone(cells, card, s.known[q])  # hand cards the other seat saw drawn
    _zone(cells, card, s.banished)
    _zone(cells, card, s.acting)
    _zone(cells, card, s.hand[seat])
    _zone(cells, card, s.mull[seat])
    if ph == CHOOSE and s.choice is not None:
        _src, ctl, c, k, arg = s.choice
        cells.extend((ctl, c, k, arg, s.resume, len(s.options)))
        for option in s.options:
            cells.append(option.id)
        for task in s.queue:  # the abilities waiting behind it, each named by its card
            cells.extend(task[1:])
    return hash(tuple(cells))


# -- the observation tensor ------------------------------------------------------------------------
# phase 5, round 3, wins 2x2, turn flags 4, common dice 3x6, allied 2x3x6, then for each side
# (the seat's first): row counts N, tapped N, graveyard N, 6 numbers; then known opposing hand N,
# own hand N, own mulligan pile N. A count is in quarters (0.25 a card), capped at 1.
_SIDE: Final = 3 * N + 6
SIZE: Final = 5 + 3 + 4 + 4 + 18 + 36 + 2 * _SIDE + 3 * N
# The vector is joined from float32 blocks kept as bytes, built here once; a call only picks
# them, so that no numpy store runs per entry (each costs more than a game step's worth of
# list work) and numpy is called once, on the joined buffer.


def _floats(*values: float) -> bytes:
    return np.array(values, dtype=np.float32).tobytes()


def _fractions(values: list[list[float]]) -> tuple[bytes, ...]:
    """Each row of values as float32 bytes."""
    return tuple(row.tobytes() for row in np.array(values, dtype=np.float32))


_ZEROS: Final = tuple(bytes(4 * n) for n in range(N + 1))  # n zero entries
# _RUN[k][n]: n zero entries, then k quarters (0 < k <= 4): a card counted k times after a gap of n.
_RUN: Final = tuple(tuple(bytes(4 * n) + quarter for n in range(N + 1))
                    for quarter in _fractions([[k / 4] for k in range(5)]))
# phase, round, rounds won (the second entry of each pair says "at least one"), and the flags
# (on turn, first, played this turn, to act): (((phase * 3 + round - 1) * 4 + won) * 16 + flags)
_HEAD: Final = one_hot_blocks(16, [[phase, 5 + r] + ([9] if won & 1 else []) + ([11] if won & 2 else [])
                                    + [12 + b for b in range(4) if flags >> b & 1]
                                    for phase in range(5) for r in range(3) for won in range(4) for flags in range(16)])
_DICE3: Final = one_hot_blocks(18, [[a, 6 + b, 12 + c] for a in range(6) for b in range(6) for c in range(6)])
# The six numbers of a side: score / 60, passed, hand / 20, deck / 40, mulligan pile / 2,
# points / 20, each at most 1; passed with the hand and the deck with the pile.
_OF60: Final = _fractions([[min(n / 60, 1.0)] for n in range(61)])
_OF20: Final = _fractions([[min(n / 20, 1.0)] for n in range(21)])
_PASSED_HAND: Final = _fractions([[float(passed), min(n / 20, 1.0)] for passed in range(2) for n in range(21)])
_DECK_PILE: Final = _fractions([[min(n / 40, 1.0), min(m / 2, 1.0)] for n in range(41) for m in range(3)])


def _counts(parts: list[bytes], ids: list[int], step: int) -> None:
    """A block of N counts from the card ids counted in it, `step` quarters each (sorts `ids`)."""
    n = len(ids)
    if n == 0:
        parts.append(_ZEROS[N])
        return
    if n == 1:
        c = ids[0]
        parts.append(_RUN[step][c])
        parts.append(_ZEROS[N - c - 1])
        return
    ids.sort()
    done = 0  # entries written so far
    j = 0
    while j < n:
        c = ids[j]
        r = j + 1
        while r < n and ids[r] == c:
            r += 1
        k = (r - j) * step
        parts.append(_RUN[k if k < 4 else 4][c - done])
        done = c + 1
        j = r
    parts.append(_ZEROS[N - done])


def _fraction(n: int, whole: int, table: tuple[bytes, ...]) -> bytes:
    """n / whole, at most 1, as a float32: from the table, or made (below 0, which no rule makes)."""
    if n >= 0:
        return table[n if n < whole else whole]
    return _floats(n / whole)


def observation(s: WarsState, seat: int) -> np.ndarray:
    """What `seat` knows, as float32 in [0, 1] (layout above), built at every step of a
    learning loop: blocks picked from the tables above, joined, and handed to numpy once."""
    o = 1 - seat
    ph = s.phase
    r = s.round
    flags = (1 if s.cur == seat else 0) + (2 if s.first == seat else 0) + (4 if s.did else 0) \
        + (8 if _acting(s, seat) else 0)
    won = (1 if s.wins[seat] else 0) + (2 if s.wins[o] else 0)
    dice = s.dice
    mine = 3 + 3 * seat
    theirs = 3 + 3 * o
    parts = [_HEAD[((ph * 3 + (r if r < 3 else 3) - 1) * 4 + won) * 16 + flags],
             _DICE3[dice[0] * 36 + dice[1] * 6 + dice[2]],
             _DICE3[dice[mine] * 36 + dice[mine + 1] * 6 + dice[mine + 2]],
             # the other's allied dice are its secret while they are set
             _ZEROS[18] if ph == DICE else _DICE3[dice[theirs] * 36 + dice[theirs + 1] * 6 + dice[theirs + 2]]]
    card = s.card
    tapped = s.tapped
    secret = ph == MULLIGAN  # the other side's mulligans are its secret (ruling R10)
    for side in range(2):
        p = seat if side == 0 else o
        ids: list[int] = []
        tapped_ids: list[int] = []
        for u in s.row[p]:
            c = card[u]
            ids.append(c)
            if tapped[u]:
                tapped_ids.append(c)
        for u in s.gear[p]:
            ids.append(card[u])
        _counts(parts, ids, 1)
        _counts(parts, tapped_ids, 1)
        _counts(parts, [card[u] for u in s.grave[p]], 1)
        other = secret and p != seat
        parts.append(_fraction(battlefield.score(s, p), 60, _OF60))
        n = s.shown[2 * p] if other else len(s.hand[p])
        parts.append(_PASSED_HAND[(21 if s.passed[p] else 0) + (n if n < 20 else 20)])
        n = s.shown[2 * p + 1] if other else len(s.deck[p])
        m = 0 if other else len(s.mull[p])
        parts.append(_DECK_PILE[(n if n < 40 else 40) * 3 + (m if m < 2 else 2)])
        parts.append(_fraction(s.points[p], 20, _OF20))
    _counts(parts, [card[u] for u in s.known[o]], 1)
    _counts(parts, [card[u] for u in s.hand[seat]], 1)
    _counts(parts, [card[u] for u in s.mull[seat]], 2)  # half a card each
    return np.frombuffer(bytearray().join(parts), FLOAT32)
