"""Last Stand: a test game for two to four players, chosen when the game is made.

The toy game always has three seats and Cup and Mickey two, so none of them can show that
one game class serves several player counts, nor that players knocked out of a game leave
it for good. This game exists to prove exactly that. Its made-up rulebook:

- Stand 1    Two to four players (three if nobody says) each start with `lives` lives;
             seat 0 takes the first turn, then the turn passes on in seat order.
- Stand 2.1  On your turn, strike a rival still in the game, or rest.
- Stand 2.2  A strike rolls a die: on 3 to 6 the rival loses a life; on 1 or 2 it misses.
- Stand 2.3  Resting gives back one life, never more than you started with; a player with
             every life may not rest.
- Stand 3    A player left with no life is out of the game at once and never takes another
             turn.
- Stand 4.1  The last player in the game wins.
- Stand 4.2  After `rounds` rounds the players in the game with the most lives share the
             win; the others lose.

Nothing is hidden but the dice to come, which live in the seed.
"""

from __future__ import annotations

import random
from typing import Any

from wizarena.core import Action, Event, Game, IllegalAction, Outcome, Rng

R_SETUP = "Stand 1"
R_TURN = "Stand 2.1"
R_STRIKE = "Stand 2.2"
R_REST = "Stand 2.3"
R_OUT = "Stand 3"
R_LAST = "Stand 4.1"
R_LIMIT = "Stand 4.2"

MAX_SEATS = 4
# Action ids are part of every saved record: never renumber, only append.
STRIKE = tuple(Action(k, f"strike P{k}", k) for k in range(MAX_SEATS))
REST = Action(MAX_SEATS, "rest")
ACTIONS = STRIKE + (REST,)
DEFAULTS = {"lives": 3, "rounds": 12}


class StandState:
    """One table: lives per seat, whose turn, and the order in which seats went out."""

    __slots__ = ("seed", "rng", "log", "n", "lives", "start_lives", "rounds", "round", "turn", "out", "result")

    def __init__(self, seed: int, n: int, lives: int, rounds: int, log: bool) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.log: list[Event] | None = [] if log else None
        self.n = n
        self.lives = [lives] * n
        self.start_lives = lives
        self.rounds = rounds
        self.round = 1
        self.turn = 0
        self.out: list[int] = []  # seats out of the game, the first one out first
        self.result: Outcome | None = None

    def copy(self) -> StandState:
        c = StandState(self.seed, self.n, self.start_lives, self.rounds, False)
        c.rng = self.rng.copy()
        c.log = None if self.log is None else self.log[:]
        c.lives = self.lives[:]
        c.round, c.turn, c.out, c.result = self.round, self.turn, self.out[:], self.result
        return c


def _say(s: StandState, kind: str, rule: str, text: str) -> None:
    if s.log is not None:
        s.log.append(Event(kind, rule, text))


