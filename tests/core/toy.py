"""Toy Claims: a three-player game small enough to reason about, big enough to stress the kernel.

Wizards Cup only ever has two seats and no out-of-turn answers, so it cannot prove that the
protocol carries N players, several seats choosing in secret at once, and responses made
out of turn. This game exists to prove exactly that. Its made-up rulebook:

- Toy 1    Three players; scores start at 0. First to `target` points wins, and the game
           lasts at most `rounds` rounds.
- Toy 2.1  Each round every player secretly commits a number from 1 to 3, all at once.
- Toy 2.2  When all have committed the numbers are revealed.
- Toy 2.3  The owner of the highest number nobody else chose claims the round.
- Toy 2.4  If every number was chosen more than once (all three equal), the round is void.
- Toy 3.1  The claim opens a window: each other player challenges or passes, all at once
           and in secret; the answers are shown when all are in. The claimer has no say in it.
- Toy 3.2  Challenges are rolled in seat order with a die: 4-6 breaks the claim and the
           challenger scores a point (later challenges are not rolled); 1-3 fails and the
           challenger loses a point if it has one.
- Toy 3.3  A claim nobody broke scores its owner a point.
- Toy 4.1  A player who reaches `target` points wins at once.
- Toy 4.2  After the last round the highest score wins; players tied for it share a draw.
"""

from __future__ import annotations

import random
from typing import Any

from wizarena.core import Action, Event, Game, IllegalAction, Outcome, Rng, only
from wizarena.core.together import choose_for_others

R_SETUP = "Toy 1"
R_COMMIT = "Toy 2.1"
R_REVEAL = "Toy 2.2"
R_CLAIM = "Toy 2.3"
R_VOID = "Toy 2.4"
R_WINDOW = "Toy 3.1"
R_CHALLENGE = "Toy 3.2"
R_SCORE = "Toy 3.3"
R_WIN = "Toy 4.1"
R_LIMIT = "Toy 4.2"
RULES = (R_SETUP, R_COMMIT, R_REVEAL, R_CLAIM, R_VOID, R_WINDOW, R_CHALLENGE, R_SCORE, R_WIN, R_LIMIT)

SEATS = (0, 1, 2)
COMMIT, RESPOND, OVER = range(3)
PHASE_NAMES = ("commit", "respond", "over")
NO_ANSWER, PASSED, CHALLENGED = range(3)
ANSWER_NAMES = (None, "pass", "challenge")

# Action ids are part of every saved record: never renumber, only append.
# A game this small numbers its five actions by hand; a game whose actions follow its
# card table builds them through core.actions.ActionTable and a ledger instead.
COMMIT_A = tuple(Action(n - 1, f"commit {n}", n, "commit", {"number": n}) for n in (1, 2, 3))
CHALLENGE = Action(3, "challenge", None, "challenge")
PASS = Action(4, "pass", None, "pass")
ACTIONS = COMMIT_A + (CHALLENGE, PASS)
assert all(a.id == i for i, a in enumerate(ACTIONS))

DEFAULTS: dict[str | None, dict[str, int]] = {None: {"target": 3, "rounds": 10},
                                                "quick": {"target": 2, "rounds": 5}}


class ToyState:
    """One table. Flat lists of small ints so that `copy` is a handful of slice copies."""

    __slots__ = ("seed", "rng", "log", "target", "rounds", "round", "phase", "scores", "commits",
                 "claimer", "answers", "to_act", "history", "result", "end_rule")

    seed: int
    rng: Rng
    log: list[Event] | None
    target: int
    rounds: int
    round: int                      # 1-based
    phase: int
    scores: list[int]
    commits: list[int]              # this round's numbers; 0 = not committed yet
    claimer: int                    # -1 when nobody claims (yet)
    answers: list[int]              # NO_ANSWER / PASSED / CHALLENGED per seat, this window
    to_act: tuple[int, ...]
    history: list[tuple[tuple[int, ...], int]]  # (revealed numbers, claimer or -1) per round
    result: Outcome | None
    end_rule: str                   # the rule that ended the game, cited when a move comes late

    def copy(self) -> ToyState:
        c = ToyState.__new__(ToyState)
        c.seed = self.seed
        c.rng = self.rng.copy()
        c.log = None if self.log is None else self.log[:]
        c.target = self.target
        c.rounds = self.rounds
        c.round = self.round
        c.phase = self.phase
        c.scores = self.scores[:]
        c.commits = self.commits[:]
        c.claimer = self.claimer
        c.answers = self.answers[:]
        c.to_act = self.to_act
        c.history = self.history[:]  # its tuples are immutable, so sharing them is safe
        c.result = self.result
        c.end_rule = self.end_rule
        return c


def _say(s: ToyState, kind: str, rule: str, text: str, to: int | None = None) -> None:
    """Log only when the table records events, so simulations pay nothing for the text."""
    if s.log is not None:
        s.log.append(Event(kind, rule, text, to))


