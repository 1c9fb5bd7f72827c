"""What one seat may know of a Wizards of Mickey table: its view, its determinizations and
its observation tensor, all built from the same idea of what is hidden.

Hidden from a seat: the other hand (except cards it has been shown: a hand revealed under
8.11, the card Confuse picked), the other player's face-down Magics, the order and content
of every deck (its own content is its own deck list, so it knows that), the other Support
deck, and the colour of any Diamagic token it has not seen.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np

from wizarena.core import Rng

from . import qualities
from .cards import COLOURS, DIAMAGIC, NO_AFFILIATION, POSITIONS
from .count import seat_count
from .effects import CARDS, CASTLES, LABEL, MADE_KEYWORDS, MAGICS, POWER, WIZARDS
from .state import CHOICE, DISCARD, PHASE_NAMES, LastChallenge, Mg, MickeyState, copy_state


def _magic(s: MickeyState, magic: Mg, seat: int | None,
           modified: dict[int, int | None]) -> dict[str, Any]:
    if magic.down and magic.owner != seat and s.result is None:
        return {"face_down": True}
    card = magic.card
    out: dict[str, Any] = {"card": card, "name": LABEL[card], "power": POWER[card], "text": CARDS[card].text}
    if id(magic) in modified:  # counted in 7.8: its Modified Magic Power, None when the seat cannot know it
        out["modified_power"] = modified[id(magic)]
    if magic.down:
        out["face_down"] = True
    if magic.plain or (not magic.down and not magic.noeffect and not qualities.effective(s, magic)):
        out["plain"] = True
    if magic.noeffect:
        out["without_effect"] = True
    if magic.gained:
        out["gained"] = list(magic.gained)
    made = [k for k in sorted(MADE_KEYWORDS) if qualities.made(s, magic, k)]
    if made:
        out["made"] = made
    return out


def build_view(game_id: str, s: MickeyState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` (None: a spectator) may know it. Once the game is over every
    card is turned over: each seat and spectator sees both hands, the face-down Magics, the
    Castle and Support decks and the Diamagic colours, as if each side were its own (the
    order of a Magic deck stays unknown, as it was to its own player)."""
    over = s.result is not None
    # The count of 7.8 as the seat knows it, while Magics are counted (see count.py).
    modified: dict[int, int | None] = {}
    sides: list[dict[str, Any]] | None = None
    if any(not x.kept for x in s.play):
        by_play, sides = seat_count(s, seat)
        modified = {id(s.play[i]): v for i, v in by_play.items()}

    def token(i: int) -> str | None:
        seen = s.seen[i]
        if over or seen == 3 or (seat is not None and seen >> seat & 1):
            return DIAMAGIC[s.stake[i]]
        return None

    players = []
    for q in (0, 1):
        mine = seat == q or over
        team = []
        for v in range(3):
            c = s.team[q][v]
            w: dict[str, Any] = {"position": POSITIONS[v]}
            if c >= 0:
                card = CARDS[c]
                w.update(card=c, name=card.name, title=card.title, team=card.team, colours=list(card.colours),
                         text=card.text,
                         diamagic=[DIAMAGIC[k] for k in s.owned[q][v]], casts=s.casts[q][v],
                         blocked=bool(s.blocked[q] >> v & 1))
                up, down = s.up[q][v], s.down[q][v]
                w["cast"] = None if up is None else _magic(s, up, seat, modified)
                w["hidden"] = None if down is None else _magic(s, down, seat, modified)
                w["kept"] = [_magic(s, m, seat, modified) for m in s.play
                             if m.kept and m.owner == q and m.pos == v]
            team.append(w)
        p: dict[str, Any] = {
            "team": team,
            "diamagic": sum(len(x) for x in s.owned[q]),
            "hand_size": len(s.hand[q]),
            "deck": len(s.deck[q]),
            "discard": [LABEL[c] for c in s.disc[q]],
            "castle_deck": len(s.cdeck[q]),
            "castle_discard": [LABEL[c] for c in s.cdisc[q]],
            "passed": s.passed[q],
        }
        if sides is not None:
            p["magic_power"] = sides[q]
        if mine:
            p["hand"] = [{"card": c, "name": LABEL[c], "power": POWER[c], "text": CARDS[c].text}
                         for c in sorted(s.hand[q])]
            if s.out_pick[q] >= 0:
                p["taking_out"] = LABEL[s.out_pick[q]]
            p["castles"] = sorted(LABEL[c] for c in s.cdeck[q])
            if s.fmt == 2:
                p["support"] = sorted(LABEL[c] for c in s.support[q])
                p["to_line_up"] = sorted(LABEL[c] for c in s.pool[q])
        if seat != q or over:  # what was shown of this hand (8.11, R18, R20), kept once all is turned over
            p["known_hand"] = sorted(LABEL[c] for c in s.known[q])
        if not mine:
            if s.fmt == 2:
                p["support"] = len(s.support[q])
                p["to_line_up"] = len(s.pool[q])
        if s.fmt == 2:
            p["affiliation"] = s.affiliation[q]
            p["penalty"] = s.penalty[q]
        players.append(p)
    castle = None
    if s.castles:
        c, owner = s.castles[-1]
        castle = {"card": c, "name": LABEL[c], "owner": owner, "text": CARDS[c].text, "plain": s.castle_plain,
                  "covered": [LABEL[x] for x, _ in s.castles[:-1]]}
    pending = None
    if s.queue and s.phase in (CHOICE, DISCARD):
        t = s.queue[0]
        pending = {"effect": t.kind, "player": t.seat}
        if t.kind == "corrode":
            pending["source"] = t.source
        elif t.kind == "corrupt":
            pending.update(source=t.source, step=("pay", "pay", "wizard", "diamagic")[t.stage])
        elif t.kind == "swap":
            pending["step"] = ("first wizard", "first diamagic", "second wizard", "second diamagic")[t.stage]
    view: dict[str, Any] = {
        "game": game_id, "format": ("mini", "grande", "official")[s.fmt], "seat": seat,
        "phase": PHASE_NAMES[s.phase], "to_act": list(s.actor), "turn": s.turn, "turn_player": s.tp,
        "target": s.target, "reserve": len(s.reserve), "castle": castle,
        "stake": [token(i) for i in range(len(s.stake))], "players": players, "pending": pending,
    }
    view["last_challenge"] = None if s.last is None else last_challenge(s.last)
    if s.result is not None:
        view["outcome"] = s.result.to_json()
    return view


