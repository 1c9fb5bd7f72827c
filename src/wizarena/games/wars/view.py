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
    o = 1 - seat
    known = c.known[o]
    # In instance order, so that where the hidden cards really are cannot steer the draw.
    pool = sorted(i for i in c.hand[o] + c.mull[o] + c.deck[o] if i not in known)
    rng.shuffle(pool)
    together = c.phase == MULLIGAN or c.phase == DICE
    if c.phase == MULLIGAN:
        nh, nm = c.shown[2 * o] - len(known), 0
        c.mulls[o] = MULLIGANS
    else:
        nh, nm = len(c.hand[o]) - len(known), len(c.mull[o])
    c.hand[o] = known + pool[:nh]
    c.mull[o] = pool[nh:nh + nm]
    c.deck[o] = pool[nh + nm:]
    rng.shuffle(c.deck[seat])
    if c.phase == DICE:
        c.dice_left[o] = 3
        for j in range(3):
            c.dice[3 + 3 * o + j] = 0
    if together:
        choose_for_others(game, c, seat, rng)
    return c


# -- the observation tensor ------------------------------------------------------------------------
# phase 5, round 3, wins 2x2, turn flags 4, common dice 3x6, allied 2x3x6, then for each side
# (the seat's first): row counts N, tapped N, graveyard N, 6 numbers; then known opposing hand N,
# own hand N, own mulligan pile N.
_SIDE: Final = 3 * N + 6
SIZE: Final = 5 + 3 + 4 + 4 + 18 + 36 + 2 * _SIDE + 3 * N


def observation(s: WarsState, seat: int) -> np.ndarray:
    out = np.zeros(SIZE, dtype=np.float32)
    out[s.phase] = 1.0
    out[5 + min(s.round, 3) - 1] = 1.0
    i = 8
    for q in (seat, 1 - seat):
        out[i + min(s.wins[q], 1)] = 1.0 if s.wins[q] else 0.0
        out[i + 1] = 1.0 if s.wins[q] >= 2 else out[i + 1]
        i += 2
    out[i] = 1.0 if s.cur == seat else 0.0
    out[i + 1] = 1.0 if s.first == seat else 0.0
    out[i + 2] = 1.0 if s.did else 0.0
    out[i + 3] = 1.0 if _acting(s, seat) else 0.0
    i += 4
    for j in range(3):
        out[i + 6 * j + s.dice[j]] = 1.0
    i += 18
    for q in (seat, 1 - seat):
        hidden = s.phase == DICE and q != seat
        for j in range(3):
            if not hidden:
                out[i + 6 * j + s.dice[3 + 3 * q + j]] = 1.0
        i += 18
    secret = s.phase == MULLIGAN  # the other side's mulligans are its secret (ruling R10)
    for q in (seat, 1 - seat):
        for u in s.row[q]:
            out[i + s.card[u]] = min(out[i + s.card[u]] + 0.25, 1.0)
            if s.tapped[u]:
                out[i + N + s.card[u]] = min(out[i + N + s.card[u]] + 0.25, 1.0)
        for u in s.gear[q]:
            out[i + s.card[u]] = min(out[i + s.card[u]] + 0.25, 1.0)
        for g in s.grave[q]:
            out[i + 2 * N + s.card[g]] = min(out[i + 2 * N + s.card[g]] + 0.25, 1.0)
        i += 3 * N
        out[i] = min(battlefield.score(s, q) / 60.0, 1.0)
        out[i + 1] = 1.0 if s.passed[q] else 0.0
        other = secret and q != seat
        out[i + 2] = min((s.shown[2 * q] if other else len(s.hand[q])) / 20.0, 1.0)
        out[i + 3] = min((s.shown[2 * q + 1] if other else len(s.deck[q])) / 40.0, 1.0)
        out[i + 4] = 0.0 if other else min(len(s.mull[q]) / 2.0, 1.0)
        out[i + 5] = min(s.points[q] / 20.0, 1.0)
        i += 6
    for k in s.known[1 - seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.25, 1.0)
    i += N
    for k in s.hand[seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.25, 1.0)
    i += N
    for k in s.mull[seat]:
        out[i + s.card[k]] = min(out[i + s.card[k]] + 0.5, 1.0)
    return out
