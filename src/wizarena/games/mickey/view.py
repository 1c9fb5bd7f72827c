"""What one seat may know of a Wizards of Mickey table: its view, its determinizations and
its observation tensor, all built from the same idea of what is hidden.

Hidden from a seat: the other hand (except cards it has been shown: a hand revealed under
8.11, the card Confuse picked), the other player's face-down Magics, the order and content
of every deck (its own content is its own deck list, so it knows that), the other Support
deck, and the colour of any Diamagic token it has not seen.
"""

from __future__ import annotations

import random
from typing import Any, Final, SupportsIndex

import numpy as np

from wizarena.core import Rng

from . import qualities
from .cards import COLOURS, DIAMAGIC, NO_AFFILIATION, POSITIONS, SELECTORS, SPECIAL_ACTIONS
from .count import seat_count
from .effects import CARDS, CASTLES, COLOUR_BITS, LABEL, MADE_KEYWORDS, MAGICS, POWER, WIZARDS
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
        forced = s.forced[q]
        if forced is not None:  # 9.4, R33: every Confuse pick is shown, to both players
            p["confused"] = [{"position": POSITIONS[forced[i]], "magic": LABEL[forced[i + 1]] if forced[i + 1] >= 0
                              else None} for i in range(0, len(forced), 2)]
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
# Cards are counted in plain dicts (card id -> copies) rather than `collections.Counter`, and
# drawn with the fast generator rather than `random.Random`: both are interpreted Python,
# and between them they were most of the cost of a determinization, itself two thirds of a
# search iteration at the MiniSfida.
def _counted(cards: list[int] | tuple[int, ...]) -> dict[int, int]:
    """How many copies of each card `cards` holds, keyed in the order first met."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _take(counts: dict[int, int], cards: list[int]) -> None:
    """One copy of each of `cards` taken off `counts` (a card not counted stays uncounted)."""
    for card in cards:
        if card in counts:
            counts[card] -= 1


def _copies(counts: dict[int, int]) -> list[int]:
    """The cards counted, each as often as it is counted (none for a count of 0 or less)."""
    return [card for card, n in counts.items() for _ in range(n)]


# The Magics a set of team colours allows, by its bits of COLOURS (effects.COLOUR_BITS): the
# same few teams are met at every determinization of a game.
_ALL_COLOURS: Final = (1 << len(COLOURS)) - 1
_ALLOWED: dict[int, list[int]] = {}


def _allowed_magics(colours: int) -> list[int]:
    """The Magics whose colours are all among `colours` (bits of COLOURS); shared: not to be
    changed by the caller."""
    allowed = _ALLOWED.get(colours)
    if allowed is None:
        allowed = _ALLOWED[colours] = [m for m in MAGICS if COLOUR_BITS[m] & ~colours == 0]
    return allowed


def _public_cards(s: MickeyState, q: int, seat: int) -> list[int]:
    """Cards of player q that `seat` has seen and knows where they are (so not in q's hidden
    piles), a copy per card."""
    return s.disc[q] + [m.card for m in s.play if m.owner == q and not (m.down and q != seat)] + s.known[q]


def determinize(s: MickeyState, seat: int, rng: random.Random) -> MickeyState:
    """A table the seat cannot tell from this one: its own deck order, the other player's
    unknown cards, and the unseen Diamagic colours are drawn afresh. Unknown cards are drawn
    from what the ready-made deck's public list leaves unaccounted for (R36), or for a deck
    of the owner's own from the collection, as far as the public facts allow (the other
    team's colours, three copies a name, one a Castle); never from the real hidden cards."""
    c = copy_state(s)
    c.log = None
    if s.result is not None:  # every card is turned over at the end: nothing is left to draw afresh
        return c
    c.rng = Rng(rng.getrandbits(64))  # chance to come is unknown too: a copied generator would foretell draws
    draw = Rng(rng.getrandbits(64))
    draw.shuffle(c.deck[seat])
    draw.shuffle(c.cdeck[seat])
    o = 1 - seat
    # The other player's Magics: every card not seen is redrawn.
    placed = [w for w in c.team[o] if w >= 0]
    if c.fmt == 2 and c.pool[o]:
        pool = [w for w in WIZARDS if CARDS[w].team == c.affiliation[o] and CARDS[w].team != NO_AFFILIATION
                and CARDS[w].solitary is None and all(CARDS[w].name != CARDS[x].name for x in placed)]
        draw.shuffle(pool)
        names: set[str] = set()
        new_pool: list[int] = []
        for w in pool:
            if CARDS[w].name not in names and len(new_pool) < len(c.pool[o]):
                names.add(CARDS[w].name)
                new_pool.append(w)
        if len(new_pool) == len(c.pool[o]):
            c.pool[o] = new_pool
        placed = placed + c.pool[o]
    colours = 0
    for w in placed:
        colours |= COLOUR_BITS[w]
    allowed = _allowed_magics(colours or _ALL_COLOURS)
    room = {m: 3 for m in allowed}
    public = _public_cards(c, o, seat)
    _take(room, public)
    unseen: list[int] = []  # R36: what a ready-made deck's public list leaves unaccounted for
    # Cards everyone knows are in the hand or deck (a deck rebuilt from discards, 8.8) stay;
    # where one is also a shown hand card, it is the same card as far as anyone can tell.
    sure = _counted(c.pub[o])
    _take(sure, c.known[o])
    sure_cards = _copies(sure)
    _take(room, sure_cards)
    lists = c.lists[o]
    if lists is not None:
        left = _counted(lists[0])
        _take(left, public)
        _take(left, sure_cards)
        unseen.extend(_copies(left))
        draw.shuffle(unseen)
    # Any Magic with a copy to spare is as likely as any other: a name that runs out of
    # copies leaves the list; once none is left, any Magic of the colours.
    spare = [m for m in allowed if room[m] > 0]

    def draw_magic() -> int:
        if unseen:
            return unseen.pop()
        if not spare:
            return allowed[draw.below(len(allowed))]
        i = draw.below(len(spare))
        m = spare[i]
        room[m] -= 1
        if room[m] <= 0:
            spare[i] = spare[-1]
            spare.pop()
        return m

    unknown_hand = len(c.hand[o]) - len(c.known[o])
    slots = unknown_hand + len(c.deck[o])
    pile = sure_cards[:slots] + [draw_magic() for _ in range(slots - min(slots, len(sure_cards)))]
    draw.shuffle(pile)
    c.hand[o] = sorted(c.known[o] + pile[:unknown_hand])
    c.deck[o] = pile[unknown_hand:]
    for m in c.play:
        if m.owner == o and m.down:
            m.card = draw_magic()
    c.support[o] = [draw_magic() for _ in c.support[o]]
    c.out_pick[o] = -1  # the other player's half-made Support exchange is its secret
    seen_castles = set(c.cdisc[o]) | {x for x, q in c.castles if q == o} | set(c.cpub[o])
    fresh = [x for x in (CASTLES if lists is None else lists[1]) if x not in seen_castles]
    draw.shuffle(fresh)
    n = len(c.cdeck[o]) - len(c.cpub[o])
    if len(fresh) < n and lists is not None:  # the list does not account for them: any unseen Castle
        more = [x for x in CASTLES if x not in seen_castles and x not in fresh]
        draw.shuffle(more)
        fresh += more
    c.cdeck[o] = c.cpub[o][:] + [fresh[i] if i < len(fresh) else CASTLES[draw.below(len(CASTLES))] for i in range(n)]
    # Diamagic the seat has not seen: the reserve and unseen stake tokens, mixed.
    hidden = [i for i in range(len(c.stake)) if not (c.seen[i] == 3 or c.seen[i] >> seat & 1)]
    bag = c.reserve + [c.stake[i] for i in hidden]
    draw.shuffle(bag)
    for i in hidden:
        c.stake[i] = bag.pop()
    c.reserve = bag
    return c