def last_challenge(last: LastChallenge) -> dict[str, Any]:
    """The last challenge's board, as every seat saw it once its Magics were turned over:
    each Wizard's Magics with their Modified Magic Power, the Final Magic Powers, who won
    and by which rule. It stays until the next challenge is counted: the table draws its
    Magics until the next challenge's first cast, and its result after that."""
    turn, turn_player, win, power, rule, castle, stake, magics = last
    team: list[list[dict[str, Any]]] = [[{"position": POSITIONS[v], "cast": None, "hidden": None}
                                         for v in range(3)] for _ in (0, 1)]
    for owner, pos, card, value, down, plain, noeffect in magics:
        m: dict[str, Any] = {"card": card, "name": LABEL[card], "power": POWER[card], "text": CARDS[card].text,
                             "modified_power": value}
        if plain:
            m["plain"] = True
        if noeffect:
            m["without_effect"] = True
        if down:
            m["was_face_down"] = True
        team[owner][pos]["hidden" if down else "cast"] = m
    return {
        "turn": turn, "turn_player": turn_player, "winner": None if win < 0 else win, "power": list(power),
        "rule": rule, "stake": stake, "team": team,
        "castle": None if castle is None else {"card": castle[0], "name": LABEL[castle[0]], "owner": castle[1],
                                               "plain": castle[2], "text": CARDS[castle[0]].text},
    }