class StandGame(Game):
    """Last Stand: strike or rest until one player is left."""

    id = "stand"
    name = "Last Stand"
    variants = {None: "3 lives each, at most 12 rounds"}
    player_counts = (3, 2, 4)  # three when the count is not given
    actions = ACTIONS
    max_game_length = 12 * MAX_SEATS

    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> StandState:
        cfg = dict(DEFAULTS)
        extra = dict(config or {})
        for key in ("lives", "rounds"):
            if key in extra:
                value = extra.pop(key)
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
                    raise ValueError(f"config {key!r} must be a whole number from 1 to 100")
                cfg[key] = value
        if extra:
            raise ValueError(f"unknown config for stand: {', '.join(sorted(extra))}")
        s = StandState(seed, self.num_players, cfg["lives"], cfg["rounds"], log)
        _say(s, "setup", R_SETUP, f"{s.n} players sit down with {s.start_lives} lives each")
        return s

    def config_of(self, state: StandState) -> dict[str, Any]:
        return {k: v for k, v in (("lives", state.start_lives), ("rounds", state.rounds)) if v != DEFAULTS[k]}

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self, state: StandState) -> tuple[int, ...]:
        return () if state.result is not None else (state.turn,)

    def legal_actions(self, state: StandState, player: int) -> list[Action]:
        s = state
        if s.result is not None or player != s.turn:
            return []
        legal = [STRIKE[q] for q in range(s.n) if q != player and s.lives[q] > 0]
        if s.lives[player] < s.start_lives:
            legal.append(REST)
        return legal

    def apply(self, state: StandState, player: object, action: object) -> None:
        s = state
        if s.result is not None:
            raise IllegalAction("the game is over", R_LAST)
        if player != s.turn:
            raise IllegalAction(f"it is P{s.turn}'s turn, not seat {player!r}'s", R_TURN)
        assert isinstance(player, int)
        legal = self.legal_actions(s, player)
        aid = getattr(action, "id", None)
        found = next((a for a in legal if a is action or a.id == aid), None)
        if found is None:
            text = getattr(action, "text", repr(action))
            rule = R_REST if found is REST or aid == REST.id else R_TURN
            raise IllegalAction(f"{text!r} is not legal now; legal: {', '.join(a.text for a in legal)}", rule)
        if found is REST:
            s.lives[player] += 1
            _say(s, "rest", R_REST, f"P{player} rests and has {s.lives[player]} lives")
        else:
            self._strike(s, player, found.data)
        if s.result is None:
            self._pass_turn(s)

    def _strike(self, s: StandState, p: int, q: int) -> None:
        roll = s.rng.below(6) + 1
        if roll < 3:
            _say(s, "strike", R_STRIKE, f"P{p} strikes at P{q} and rolls {roll}: a miss")
            return
        s.lives[q] -= 1
        _say(s, "strike", R_STRIKE, f"P{p} strikes at P{q} and rolls {roll}: P{q} has {s.lives[q]} lives left")
        if s.lives[q] == 0:
            s.out.append(q)
            _say(s, "out", R_OUT, f"P{q} is out of the game")
            standing = [r for r in range(s.n) if s.lives[r] > 0]
            if len(standing) == 1:
                self._end(s, (standing[0],), f"P{standing[0]} is the last one standing", R_LAST)

    def _pass_turn(self, s: StandState) -> None:
        nxt = s.turn
        while True:
            nxt = (nxt + 1) % s.n
            if nxt == 0:
                s.round += 1
            if s.lives[nxt] > 0:
                break
        if s.round > s.rounds:
            standing = [r for r in range(s.n) if s.lives[r] > 0]
            best = max(s.lives[r] for r in standing)
            winners = tuple(r for r in standing if s.lives[r] == best)
            names = ", ".join(f"P{r}" for r in winners)
            self._end(s, winners, f"{names} {'has' if len(winners) == 1 else 'share'} the most lives "
                      f"after round {s.rounds}", R_LIMIT)
            return
        s.turn = nxt

    def _end(self, s: StandState, winners: tuple[int, ...], reason: str, rule: str) -> None:
        s.result = Outcome(winners, s.n, reason, tuple(float(x) for x in s.lives), tuple(s.out))
        _say(s, "end", rule, f"game over: {reason}")

    def outcome(self, state: StandState) -> Outcome | None:
        return state.result

    def clone(self, state: StandState) -> StandState:
        return state.copy()

    # -- information --------------------------------------------------------------------------
    def view(self, state: StandState, player: int | None) -> dict[str, Any]:
        s = state
        return {"game": "stand", "seat": player, "players": s.n, "round": s.round, "rounds": s.rounds,
                "lives": s.lives[:], "out": s.out[:], "to_act": list(self.to_act(s)),
                "legal": [a.text for a in self.legal_actions(s, player)] if player is not None else [],
                "outcome": None if s.result is None else s.result.to_json()}

    def determinize(self, state: StandState, player: int, rng: random.Random) -> StandState:
        """Only the dice to come are unknown: redraw them."""
        d = state.copy()
        d.seed = -1
        d.rng = Rng(rng.getrandbits(64))
        return d

    def heuristic(self, state: StandState, player: int) -> float:
        return float(state.lives[player])

    def observation_tensor(self, state: StandState, player: int) -> list[float]:
        """Lives of every seat (scaled), whose turn, and which seat is `player`."""
        s = state
        out = [x / s.start_lives for x in s.lives]
        out += [1.0 if q == s.turn and s.result is None else 0.0 for q in range(s.n)]
        out += [1.0 if q == player else 0.0 for q in range(s.n)]
        return out


def register_stand() -> None:
    """Register the game in this process: thinking processes of the web table run it as
    their set-up, since a spawned process starts with the registry's own games only."""
    from wizarena.core import register

    register("stand", StandGame)