# -- observation tensor --------------------------------------------------------------------------
NM: Final = len(MAGICS)
NW: Final = len(WIZARDS)
NC: Final = len(CASTLES)
# The layout, block by block. The head: the phase, four scalars, the Castle in play, the
# stake (4 colours, the unseen count, 3 spare).
_NPH: Final = len(PHASE_NAMES)
_CASTLE_AT: Final = _NPH + 4
_STAKE_AT: Final = _CASTLE_AT + NC
_SIDES_AT: Final = _STAKE_AT + 8
# One Wizard position of a side: its card, its Diamagic, the cast Magic, whether a Magic is
# behind it and which (as far as seen), Blocked and casts.
_OWNED_AT: Final = NW
_UP_AT: Final = NW + 4
_DOWN_AT: Final = _UP_AT + NM
_FLAGS_AT: Final = _DOWN_AT + 1 + NM
_WIZARD: Final = _FLAGS_AT + 2
# A side (the seat's own first, then the other's): three positions, the discards, the cards
# of its hand shown to the other side, 6 scalars.
_DISC_AT: Final = 3 * _WIZARD
_KNOWN_AT: Final = _DISC_AT + NM
_SCALARS_AT: Final = _KNOWN_AT + NM
_SIDE: Final = _SCALARS_AT + 6
# Last, the seat's own hand.
_HAND_AT: Final = _SIDES_AT + 2 * _SIDE
SIZE: Final = _HAND_AT + NM