# -- determinization -----------------------------------------------------------------------------
def _public_counts(s: MickeyState, q: int, seat: int) -> Counter[int]:
    """Cards of player q that `seat` has seen and knows where they are (so not in q's hidden piles)."""
    seen = Counter(s.disc[q])
    seen.update(m.card for m in s.play if m.owner == q and not (m.down and q != seat))
    seen.update(s.known[q])
    return seen


def determinize(s: MickeyState, seat: int, rng: random.Random) -> MickeyState:
    """A table the seat cannot tell from this one: its own deck order, the other player's
    unknown cards, and the unseen Diamagic colours are drawn afresh. Unknown cards are drawn
    from the collection, as far as the public facts allow (the other team's colours, three
    copies a name, one a Castle), never from the real hidden cards."""
    c = copy_state(s)
    c.log = None
    if s.result is not None:  # every card is turned over at the end: nothing is left to draw afresh
        return c
    c.rng = Rng(rng.getrandbits(64))  # chance to come is unknown too: a copied generator would foretell draws
    rng.shuffle(c.deck[seat])
    rng.shuffle(c.cdeck[seat])
    o = 1 - seat
    # The other player's Magics: every card not seen is redrawn.
    placed = [w for w in c.team[o] if w >= 0]
    if c.fmt == 2 and c.pool[o]:
        pool = [w for w in WIZARDS if CARDS[w].team == c.affiliation[o] and CARDS[w].team != NO_AFFILIATION
                and CARDS[w].solitary is None and all(CARDS[w].name != CARDS[x].name for x in placed)]
        names: set[str] = set()
        new_pool: list[int] = []
        for w in rng.sample(pool, len(pool)):
            if CARDS[w].name not in names and len(new_pool) < len(c.pool[o]):
                names.add(CARDS[w].name)
                new_pool.append(w)
        if len(new_pool) == len(c.pool[o]):
            c.pool[o] = new_pool
        placed = placed + c.pool[o]
    colours = {k for w in placed for k in CARDS[w].colours} or set(COLOURS)
    allowed = [m for m in MAGICS if set(CARDS[m].colours) <= colours]
    room = Counter({m: 3 for m in allowed})
    room.subtract(_public_counts(c, o, seat))

    def draw_magic() -> int:
        names = [m for m in allowed if room[m] > 0] or allowed
        m = names[int(rng.random() * len(names))]
        room[m] -= 1
        return m

    # Cards everyone knows are in the hand or deck (a deck rebuilt from discards, 8.8) stay;
    # where one is also a shown hand card, it is the same card as far as anyone can tell.
    sure = Counter(c.pub[o])
    sure.subtract(Counter(c.known[o]))
    sure_cards = list((+sure).elements())
    room.subtract(Counter(sure_cards))
    unknown_hand = len(c.hand[o]) - len(c.known[o])
    slots = unknown_hand + len(c.deck[o])
    pile = sure_cards[:slots] + [draw_magic() for _ in range(slots - min(slots, len(sure_cards)))]
    rng.shuffle(pile)
    c.hand[o] = sorted(c.known[o] + pile[:unknown_hand])
    c.deck[o] = pile[unknown_hand:]
    for m in c.play:
        if m.owner == o and m.down:
            m.card = draw_magic()
    c.support[o] = [draw_magic() for _ in c.support[o]]
    c.out_pick[o] = -1  # the other player's half-made Support exchange is its secret
    seen_castles = set(c.cdisc[o]) | {x for x, q in c.castles if q == o} | set(c.cpub[o])
    fresh = [x for x in CASTLES if x not in seen_castles]
    rng.shuffle(fresh)
    n = len(c.cdeck[o]) - len(c.cpub[o])
    c.cdeck[o] = c.cpub[o][:] + [fresh[i] if i < len(fresh) else rng.choice(CASTLES) for i in range(n)]
    # Diamagic the seat has not seen: the reserve and unseen stake tokens, mixed.
    hidden = [i for i in range(len(c.stake)) if not (c.seen[i] == 3 or c.seen[i] >> seat & 1)]
    bag = c.reserve + [c.stake[i] for i in hidden]
    rng.shuffle(bag)
    for i in hidden:
        c.stake[i] = bag.pop()
    c.reserve = bag
    return c


