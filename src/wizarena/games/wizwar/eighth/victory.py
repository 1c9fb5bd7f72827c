"""Winning an 8th-edition game (brief rule 19, rulings R8-1, R8-6 and R8-14): victory
points, the last wizard alive, and the round cap.

A player wins the moment he holds the game's victory points (2; 3 or 4 under Extended
Play): one for each enemy wizard his own attack kills, one for each enemy treasure he
brings to his home base. The last wizard alive wins as well. After the last round of the
cap the living player with the most points wins, then the most life; players still equal
share a draw.

Under Deadly Treasures a wizard whose two treasures both lie on other players' home bases
(scored there, or put down there) dies at once, and nobody scores a point for him
(`doomed`, asked whenever deaths are settled, turn.settle).
"""

from __future__ import annotations

from typing import Final

from wizarena.core import Outcome, say

from .state import OVER, R_CAP, R_WIN, EighthState

DEADLY_TREASURES: Final = "deadly_treasures"
R_DEADLY: Final = "WW8 OPT Deadly Treasures"
EACH: Final = 2   # treasures per player: treasure t is seat t // EACH's (treasures.EACH)


def doomed(s: EighthState) -> list[int]:
    """Deadly Treasures: the living seats, not dying already, both of whose treasures lie
    on other players' home bases."""
    if DEADLY_TREASURES not in s.options:
        return []
    base_of = {s.map.home_base(q): q for q in range(s.n)}
    out: list[int] = []
    for seat in range(s.n):
        if seat in s.out or any(dying == seat for dying, _ in s.dying):
            continue
        lying = s.treasure_at[seat * EACH:(seat + 1) * EACH]
        if all(base_of.get(at, seat) != seat for at in lying if at >= 0) and all(at >= 0 for at in lying):
            out.append(seat)
    return out


def deadly_treasures(s: EighthState) -> None:
    """Each doomed wizard dies now: no attack killed him, so nobody scores (R8-6)."""
    for seat in doomed(s):
        s.life[seat] = 0
        s.dying.append((seat, -1))
        if s.log is not None:
            say(s, "death", R_DEADLY, f"both of P{seat}'s treasures lie on other players' home bases: he dies")


def score(s: EighthState, seat: int, why: str) -> None:
    """`seat` gains a victory point (`why`: "kills P1", "brings P2's treasure home"), and
    wins if it is his last one needed."""
    s.points[seat] += 1
    if s.log is not None:
        say(s, "score", R_WIN, f"P{seat} {why}: a victory point ({s.points[seat]} of {s.target})")
    if s.points[seat] >= s.target and s.result is None:
        finish(s, (seat,), f"P{seat} has {s.points[seat]} victory points")


def eliminate(s: EighthState, seat: int) -> None:
    """`seat`'s wizard is dead and his player out; the last one left wins."""
    if seat in s.out:
        return
    s.out.append(seat)
    alive = [q for q in range(s.n) if q not in s.out]
    if len(alive) == 1 and s.result is None:
        finish(s, (alive[0],), f"P{alive[0]} is the last wizard alive")


def cap(s: EighthState) -> None:
    """Ruling R8-14: the rounds are up; the most victory points, then the most life."""
    alive = [q for q in range(s.n) if q not in s.out]
    best = max((s.points[q], s.life[q]) for q in alive)
    winners = tuple(q for q in alive if (s.points[q], s.life[q]) == best)
    finish(s, winners, f"{s.rules.max_rounds} rounds played: the most victory points, then life, decide", R_CAP)


def finish(s: EighthState, winners: tuple[int, ...], reason: str, rule: str = R_WIN) -> None:
    """The game is over: `winners` (more than one share a draw)."""
    s.phase = OVER
    s.result = Outcome(winners, s.n, reason, tuple(float(p) for p in s.points), tuple(s.out))
    if s.log is not None:
        say(s, "over", rule, reason)