# The place of everything in the tensor, worked out once: by card id for a card's place in
# a block (SIZE, out of range, where a card of another kind would go), per side (0: the
# seat's own, 1: the other) and Wizard position. Typed SupportsIndex so that the compiled
# build hands the stored int objects to the buffer as they are: boxing a fresh int for every
# place written cost a third of the whole.
Places = tuple[SupportsIndex, ...]


def _places(at: int, kind: tuple[int, ...]) -> Places:
    return tuple(at + kind.index(c) if c in kind else SIZE for c in range(len(CARDS)))


def _wizard_places(side: int, part: int, kind: tuple[int, ...]) -> tuple[Places, ...]:
    return tuple(_places(_SIDES_AT + side * _SIDE + v * _WIZARD + part, kind) for v in range(3))


def _fixed(side: int, part: int, n: int) -> tuple[Places, ...]:
    """n places from `part` of each of the side's three Wizard positions."""
    return tuple(tuple(range(_SIDES_AT + side * _SIDE + v * _WIZARD + part,
                             _SIDES_AT + side * _SIDE + v * _WIZARD + part + n)) for v in range(3))


_AT_CASTLE: Final[Places] = _places(_CASTLE_AT, CASTLES)
# Per side, then Wizard position. Declared as tuples of any length: the compiled build keeps
# a fixed-length tuple unboxed, and would box it again at every index.
BySide = tuple[tuple[Places, ...], ...]
_AT_TEAM: Final[BySide] = (_wizard_places(0, 0, WIZARDS), _wizard_places(1, 0, WIZARDS))
_AT_OWNED: Final[BySide] = (_fixed(0, _OWNED_AT, 4), _fixed(1, _OWNED_AT, 4))  # by colour
_AT_UP: Final[BySide] = (_wizard_places(0, _UP_AT, MAGICS), _wizard_places(1, _UP_AT, MAGICS))
_AT_DOWN_CARD: Final[BySide] = (_wizard_places(0, _DOWN_AT + 1, MAGICS), _wizard_places(1, _DOWN_AT + 1, MAGICS))
_AT_DOWN: Final[BySide] = (_fixed(0, _DOWN_AT, 1), _fixed(1, _DOWN_AT, 1))
_AT_FLAGS: Final[BySide] = (_fixed(0, _FLAGS_AT, 2), _fixed(1, _FLAGS_AT, 2))  # Blocked, casts
_AT_DISC: Final[tuple[Places, ...]] = (_places(_SIDES_AT + _DISC_AT, MAGICS),
                                       _places(_SIDES_AT + _SIDE + _DISC_AT, MAGICS))
_AT_KNOWN: Final[Places] = _places(_SIDES_AT + _SIDE + _KNOWN_AT, MAGICS)  # of the other's hand only
_AT_SCALARS: Final[tuple[Places, ...]] = tuple(tuple(range(_SIDES_AT + side * _SIDE + _SCALARS_AT,
                                                           _SIDES_AT + side * _SIDE + _SIDE)) for side in (0, 1))
_AT_HAND: Final[Places] = _places(_HAND_AT, MAGICS)
# A place counting copies holds a third for each, capped at 1 (summed in doubles as they always were).
_THIRDS: Final[tuple[float, ...]] = (0.0, 1 / 3, 1 / 3 + 1 / 3, 1 / 3 + 1 / 3 + 1 / 3)
_FLOAT32: Final = np.dtype(np.float32)
_zeros: Final = np.zeros


