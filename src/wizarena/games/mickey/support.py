"""The Official Challenge's Support exchange (6.3.3, ruling R14).

6.3.3 lets a player "replace playing cards with those from their Support deck, provided the
limits set by the rules are respected". The limits are those of a deck (4.2), so they are
checked on the deck the exchanges end with, not after each one: a player declares the
exchanges one card for one card of the same type, may take any of them back, and keeps
the deck only once it is legal. Two exchanges that are each illegal alone (a Wizard that
takes a colour away, a Magic that brings the new one) are therefore fine together.

This module answers the questions the declaring asks: which deck cards may go out, which
Support cards may take a card's place, and whether the deck as it stands is legal.
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Action, CardId, Seat, only, others, say

from . import turn
from .actions import K_BACK, K_DONE, K_OUT, SUP_BACK, SUP_DONE, SUP_IN, SUP_OUT, action_id
from .deck import MAX_OFFICIAL_POWER, Deck, Violation, exchange_violations, team_violations
from .effects import CARDS, COLOUR_BITS, LABEL, POWER
from .state import SUPPORT, WOM_6_3_3, MickeyState, Tallies, remove_card

K_WIZARD: Final = 0
K_MAGIC: Final = 1
K_CASTLE: Final = 2
KIND: Final[tuple[int, ...]] = tuple(("wizard", "magic", "castle").index(c.kind) for c in CARDS)
# R14: at most this many exchanges declared per player, taken back or not, so that declaring
# always ends (taking back every exchange gives the deck the player came with, which is legal).
MAX_EXCHANGES: Final = 20
# Whether a team (three Wizards and the declared affiliation) keeps its own rules: asked at
# every declaring step, answered by check_deck's functions once per team.
_TEAMS: dict[tuple[int, int, int, str | None], bool] = {}
_TEAMS_KEPT: Final = 4096


def _tally(counts: list[int], pile: list[CardId], step: int) -> None:
    """Add `step` to the count of each card of the pile (counts are indexed by card id)."""
    for c in pile:
        counts[c] += step


def tallies(s: MickeyState, player: int) -> Tallies:
    """The player's counts while declaring (state.Tallies), counted once and then kept up
    to date by each exchange and each exchange taken back."""
    found = s.tallies[player]
    if found is not None:
        return found
    sw = s.swaps[player]
    have = [0] * len(CARDS)
    _tally(have, s.pool[player], 1)
    _tally(have, s.deck[player], 1)
    _tally(have, s.cdeck[player], 1)
    left = [0] * len(CARDS)
    _tally(left, s.support[player], 1)
    for i in range(1, len(sw), 2):
        left[sw[i]] -= 1      # sent out: comes back by taking its exchange back
        have[sw[i + 1]] -= 1  # came in: goes back the same way
    made = s.tallies[player] = Tallies(have, left)
    return made


def outs(counts: Tallies, support: list[CardId]) -> list[CardId]:
    """The distinct deck cards (in id order) that may be taken out: those of a type some
    Support card offered by `ins` has (a Wizard for a Wizard, and so on: 6.3.3). A card that
    came in from the Support deck is taken back instead, so its copies that came in are not
    offered."""
    left, have = counts.left, counts.have
    kinds = 0
    for c in support:
        if left[c] > 0:
            kinds |= 1 << KIND[c]
    if not kinds:
        return []
    return [c for c in range(len(CARDS)) if have[c] > 0 and kinds >> KIND[c] & 1]


def ins(counts: Tallies, out: CardId) -> list[CardId]:
    """The distinct Support cards of the type of `out`, in id order: any may take its place;
    whether the deck is legal is asked when the player keeps it. A card an exchange sent into
    the Support deck comes back by taking that exchange back, so its copies are not offered."""
    left = counts.left
    kind = KIND[out]
    return [c for c in range(len(CARDS)) if left[c] > 0 and KIND[c] == kind]


def violations(team: list[int], magic: list[int], castles: list[int], affiliation: str | None) -> list[Violation]:
    """What makes the deck as it stands an illegal Official deck (4.2), the Support deck aside:
    its own rules were checked when the deck was read, and exchanges only move cards between it
    and the deck, so the copies counted across both piles do not change."""
    deck = Deck(name="", format="official", affiliation=affiliation, team=tuple(team), magic=tuple(sorted(magic)),
                castles=tuple(castles))
    return exchange_violations(deck, CARDS)


def keepable(team: list[CardId], magic: list[CardId], affiliation: str | None) -> bool:
    """Is the deck legal as it stands: `not violations(...)`, cheaply, since every declaring
    step asks it. The team's own rules are answered once per team; how the Magics fit the
    team is then two ints (4.2: every Magic's colours among the team Wizards', and the
    Magic Power at most MAX_OFFICIAL_POWER). tests/games/mickey checks both answers agree."""
    key = (team[0], team[1], team[2], affiliation)
    fine = _TEAMS.get(key)
    if fine is None:
        if len(_TEAMS) >= _TEAMS_KEPT:
            _TEAMS.clear()
        fine = _TEAMS[key] = not team_violations(tuple(team), affiliation, CARDS)
    if not fine:
        return False
    colours = 0
    for c in team:
        if KIND[c] == K_WIZARD:
            colours |= COLOUR_BITS[c]
    power = 0
    for c in magic:
        if KIND[c] == K_MAGIC:
            if COLOUR_BITS[c] & ~colours:
                return False
            power += POWER[c]
    return power <= MAX_OFFICIAL_POWER


# -- declaring the exchanges (the Official Challenge's SUPPORT phase) -------------------------
def _id_order_kept() -> bool:
    """Whether taking cards out (in card order), keeping the deck, then taking back (in card
    order) lists the actions in id order, as the ledger has them now; a card added later
    gets later ids, and then the options are sorted."""
    ids = [SUP_OUT[c].id for c in range(len(CARDS))] + [SUP_DONE.id] + [SUP_BACK[c].id for c in range(len(CARDS))]
    return all(ids[i - 1] < ids[i] for i in range(1, len(ids)))


_IN_ID_ORDER: Final = _id_order_kept()


def options(s: MickeyState, player: int) -> list[Action]:
    """6.3.3: a card to take out (then a Support card of its type for it), an exchange to
    take back, or keeping the deck, which is offered once the deck is legal (4.2)."""
    out = s.out_pick[player]
    sw = s.swaps[player]
    counts = tallies(s, player)
    if out >= 0:
        return [SUP_IN[c] for c in ins(counts, out)]
    came_in = [sw[i + 1] for i in range(1, len(sw), 2)]
    opts: list[Action] = []
    if sw[0] < MAX_EXCHANGES:
        opts = [SUP_OUT[c] for c in outs(counts, s.support[player])]
    if len(sw) == 1 or keepable(s.pool[player], s.deck[player], s.affiliation[player]):
        opts.append(SUP_DONE)
    opts += [SUP_BACK[c] for c in sorted(set(came_in))]
    return opts if _IN_ID_ORDER else sorted(opts, key=action_id)


def refusal(s: MickeyState, player: int) -> str | None:
    """Why the player may not keep the deck as it stands, or None. With every exchange taken back
    it is the deck the table accepted at set-up, so it is not checked again."""
    if len(s.swaps[player]) == 1:
        return None
    bad = violations(s.pool[player], s.deck[player], s.cdeck[player], s.affiliation[player])
    if not bad:
        return None
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return f"this deck is not legal: {bad[0].section}: {bad[0].message}{more}; take back or change an exchange"


def declare(s: MickeyState, player: int, k: int, x: int) -> None:
    log = s.log is not None
    if k == K_DONE:
        if log:
            n = (len(s.swaps[player]) - 1) // 2
            say(s, "setup", WOM_6_3_3, f"P{player} keeps the deck, with {n} card(s) exchanged from the Support deck "
                "(ruling R14: the resulting deck is legal)")
        s.swaps[player] = [0]
        s.tallies[player] = None  # declaring is over
        turn.support_turn(s, player + 1)
        return
    if k == K_OUT:
        s.out_pick[player] = x
        s.phase, s.actor, s.legal = SUPPORT, (player,), None
        return
    sw = s.swaps[player]
    if k == K_BACK:
        counts = tallies(s, player)
        i = max(j for j in range(1, len(sw), 2) if sw[j + 1] == x)
        out = sw[i]
        del sw[i:i + 2]
        exchange(s, player, x, out)
        counts.have[out] += 1  # back in the deck, as it was
        counts.left[x] += 1    # back in the Support deck
        if log:
            say(s, "support", WOM_6_3_3, f"you take back {LABEL[x]}: {LABEL[out]} returns to the deck", only(player))
            say(s, "support", WOM_6_3_3, f"P{player} takes back an exchange with the Support deck", others(player))
        s.phase, s.actor, s.legal = SUPPORT, (player,), None
        return
    out = s.out_pick[player]
    s.out_pick[player] = -1
    counts = tallies(s, player)
    exchange(s, player, out, x)
    sw += [out, x]
    sw[0] += 1
    counts.have[out] -= 1  # x came in and is not taken out: it is taken back
    counts.left[x] -= 1    # out went to the Support deck and is not put in: it is taken back
    if log:
        say(s, "support", WOM_6_3_3, f"you replace {LABEL[out]} with {LABEL[x]} from the Support deck", only(player))
        say(s, "support", WOM_6_3_3, f"P{player} replaces a card with one from the Support deck", others(player))
        why = refusal(s, player)
        if why is not None:
            say(s, "support", WOM_6_3_3, why, only(player))
    s.phase, s.actor, s.legal = SUPPORT, (player,), None


def exchange(s: MickeyState, player: Seat, out: CardId, new: CardId) -> None:
    """6.3.3: `new` leaves the player's Support deck and takes the place of `out` in the team, the Magic
    deck or the Castle deck; `out` goes the other way, into the Support deck."""
    kind = KIND[out]
    pile = s.pool[player] if kind == K_WIZARD else s.deck[player] if kind == K_MAGIC else s.cdeck[player]
    for i in range(len(pile)):
        if pile[i] == out:
            pile[i] = new
            break
    remove_card(s.support[player], new)
    s.support[player].append(out)