class ToyGame(Game):
    """Toy Claims: simultaneous secret commits, then an out-of-turn challenge window."""

    id = "toy"
    name = "Toy Claims"
    variants = {None: "first to 3 points, at most 10 rounds", "quick": "first to 2 points, at most 5 rounds"}
    player_counts = (3,)
    actions = ACTIONS

    # -- set-up ---------------------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> ToyState:
        cfg = dict(DEFAULTS[self.variant])
        extra = dict(config or {})
        for key in ("target", "rounds"):
            if key in extra:
                value = extra.pop(key)
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise ValueError(f"config {key!r} must be a positive integer")
                cfg[key] = value
        if extra:
            raise ValueError(f"unknown config for toy: {', '.join(sorted(extra))}")
        s = ToyState.__new__(ToyState)
        s.seed = seed
        s.rng = Rng(seed)
        s.log = [] if log else None
        s.target = cfg["target"]
        s.rounds = cfg["rounds"]
        s.round = 1
        s.scores = [0, 0, 0]
        s.history = []
        s.result = None
        s.end_rule = ""
        _say(s, "setup", R_SETUP, f"three players sit down: first to {s.target} points, "
             f"at most {s.rounds} rounds")
        self._start_round(s)
        return s

    def config_of(self, state: ToyState) -> dict[str, Any]:
        base = DEFAULTS[self.variant]
        return {k: v for k, v in (("target", state.target), ("rounds", state.rounds)) if v != base[k]}

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return state.to_act

    def simultaneous(self, state: ToyState) -> tuple[int, ...]:
        """Every seat commits at once (Toy 2.1); every seat but the claimer answers at once (Toy 3.1)."""
        if state.phase == COMMIT:
            return SEATS
        if state.phase == RESPOND:
            return tuple(q for q in SEATS if q != state.claimer)
        return ()

    def legal_actions(self, state: ToyState, player: int) -> list[Action]:
        if player not in state.to_act:
            return []
        return list(COMMIT_A) if state.phase == COMMIT else [CHALLENGE, PASS]

    def outcome(self, state: ToyState) -> Outcome | None:
        return state.result

    def clone(self, state: ToyState) -> ToyState:
        return state.copy()

    def apply(self, state: ToyState, player: int, action: Action) -> None:
        s = state
        # Every check comes before the first write, so a refusal leaves the table as it was.
        if s.phase == OVER:
            raise IllegalAction("the game is over", s.end_rule)
        if player not in SEATS:
            raise IllegalAction(f"there is no seat {player!r} at this table", R_SETUP)
        if player not in s.to_act:
            if s.phase == RESPOND and player == s.claimer:
                raise IllegalAction("the claimer has no say in the challenge window", R_WINDOW)
            rule = R_COMMIT if s.phase == COMMIT else R_WINDOW
            raise IllegalAction(f"seat {player} has already decided this round", rule)
        legal = COMMIT_A if s.phase == COMMIT else (CHALLENGE, PASS)
        aid = getattr(action, "id", None)
        found = next((a for a in legal if a is action or a.id == aid), None)
        if found is None:
            rule = R_COMMIT if s.phase == COMMIT else R_WINDOW
            text = getattr(action, "text", repr(action))
            raise IllegalAction(f"{text!r} is not legal now; legal: {', '.join(a.text for a in legal)}", rule)
        if s.phase == COMMIT:
            self._commit(s, player, found.data)
        else:
            self._answer(s, player, found is CHALLENGE)

    # -- 2. Commit and reveal -----------------------------------------------------------------
    def _start_round(self, s: ToyState) -> None:
        s.phase = COMMIT
        s.commits = [0, 0, 0]
        s.claimer = -1
        s.answers = [NO_ANSWER] * 3
        s.to_act = SEATS
        _say(s, "round", R_COMMIT, f"round {s.round}: every player secretly commits a number from 1 to 3")

    def _commit(self, s: ToyState, p: int, n: int) -> None:
        s.commits[p] = n
        s.to_act = tuple(q for q in s.to_act if q != p)
        if s.log is not None:
            _say(s, "commit", R_COMMIT, f"you commit {n}", only(p))
        if not s.to_act:
            self._reveal(s)

    def _reveal(self, s: ToyState) -> None:
        c = s.commits
        _say(s, "commit", R_COMMIT, "every player has committed a number face down")
        _say(s, "reveal", R_REVEAL, f"the numbers are revealed: P0 {c[0]}, P1 {c[1]}, P2 {c[2]}")
        unique = [n for n in (3, 2, 1) if c.count(n) == 1]
        if not unique:
            s.history.append((tuple(c), -1))
            _say(s, "void", R_VOID, f"everyone chose {c[0]}: nobody claims round {s.round}")
            self._end_round(s)
            return
        s.claimer = claimer = c.index(unique[0])
        s.phase = RESPOND
        s.to_act = tuple(q for q in SEATS if q != claimer)
        _say(s, "claim", R_CLAIM, f"P{claimer} has the highest unique number ({unique[0]}) and claims the round")
        _say(s, "window", R_WINDOW, " and ".join(f"P{q}" for q in s.to_act)
             + " may challenge the claim, all at once and in secret")

    # -- 3. The challenge window ------------------------------------------------------------
    def _answer(self, s: ToyState, p: int, challenge: bool) -> None:
        s.answers[p] = CHALLENGED if challenge else PASSED
        s.to_act = tuple(q for q in s.to_act if q != p)
        _say(s, "answer", R_WINDOW, f"you {'challenge' if challenge else 'pass'}", only(p))
        if not s.to_act:
            self._resolve(s)

    def _resolve(self, s: ToyState) -> None:
        claimer = s.claimer
        _say(s, "answer", R_WINDOW, "the answers: " + ", ".join(
            f"P{q} {'challenges' if s.answers[q] == CHALLENGED else 'passes'}" for q in SEATS if q != claimer))
        broken = False
        for q in SEATS:  # seat order, not answer order: who answered first changes nothing
            if s.answers[q] != CHALLENGED:
                continue
            roll = s.rng.below(6) + 1
            if roll >= 4:
                s.scores[q] += 1
                broken = True
                _say(s, "challenge", R_CHALLENGE, f"P{q} rolls {roll}: the challenge succeeds, P{q} scores "
                     f"and P{claimer}'s claim is broken")
                break
            if s.scores[q] > 0:
                s.scores[q] -= 1
                _say(s, "challenge", R_CHALLENGE, f"P{q} rolls {roll}: the challenge fails and P{q} loses a point")
            else:
                _say(s, "challenge", R_CHALLENGE, f"P{q} rolls {roll}: the challenge fails; P{q} has no point "
                     "to lose")
        if not broken:
            s.scores[claimer] += 1
            _say(s, "score", R_SCORE, f"P{claimer}'s claim stands: P{claimer} scores a point")
        s.history.append((tuple(s.commits), claimer))
        self._end_round(s)

    # -- 4. The end ------------------------------------------------------------------------------
    def _end_round(self, s: ToyState) -> None:
        sc = s.scores
        best = max(sc)
        leaders = tuple(q for q in SEATS if sc[q] == best)
        if best >= s.target:
            # At most one seat scores per round, so a seat reaching the target is alone there.
            self._end(s, leaders, f"P{leaders[0]} reached {s.target} points", R_WIN)
        elif s.round >= s.rounds:
            if len(leaders) == 1:
                self._end(s, leaders, f"P{leaders[0]} leads after the last round", R_LIMIT)
            else:
                names = ", ".join(f"P{q}" for q in leaders)
                self._end(s, leaders, f"a draw: {names} tie at {best} after the last round", R_LIMIT)
        else:
            s.round += 1
            self._start_round(s)

    def _end(self, s: ToyState, winners: tuple[int, ...], reason: str, rule: str) -> None:
        s.phase = OVER
        s.to_act = ()
        s.result = Outcome(winners, 3, reason, tuple(float(x) for x in s.scores))
        s.end_rule = rule
        _say(s, "end", rule, f"game over: {reason}")

    # -- information --------------------------------------------------------------------------
    def view(self, state: ToyState, player: int | None) -> dict[str, Any]:
        s = state
        secret = s.phase == COMMIT
        answering = s.phase == RESPOND
        return {
            "game": "toy", "variant": self.variant, "seat": player, "round": s.round, "rounds": s.rounds,
            "target": s.target, "phase": PHASE_NAMES[s.phase], "scores": s.scores[:],
            "to_act": list(self.to_act_seen(s, player)),
            # Who has committed or answered is as secret as what, until all have.
            "committed": [n > 0 if not secret or q == player else None for q, n in enumerate(s.commits)],
            "commits": [n if n and (not secret or q == player) else None for q, n in enumerate(s.commits)],
            "claimer": s.claimer if s.claimer >= 0 else None,
            "answers": [ANSWER_NAMES[a] if not answering or q == player else None for q, a in enumerate(s.answers)],
            "history": [{"commits": list(c), "claimer": None if w < 0 else w} for c, w in s.history],
            "legal": [a.text for a in self.legal_actions(s, player)] if player in SEATS else [],
            "outcome": None if s.result is None else s.result.to_json(),
        }

    def determinize(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        """Redraw what `player` cannot know: the others' part of the decision under way and
        all future chance. Whether another seat has committed or answered yet is secret too,
        so in the sample none has: they choose in the search. The sample depends on the
        public facts and `rng` alone, never on the truth."""
        d = state.copy()
        d.seed = -1  # the real seed would predict the real dice
        d.rng = Rng(rng.getrandbits(64))
        if d.phase == COMMIT:
            d.commits = [n if q == player else 0 for q, n in enumerate(d.commits)]
        elif d.phase == RESPOND:
            d.answers = [a if q == player else NO_ANSWER for q, a in enumerate(d.answers)]
        if d.phase != OVER:
            d.to_act = tuple(q for q in self.simultaneous(d) if q != player or q in state.to_act)
            choose_for_others(self, d, player, rng)
        if d.log is not None:
            d.log = [e for e in d.log if e.visible_to(player)]
        return d

    def heuristic(self, state: ToyState, player: int) -> float:
        """Points ahead of the best rival: the only thing that decides Toy Claims."""
        sc = state.scores
        return float(sc[player] - max(sc[q] for q in SEATS if q != player))
