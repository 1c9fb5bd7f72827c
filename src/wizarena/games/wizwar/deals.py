"""Deals and trades between wizards in line of sight (6e 3: "make deals (requires LOS)";
6e 6: "Deals/trades of any kind are legal while in LOS").

On his own turn a wizard may offer a deal to another living wizard he sees: cards of his
hand (objects and stones are cards in the hand too) for a number of cards of the
partner's choosing and, when they share a square, the treasure the partner carries. The
offer asks nothing that needs knowing the partner's hidden hand. It is put together in
small decisions (the OFFERING phase): put a card in, ask for one card more, ask for the
treasure, then make the offer or withdraw it. The partner then decides out of turn (the
DEALING phase): he refuses, and nothing changes hands, or he accepts and chooses the
cards he gives, one at a time; then both sides change hands at once and the hand limit
applies to both (6e 3).

Every step is finite, so random play cannot loop: one offer to each partner a turn (an
offer withdrawn counts), and the ask only grows.

What the table learns: that P0 opens a deal with P1, how many cards he offers for how
many, whether a treasure is asked, and the answer. What the cards are is told only to the
two partners, with one exception: a stone shown face up (stones.py) is public, so the
table reads when it is offered or given, and it stays shown in its new hand.

While the partner decides, the offered cards and those he has put in wait on the table,
in `flight` (no attack is in the air during a turn's deal), so that a copy of the game
dealt again for the partner (determinize) keeps the cards he was shown.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import say

from . import cards, effects, vision
from .state import DEALING, ENDING, OFFERING, R_COMBAT, R_TURN, TURN, WizWarState, holds, is_out

SEATS: Final = 4     # actions.MAX_SEATS
MAX_ASK: Final = 3   # the most cards an offer asks in return
NO_DEAL: Final = (-1, 0, 0, 0)

# The steps of a deal (actions.DEALS[step]).
OPEN: Final = 0                       # + partner: "offer a deal to Pn"
PUT: Final[int] = OPEN + SEATS             # + card index: the offerer's or the partner's card into the deal
ASK_MORE: Final[int] = PUT + len(cards.ID)
ASK_TREASURE: Final[int] = ASK_MORE + 1
SEND: Final[int] = ASK_TREASURE + 1
WITHDRAW: Final[int] = SEND + 1
ACCEPT: Final[int] = WITHDRAW + 1
REFUSE: Final[int] = ACCEPT + 1
SIZE: Final[int] = REFUSE + 1


def pair(a: int, b: int) -> int:
    """The event mask of the two partners (no one else, spectators included)."""
    return (1 << a) | (1 << b)


def in_reach(s: WizWarState, seat: int, p: int) -> bool:
    """Whether `seat` may deal with `p`: another living wizard in plain line of sight. An
    offer is neither an attack nor a spell, so invisibility and shrinking do not stop it
    and a Visionstone does not extend it; a blinded wizard sees only his own square, and
    a wizard turned to stone can do nothing."""
    if p == seat or is_out(s, p):
        return False
    if effects.has(s, seat, effects.PETRIFIED) or effects.has(s, p, effects.PETRIFIED):
        return False
    a, b = s.pos[seat], s.pos[p]
    if a == b:
        return True
    if effects.has(s, seat, effects.BLIND) or effects.has(s, p, effects.BLIND):
        return False
    return vision.sees(s, a, b)


def _treasure_askable(s: WizWarState, seat: int, p: int) -> bool:
    """The partner carries a treasure, the offerer none, and they share a square (a
    treasure is handed over on the board, not by magic)."""
    return s.carried[p] >= 0 and s.carried[seat] < 0 and s.pos[p] == s.pos[seat]


def openers(s: WizWarState, seat: int) -> list[int]:
    """The deal steps `seat` may open on his turn with: one offer to each partner a turn."""
    out: list[int] = []
    for p in range(s.n):
        if not s.offered >> p & 1 and in_reach(s, seat, p) \
                and (s.hands[seat] or s.hands[p] or _treasure_askable(s, seat, p)):
            out.append(OPEN + p)
    return out


def actor(s: WizWarState) -> int:
    """Who acts in the DEALING phase: the partner."""
    return s.deal[0]


def legal(s: WizWarState, seat: int) -> list[int]:
    """The deal steps `seat` may choose in the OFFERING or DEALING phase."""
    p, asked, treasure, accepted = s.deal
    out: list[int] = []
    if s.phase == OFFERING:
        hand = s.hands[seat]
        for c in sorted(set(hand)):
            if hand.count(c) > s.offer.count(c):
                out.append(PUT + c)
        if asked < MAX_ASK and asked < len(s.hands[p]):
            out.append(ASK_MORE)
        if not treasure and _treasure_askable(s, seat, p):
            out.append(ASK_TREASURE)
        if s.offer or asked or treasure:
            out.append(SEND)
        out.append(WITHDRAW)
        return out
    if not accepted:
        return [ACCEPT, REFUSE]
    return [PUT + c for c in sorted(set(s.hands[seat]))]


def _count(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


def _shown_among(s: WizWarState, seat: int, given: list[int]) -> list[int]:
    return [c for c in given if c in s.shown[seat]]


def act(s: WizWarState, seat: int, k: int) -> tuple[int, ...]:
    """Apply the deal step `k` of seat `seat` (legal: game.apply checked it). Returns
    the seats whose hand limit must be checked now: both partners once cards changed hands."""
    p, asked, treasure, accepted = s.deal
    if k < PUT:
        p = k - OPEN
        s.deal, s.offer, s.paid = (p, 0, 0, 0), [], []
        s.offered |= 1 << p
        s.phase = OFFERING
        if s.log is not None:
            say(s, "deal", R_COMBAT, f"P{seat} opens a deal with P{p}, whom he sees")
        return ()
    if k < ASK_MORE:
        card = k - PUT
        if s.phase == OFFERING:
            s.offer.append(card)
            if s.log is not None:
                say(s, "deal", R_TURN, f"you put {cards.NAME[card]} into your offer to P{p}", 1 << seat)
            return ()
        return _pay(s, seat, card)
    if k == ASK_MORE:
        s.deal = (p, asked + 1, treasure, 0)
        if s.log is not None:
            say(s, "deal", R_TURN, f"you ask P{p} for {_count(asked + 1)} in return", 1 << seat)
        return ()
    if k == ASK_TREASURE:
        s.deal = (p, asked, 1, 0)
        if s.log is not None:
            say(s, "deal", R_TURN, f"you ask P{p} for the treasure he carries", 1 << seat)
        return ()
    if k == SEND:
        return _send(s, seat)
    if k == WITHDRAW:
        s.deal, s.offer, s.phase = NO_DEAL, [], TURN
        if s.log is not None:
            say(s, "deal", R_TURN, f"P{seat} withdraws his offer to P{p}")
        return ()
    offerer = s.turn
    if k == ACCEPT:
        s.deal = (p, asked, treasure, 1)
        if s.log is not None:
            say(s, "deal", R_TURN, f"P{seat} accepts P{offerer}'s offer"
                + (f" and chooses the {_count(asked)} he gives" if asked else ""))
        return _exchange(s) if asked == 0 else ()
    # REFUSE: the offer goes back whence it came
    for c in s.offer:
        s.flight.remove(c)
    s.hands[offerer] += s.offer
    s.deal, s.offer, s.phase = NO_DEAL, [], TURN
    if s.log is not None:
        say(s, "deal", R_TURN, f"P{seat} refuses P{offerer}'s offer: nothing changes hands")
    return ()


def _send(s: WizWarState, seat: int) -> tuple[int, ...]:
    p, asked, treasure, _ = s.deal
    for c in s.offer:
        s.hands[seat].remove(c)
    s.flight += s.offer
    s.phase = DEALING
    if s.log is not None:
        shown = _shown_among(s, seat, s.offer)
        among = f" (among them his shown {', '.join(cards.NAME[c] for c in shown)})" if shown else ""
        wants = [_count(asked)] if asked else []
        if treasure:
            wants.append("the treasure he carries")
        say(s, "deal", R_TURN, f"P{seat} offers P{p} {_count(len(s.offer))}{among} for "
            + (" and ".join(wants) if wants else "nothing"))
        say(s, "deal", R_TURN, f"P{seat}'s offer to P{p}: "
            + (", ".join(cards.NAME[c] for c in s.offer) or "no card"), pair(seat, p))
    return ()


def _pay(s: WizWarState, seat: int, card: int) -> tuple[int, ...]:
    """The partner puts one card of his choosing in; the last one closes the deal."""
    s.hands[seat].remove(card)
    s.flight.append(card)
    s.paid.append(card)
    if s.log is not None:
        say(s, "deal", R_TURN, f"P{seat} puts {cards.NAME[card]} into the deal", pair(seat, s.turn))
        if card in s.shown[seat]:
            say(s, "deal", R_TURN, f"P{seat} puts his shown {cards.NAME[card]} into the deal")
    if len(s.paid) < s.deal[1]:
        return ()
    return _exchange(s)


def _exchange(s: WizWarState) -> tuple[int, ...]:
    """Both sides change hands at once; a stone shown face up stays shown with its new
    holder (everyone saw it pass). Taking a treasure counts as picking it up: the
    offerer's turn ends (6e 3)."""
    o, (p, _, treasure, _) = s.turn, s.deal
    given, got = s.offer, s.paid
    for c in given + got:
        s.flight.remove(c)
    s.hands[p] += given
    s.hands[o] += got
    s.shown[p] += _shown_among(s, o, given)
    s.shown[o] += _shown_among(s, p, got)
    s.shown[o] = [c for c in s.shown[o] if holds(s.hands[o], c)]
    s.shown[p] = [c for c in s.shown[p] if holds(s.hands[p], c)]
    s.deal, s.offer, s.paid = NO_DEAL, [], []
    s.phase = TURN
    if treasure:
        t = s.carried[p]
        s.carried[p], s.carried[o] = -1, t
        s.ended, s.phase = True, ENDING
    if s.log is not None:
        what = f"P{o} gives P{p} {_count(len(given))}, P{p} gives P{o} {_count(len(got))}"
        if treasure:
            what += f" and the treasure he carries; taking a treasure ends P{o}'s turn"
        say(s, "deal", R_TURN, f"the deal is done: {what}")
        say(s, "deal", R_TURN, f"P{o} gives P{p} {', '.join(cards.NAME[c] for c in given) or 'no card'}; "
            f"P{p} gives P{o} {', '.join(cards.NAME[c] for c in got) or 'no card'}", pair(o, p))
    return (o, p)


def new_turn(s: WizWarState) -> None:
    """A turn starts: its wizard has made no offer yet."""
    s.offered = 0


def none_yet(s: WizWarState) -> None:
    """A new game: no deal on the table."""
    s.deal, s.offer, s.paid, s.offered = NO_DEAL, [], [], 0


def view(s: WizWarState, seat: int | None) -> dict[str, object] | None:
    """The deal on the table as `seat` may know it (for the game's view): the partners,
    the counts, and the cards only for the two partners."""
    p, asked, treasure, accepted = s.deal
    if p < 0 or s.phase not in (OFFERING, DEALING):
        return None
    o = s.turn
    sent = s.phase == DEALING
    known = sent or seat == o  # an offer being put together is the offerer's secret
    return {
        "from": o, "to": p, "sent": sent, "accepted": accepted == 1,
        "offers": len(s.offer) if known else None,
        "asks": asked if known else None,
        "treasure": treasure == 1 if known else None,
        "cards": [cards.NAME[c] for c in s.offer] if seat == o or seat == p and sent else None,
        "given": [cards.NAME[c] for c in s.paid] if seat == o or seat == p else None,
    }