def _counts(t: memoryview[Any], places: Places, cards: list[int]) -> None:
    """A third at places[c] for each copy of c among `cards` (not empty), capped at 1: one
    write per different card, copies being side by side once sorted (a hand already is)."""
    ordered = cards
    prev = -1
    for c in cards:
        if c < prev:
            ordered = sorted(cards)
            break
        prev = c
    prev = ordered[0]
    k = 0
    for c in ordered:
        if c == prev:
            k += 1
        else:
            t[places[prev]] = _THIRDS[k] if k < 4 else 1.0
            prev = c
            k = 1
    t[places[prev]] = _THIRDS[k] if k < 4 else 1.0


def observation(s: MickeyState, seat: int) -> np.ndarray:
    """The seat's knowledge as floats in [0, 1]: phase, Castle and stake, then for itself and
    the opponent each Wizard (card, Diamagic colours, cast Magic, face-down Magic as far as
    seen, blocked and cast flags), discards, known hand cards, and finally its own hand.

    Built for speed (a learner asks for it at every step): the fifty or so places that are
    not 0 (of 2,100) are written one by one into a fresh array of zeros through a
    memoryview of it (a numpy store per place, or one from Python lists, costs more); every
    place comes from a table worked out once."""
    out = _zeros(SIZE, _FLOAT32)
    t: memoryview[Any] = out.data  # numpy's stubs call it a memoryview of ints: it holds the float32s
    t[s.phase] = 1.0
    if s.tp == seat:
        t[_NPH] = 1.0
    # Each scalar is capped at 1 as in min(x, 1.0), written as a test: no call in the compiled build.
    turn = s.turn
    if turn:
        t[_NPH + 1] = turn / 40 if turn < 40 else 1.0
    r = len(s.reserve)
    if r:
        t[_NPH + 2] = r / 12 if r < 12 else 1.0
    for p in s.actor:
        if p == seat:
            t[_NPH + 3] = 1.0
    if s.castles:
        t[_AT_CASTLE[s.castles[-1][0]]] = 1.0
    if s.stake:
        seen_of = [0, 0, 0, 0]
        unseen = 0
        seen = s.seen
        for i, k in enumerate(s.stake):
            if seen[i] == 3 or seen[i] >> seat & 1:
                seen_of[k] += 1
            else:
                unseen += 1  # only how many
        for k in range(4):
            if seen_of[k]:
                t[_STAKE_AT + k] = seen_of[k] * 0.25 if seen_of[k] < 4 else 1.0
        if unseen:
            t[_STAKE_AT + 4] = unseen / 4 if unseen < 4 else 1.0
    for side in range(2):
        q = seat if side == 0 else 1 - seat
        team, owned, ups, downs, casts = s.team[q], s.owned[q], s.up[q], s.down[q], s.casts[q]
        at_team, at_owned, at_up, at_down = _AT_TEAM[side], _AT_OWNED[side], _AT_UP[side], _AT_DOWN[side]
        at_down_card, at_flags = _AT_DOWN_CARD[side], _AT_FLAGS[side]
        blocked = s.blocked[q]
        n_owned = 0
        for v in range(3):
            w = team[v]
            if w >= 0:
                t[at_team[v][w]] = 1.0
            colours = owned[v]
            if colours:
                n_owned += len(colours)
                _counts(t, at_owned[v], colours)
            up = ups[v]
            if up is not None:
                t[at_up[v][up.card]] = 1.0
            down = downs[v]
            if down is not None:
                t[at_down[v][0]] = 1.0
                if side == 0 or not down.down:
                    t[at_down_card[v][down.card]] = 1.0
            if blocked >> v & 1:
                t[at_flags[v][0]] = 1.0
            n = casts[v]
            if n:
                t[at_flags[v][1]] = n / 3 if n < 3 else 1.0
        disc = s.disc[q]
        if disc:
            _counts(t, _AT_DISC[side], disc)
        if side == 1 and s.known[q]:
            _counts(t, _AT_KNOWN, s.known[q])
        at = _AT_SCALARS[side]
        n = len(s.hand[q])
        if n:
            t[at[0]] = n / 10 if n < 10 else 1.0
        n = len(s.deck[q])
        if n:
            t[at[1]] = n / 40 if n < 40 else 1.0
        if n_owned:
            t[at[2]] = n_owned / 6 if n_owned < 6 else 1.0
        if s.passed[q]:
            t[at[3]] = 1.0
        n = len(s.cdeck[q])
        if n:
            t[at[4]] = n / 8 if n < 8 else 1.0
        n = s.penalty[q]
        if n:
            t[at[5]] = n / 3 if n < 3 else 1.0
    if s.hand[seat]:
        _counts(t, _AT_HAND, s.hand[seat])
    return out


