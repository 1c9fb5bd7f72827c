"""Victory and elimination (6e 2): a player whose two treasures lie on other players' home
bases is out; the last wizard standing wins; two enemy treasures on one's own home base
win. In team play (6e 11) a team wins by killing both opponents or with three of their
treasures on its home bases. And ruling R1: a game that runs past the round cap is
decided on life.
"""

from __future__ import annotations

from wizarena.core import Outcome, say

from .state import OVER, R_CAP, R_VARIANTS, R_WIN, TREASURES, WizWarState, is_out

TEAM_TREASURES = 3  # 6e 11: opponent treasures on a team's home bases that win


def home_bases(s: WizWarState) -> dict[int, int]:
    """The home base of each living player (6e 2: a dead player's base stops counting)."""
    return {s.map.home_base(seat): seat for seat in range(s.n) if not is_out(s, seat)}


def check_end(s: WizWarState) -> None:
    """6e 2, in the order it gives: a player whose two treasures lie on other players'
    bases is out; the last wizard standing wins; two enemy treasures on one's own base win.
    Called when an event is over (harm.settle after damage), so that everyone it killed is
    already out: a dead player cannot win. Team play has its own (`check_team_end`)."""
    if s.teams:
        check_team_end(s)
        return
    bases = home_bases(s)
    for seat in range(s.n):
        if is_out(s, seat):
            continue
        held = [bases.get(s.treasure_at[t], -1) for t in range(seat * TREASURES, seat * TREASURES + TREASURES)]
        if all(h >= 0 and h != seat for h in held):
            eliminate(s, seat, "has both his treasures on other players' home bases")
            s.discard += s.hands[seat]
            s.hands[seat], s.shown[seat] = [], []
            bases = home_bases(s)
    alive = [seat for seat in range(s.n) if not is_out(s, seat)]
    if len(alive) == 1:
        finish(s, (alive[0],), f"P{alive[0]} is the last wizard standing", R_WIN)
        return
    if not alive:  # every wizard left died of one event: the dead cannot win (our ruling)
        finish(s, (), "every wizard left died at once: nobody wins", R_WIN)
        return
    for seat in alive:
        home = s.map.home_base(seat)
        captured = [t for t, at in enumerate(s.treasure_at) if at == home and t // TREASURES != seat]
        if len(captured) >= 2:
            finish(s, (seat,), f"P{seat} has two enemy treasures on his home base", R_WIN)
            return


def team(side: int) -> tuple[int, int]:
    """The seats of a team in team play: side 0 is seats 0 and 2, side 1 seats 1 and 3."""
    return side, side + 2


def check_team_end(s: WizWarState) -> None:
    """6e 11, team play: "win = kill or 3 opponent treasures on team bases". A team whose
    opponents are both dead wins; so does a team with three of its opponents' treasures on
    the home bases of its living members (a dead wizard's base stops counting, 6e 2). The
    team wins or loses as one, a fallen member included; if both teams fall together,
    nobody wins. docs/games/wizwar.md, "Team play", gives the reasons."""
    standing = [side for side in (0, 1) if any(not is_out(s, seat) for seat in team(side))]
    if len(standing) == 1:
        side = standing[0]
        finish(s, team(side), f"P{side} and P{side + 2}'s team has killed both opponents", R_VARIANTS)
        return
    if not standing:
        finish(s, (), "every wizard left died at once: nobody wins", R_VARIANTS)
        return
    for side in (0, 1):
        bases = {s.map.home_base(seat) for seat in team(side) if not is_out(s, seat)}
        captured = sum(1 for t, at in enumerate(s.treasure_at) if at in bases and (t // TREASURES) % 2 != side)
        if captured >= TEAM_TREASURES:
            finish(s, team(side), f"P{side} and P{side + 2}'s team has {captured} opponent treasures on its home "
                                  "bases", R_VARIANTS)
            return


def finish(s: WizWarState, winners: tuple[int, ...], reason: str, rule: str) -> None:
    s.phase = OVER
    s.result = Outcome(winners, s.n, reason, tuple(float(x) for x in s.life), tuple(s.out))
    if s.log is not None:
        say(s, "end", rule, f"game over: {reason}")


def eliminate(s: WizWarState, seat: int, how: str) -> None:
    s.out.append(seat)
    t = s.carried[seat]
    if t >= 0:  # the treasure falls where its carrier fell
        s.treasure_at[t] = s.pos[seat]
        s.carried[seat] = -1
    if s.log is not None:
        say(s, "out", R_WIN, f"P{seat} {how} and is out of the game")


def cap(s: WizWarState) -> None:
    """Ruling R1: after the profile's `max_rounds` rounds the living wizard with the most life wins;
    a tie shares a draw."""
    if s.teams:  # each team's life is its living members' together; a tie is shared
        totals = [sum(s.life[seat] for seat in team(side) if not is_out(s, seat)) for side in (0, 1)]
        sides = [side for side in (0, 1) if totals[side] == max(totals)]
        winners = tuple(sorted(seat for side in sides for seat in team(side)))
        finish(s, winners, f"{s.rules.max_rounds} rounds played: the team with the most life left wins", R_CAP)
        return
    alive = [seat for seat in range(s.n) if not is_out(s, seat)]
    best = max(s.life[seat] for seat in alive)
    winners = tuple(seat for seat in alive if s.life[seat] == best)
    finish(s, winners, f"{s.rules.max_rounds} rounds played: the most life left decides", R_CAP)