# -- observation tensor --------------------------------------------------------------------------
_MI = {m: i for i, m in enumerate(MAGICS)}
_WI = {w: i for i, w in enumerate(WIZARDS)}
_CI = {c: i for i, c in enumerate(CASTLES)}
NM, NW, NC = len(MAGICS), len(WIZARDS), len(CASTLES)
_SIDE = 3 * (NW + 4 + NM + 1 + NM + 2) + NM + NM + 6
SIZE = len(PHASE_NAMES) + 4 + NC + 2 * 4 + 2 * _SIDE + NM


def observation(s: MickeyState, seat: int) -> np.ndarray:
    """The seat's knowledge as floats in [0, 1]: phase, Castle and stake, then for itself and
    the opponent each Wizard (card, Diamagic colours, cast Magic, face-down Magic as far as
    seen, blocked and cast flags), discards, known hand cards, and finally its own hand."""
    out: dict[int, float] = {}  # the few places that are not 0 (the tensor has 2,100)
    out[s.phase] = 1.0
    i = len(PHASE_NAMES)
    out[i] = 1.0 if s.tp == seat else 0.0
    out[i + 1] = min(s.turn / 40, 1.0)
    out[i + 2] = len(s.reserve) / 12
    out[i + 3] = 1.0 if seat in s.actor else 0.0
    i += 4
    if s.castles:
        out[i + _CI[s.castles[-1][0]]] = 1.0
    i += NC
    unseen = 0
    for t, k in enumerate(s.stake):
        if s.seen[t] == 3 or s.seen[t] >> seat & 1:
            out[i + k] = out.get(i + k, 0.0) + 0.25
        else:
            unseen += 1  # only how many
    out[i + 4] = min(unseen / 4, 1.0)
    i += 8
    for q in (seat, 1 - seat):
        for v in range(3):
            w = s.team[q][v]
            if w >= 0:
                out[i + _WI[w]] = 1.0
            i += NW
            for k in s.owned[q][v]:
                out[i + k] = out.get(i + k, 0.0) + 1 / 3
            i += 4
            up = s.up[q][v]
            if up is not None:
                out[i + _MI[up.card]] = 1.0
            i += NM
            down = s.down[q][v]
            out[i] = 1.0 if down is not None else 0.0
            i += 1
            if down is not None and (q == seat or not down.down):
                out[i + _MI[down.card]] = 1.0
            i += NM
            out[i] = 1.0 if s.blocked[q] >> v & 1 else 0.0
            out[i + 1] = min(s.casts[q][v] / 3, 1.0)
            i += 2
        for c in s.disc[q]:
            out[i + _MI[c]] = out.get(i + _MI[c], 0.0) + 1 / 3
        i += NM
        for c in s.known[q] if q != seat else ():
            out[i + _MI[c]] = out.get(i + _MI[c], 0.0) + 1 / 3
        i += NM
        out[i] = min(len(s.hand[q]) / 10, 1.0)
        out[i + 1] = min(len(s.deck[q]) / 40, 1.0)
        out[i + 2] = min(sum(len(x) for x in s.owned[q]) / 6, 1.0)
        out[i + 3] = 1.0 if s.passed[q] else 0.0
        out[i + 4] = min(len(s.cdeck[q]) / 8, 1.0)
        out[i + 5] = min(s.penalty[q] / 3, 1.0)
        i += 6
    for c in s.hand[seat]:
        out[i + _MI[c]] = out.get(i + _MI[c], 0.0) + 1 / 3
    # Counts were added up above; every place is capped at 1 here, as the docstring says.
    tensor = np.zeros(SIZE, dtype=np.float32)
    tensor[list(out)] = np.minimum(list(out.values()), 1.0)
    return tensor