# -- information key -----------------------------------------------------------------------------
_TASK_KIND: Final[dict[str, int]] = {k: i for i, k in enumerate(("limit", "corrode", "corrupt", "swap", "break",
                                                                     "tele"))}
_REACH: Final[dict[str, int]] = {k: i for i, k in enumerate(("",) + SELECTORS)}
_KEYWORD: Final[dict[str, int]] = {k: i for i, k in enumerate(SPECIAL_ACTIONS)}
# A pile enters the key by its content, never its order: the sum of a fixed random number
# per card, equal for any order and different for any other content but for a chance of
# 2^-48. Each pile has its own numbers, so that the piles of a side add up into one int
# (48 bits: a side's sum stays a machine int in the compiled build).
_PILES: Final = ("discards", "Castle discards", "shown", "known in hand or deck", "known in Castle deck", "hand",
                  "Castle deck", "deck", "to line up")


def _pile_hashes() -> tuple[tuple[int, ...], ...]:
    rng = random.Random(20_250_101)  # fixed: a key is the same from run to run
    return tuple(tuple(rng.getrandbits(48) for _ in CARDS) for _ in _PILES)


_HASHES: Final = _pile_hashes()
_DISC_HASH: Final = _HASHES[0]
_CDISC_HASH: Final = _HASHES[1]
_KNOWN_HASH: Final = _HASHES[2]
_PUB_HASH: Final = _HASHES[3]
_CPUB_HASH: Final = _HASHES[4]
_HAND_HASH: Final = _HASHES[5]
_CDECK_HASH: Final = _HASHES[6]
_DECK_HASH: Final = _HASHES[7]
_POOL_HASH: Final = _HASHES[8]


def _content(total: int, cards: list[int], hashes: tuple[int, ...]) -> int:
    for c in cards:
        total += hashes[c]
    return total


def information_key(s: MickeyState, seat: int) -> int:
    """What `seat` knows of the table, as one int, for search to find its information set by.

    Search (ISMCTS) asks for it at every step of every descent, so it must cost well under a
    rules step: hashing the observation tensor cost several. This hashes a short tuple of
    ints packing the very fields the seat can see instead (no strings, no view); each pile
    goes in by its content (see _pile_hashes), each handful of small numbers as one bit field:

    - public: phase, who is to act, the turn and its player, whose move it is, decisions this
      challenge, the reserve's size, the Castles in play, each stake token's colour if this
      seat has seen it (else unknown) and who has seen which, what the Wizards' abilities
      hold this challenge, the Official line-up still to come, and the open questions of the
      effect queue (what, whose, how far, what was picked: all on the table);
    - for each side: its team, the Diamagic on each Wizard, each Wizard's cast Magic and
      face-down Magic (of the other side only "a Magic is there" while face-down), the
      Continue Magics kept from earlier challenges, casts, Blocks, passes, the cards a
      Confuse picked, a hand shown under 8.11, its discards and Castle discards, the sizes
      of its hand, decks, Support deck and Wizards to line up, the cards of its hand the
      other side was shown and those everyone knows are in its hand or deck, its penalty;
    - its own: its hand, its Castle deck and, in the Official Challenge, its Magic deck and
      Wizards to line up, and the exchange it is declaring with its Support deck (of the
      other side's, only how many it declared).

    Two rules keep it honest, checked for every game by tests/interop/test_observation.py:
    it never sees through a determinization (nothing here is redrawn by `determinize`: the
    other hand, decks, Support deck and Wizards to line up enter by their sizes only, a
    face-down Magic of the other side and an unseen stake token by a placeholder, the seat's
    own decks by their content, not their order), and it tells apart any two tables whose
    observation tensors differ (it holds every field the tensor is built from, and a few
    more the seat knows: finer than the tensor, never coarser). A game's constants (format,
    decks, target, affiliations) are left out: one search never compares keys of two games."""
    o = 1 - seat
    # The bit fields leave room to spare: a field that could ever outgrow its bits is last.
    head = s.phase | s.tp << 4 | s.cur << 5 | s.resume << 6 | (1 if s.castle_plain else 0) << 7 \
        | len(s.reserve) << 8 | s.turn << 16 | s.steps << 24
    acting = 0
    for p in s.actor:
        acting |= 1 << p
    stake = len(s.stake)
    seen = s.seen
    for t, colour in enumerate(s.stake):
        known = seen[t] == 3 or seen[t] >> seat & 1
        stake = stake << 6 | seen[t] << 3 | (colour if known else 4)
    castles = 0
    for c, owner in s.castles:
        castles = castles << 9 | c << 1 | owner
    held = s.held
    k: list[int] = [seat, head, acting, stake, castles, len(s.castles), held[0] | held[1] << 3, held[2],
                    len(s.queue), len(s.lineup)]
    k.extend(s.lineup)
    for task in s.queue:
        keyword = task.keyword
        k.append(_TASK_KIND.get(task.kind, 7) | task.seat << 3 | task.stage << 4 | (task.wizard + 1) << 7
                 | (task.first_seat + 1) << 10 | (task.first_wizard + 1) << 12 | (task.second_seat + 1) << 15
                 | (task.second_wizard + 1) << 17 | (task.colour + 1) << 20 | _REACH.get(task.reach, 15) << 23
                 | (31 if keyword is None else _KEYWORD.get(keyword, 30)) << 27)
    for side in range(2):
        q = seat if side == 0 else o
        team, ups, downs, owned, casts, extra = s.team[q], s.up[q], s.down[q], s.owned[q], s.casts[q], s.extra[q]
        diamagic = 0  # per Wizard, how many of each colour: 4 bits a colour, 16 a Wizard
        flags = s.blocked[q] | (1 if s.passed[q] else 0) << 3 | (1 if s.shown_limit[q] else 0) << 4
        magics = 0
        for v in range(3):
            for colour in owned[v]:
                diamagic += 1 << (16 * v + 4 * colour)
            if extra[v]:
                flags |= 1 << (5 + v)
            m = ups[v]
            up = 0 if m is None else 2 * m.card + (2 if m.noeffect else 1)
            m = downs[v]
            # Of a face-down Magic of the other side, only that it is there.
            down = 0 if m is None else 1 if m.down and q != seat else 2 * m.card + (3 if m.down else 2)
            magics = magics << 20 | up << 10 | down
        flags |= casts[0] << 8 | casts[1] << 16 | casts[2] << 24
        k.append((team[0] + 1) | (team[1] + 1) << 8 | (team[2] + 1) << 16 | flags << 24)
        k.append(diamagic)
        k.append(magics)
        k.append(len(s.hand[q]) | len(s.deck[q]) << 8 | len(s.cdeck[q]) << 16 | len(s.support[q]) << 24
                 | len(s.pool[q]) << 32 | s.penalty[q] << 40)
        k.append(_content(_content(_content(_content(_content(0, s.disc[q], _DISC_HASH), s.cdisc[q], _CDISC_HASH),
                                            s.known[q], _KNOWN_HASH), s.pub[q], _PUB_HASH), s.cpub[q], _CPUB_HASH))
        forced = s.forced[q]
        if forced is None:
            k.append(-1)
        else:
            k.append(len(forced))
            k.extend(forced)
    for m in s.play:  # the Continue Magics kept from earlier challenges (face-up, whoever's)
        if m.kept:
            k.append(8 * (m.card if not m.down or m.owner == seat else -1) + 2 * m.pos + m.owner)
    own = _content(_content(0, s.hand[seat], _HAND_HASH), s.cdeck[seat], _CDECK_HASH)
    if s.fmt == 2:  # exchanges with the Support deck (6.3.3) change what the decks hold
        own = _content(_content(own, s.deck[seat], _DECK_HASH), s.pool[seat], _POOL_HASH)
        k += (-1, own, s.out_pick[seat], s.swaps[o][0])
        k.extend(s.swaps[seat])
    else:
        k += (-1, own)
    return hash(tuple(k))
