"""Information-set Monte Carlo tree search, each decision searched from what its seat knows.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012).
A plain MCTS on the true state would let the agent see the opponent's cards; ISMCTS
instead draws a fresh determinization (a full state consistent with what this seat
knows) for every iteration, so the statistics average over the worlds the seat cannot
tell apart, and nothing hidden leaks into the choice.

The search is a graph of information sets, not a tree of moves. Every decision below the
root is looked up by what the seat deciding there knows, `game.information_key(state,
seat)`, as OpenSpiel's IS-MCTS keys its nodes by the acting player's information state. So
an opponent who chooses after a secret choice of ours is searched as one node for all our
possible choices (he does not know which we made), and a draw that shows us a card leads
to a node for each card we may see. A tree keyed by moves alone (`tree=moves`, the
single-observer form) does neither: it lets the opponent answer a secret it cannot see,
and merges what a seat drew with what it might have drawn. It is cheaper per iteration,
since it asks no key, and remains an option.

A graph of information sets outlives its decision (`reuse`): the seat's next decision is
an information set the last search may have met already, and what was learned below it
still holds, whatever decision reached it. So each search starts from the graph the last
one left, keeping only the nodes its descents passed through (the rest lies behind a
choice already made), and its root starts with the visits it had. Nothing in that memory
comes from outside the seat's own determinizations and its own view.

Because the legal actions at a node differ between determinizations, an action is not
always selectable; selection is a subset-armed bandit in which an action's exploration
term counts the iterations it was *available* rather than the visits of its node.

Each action's statistics belong to the seat that took it (rewards per seat from
`outcome.reward`), so one graph serves any number of players, every node maximizing for
its own seat. Simultaneous secret choices are searched sequentially: the first seat of
`game.to_act` moves first, as the match runner does; the determinization has already made
the other seats' part of the decision afresh, unseen (`core.together.choose_for_others`).

A playout may be cut short after `cutoff` random steps (by default the game's
`rollout_cutoff`) and scored with the game's heuristic: seat s gets
tanh((h(s) - mean of the others' h) / game.heuristic_scale), so the rewards stay in
[-1, 1] like an outcome's and, with two seats, are each other's negatives as an
outcome's are. Long games then cost a few steps per iteration instead of the whole rest.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, final

from wizarena.core import Action, Turn

from .lookahead import LookaheadAgent
from .options import number, one_of, whole

# An action's key packs its id with the acting seat, so that a node reached in different
# determinizations with different seats to move keeps their statistics apart.
_SEAT_BITS = 4  # up to 16 seats
# The largest step count `cutoff` and `max_rollout` take: far beyond any game's length,
# small enough that a typo like cutoff=1e9 is caught.
_MAX_STEPS = 10_000
_MAX_ITERATIONS = 10_000_000  # hours of search at the fastest; a typo, not a wish
_MAX_SECONDS = 3600.0
_MAX_C = 100.0
_TREES = ("info", "moves")
_PRIORS = ("none", "policy", "lookahead")
# `prior=lookahead`'s softmax temperature, a fraction of the game's heuristic scale: a
# settled lead of a hundredth of the scale multiplies an action's prior by e. Sharp,
# because the look-ahead's scores differ by tenths between moves it rightly tells apart;
# at the whole scale the prior was near uniform and the search played level with a plain
# one (docs/agents.md).
_LOOKAHEAD_TEMPERATURE = 0.01
_SWITCH = ("yes", "no")
# Progressive widening's factor k (Coulom 2007; Chaslot et al. 2008): a node that has been
# visited n times may have tried k * n^widen actions.
_WIDEN_K = 2.0


@final
class _Edge:
    """Statistics of one action taken from an information set, for the seat that took it;
    `after` is where it leads in a tree of moves (`tree=moves`), unused in the graph of
    information sets, where what follows is looked up by what the next seat knows."""

    __slots__ = ("seat", "visits", "total", "avail", "after")

    def __init__(self, seat: int, avail: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = avail
        self.after: _Node | None = None


@final
class _Node:
    """One information set: the actions tried from it, by `action.id << _SEAT_BITS | seat`;
    `visits`, the descents that chose from it; `passed`, the last iteration whose descent
    passed through it; `prior`, with `prior=policy`, the network's probability of each
    action legal when the node was first met, by action id."""

    __slots__ = ("edges", "visits", "passed", "prior")

    def __init__(self) -> None:
        self.edges: dict[int, _Edge] = {}
        self.visits = 0
        self.passed = 0
        self.prior: dict[int, float] | None = None


@final
class ISMCTSAgent:
    """ISMCTS with random rollouts, to the end or cut off and scored.

    Options: `iterations` (default 1000), `c` (UCB exploration on rewards in [-1, 1]),
    `seconds` (a wall-clock budget; without `iterations` it alone bounds the search, and
    the agent is then no longer reproducible), `cutoff` (random steps after which a
    rollout stops and the game's heuristic scores it; 0 = play to the end; default: the
    game's `rollout_cutoff`), `max_rollout` (steps after which an unfinished rollout
    counts as a draw, a guard for games that random play rarely ends; a cutoff beyond it
    never comes into play), `tree` (`info`, the default: nodes are the deciding seat's
    information sets; `moves`: a single-observer tree of moves, see the module's docstring),
    `prior` (`policy`: the network shipped for the game, see policy.py, guides selection:
    PUCT, as AlphaZero's search, with the network's probabilities of the deciding seat's
    actions in place of UCB's untried-first rule; `lookahead`: the root alone is guided
    so, by the look-ahead agent's judgement of each action played through to a whole move,
    see `_lookahead_prior`; `none`, the default), `puct` (the
    exploration weight of that rule), `widen` (progressive widening for many actions: a
    node tries a new action only while it has tried fewer than 2 * visits^widen; 0, the
    default, tries every action once before any twice), `reuse` (`yes`, the default: a
    decision starts from the graph the seat's last search left, see the module's
    docstring; `no`: every decision from nothing, as a fresh agent does).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: object = None, c: object = 0.7,
                 seconds: object = None, max_rollout: object = _MAX_STEPS, cutoff: object = None,
                 tree: object = "info", prior: object = "none", puct: object = 2.0,
                 widen: object = 0.0, reuse: object = "yes") -> None:
        self.seconds = None if seconds is None else number("seconds", seconds, 0.0, _MAX_SECONDS, above=True)
        if iterations is None:
            iterations = 1000 if seconds is None else 1 << 62  # with seconds alone, the clock bounds it
        else:
            iterations = whole("iterations", iterations, 1, _MAX_ITERATIONS)
        self.rng = random.Random(seed)
        self.iterations: int = iterations
        self.c = number("c", c, 0.0, _MAX_C)
        self.max_rollout = whole("max_rollout", max_rollout, 1, _MAX_STEPS)
        # None: each game's own `rollout_cutoff`, read when the agent searches it.
        self.cutoff = None if cutoff is None else whole("cutoff", cutoff, 0, _MAX_STEPS)
        self.by_information: bool = one_of("tree", tree, _TREES) == "info"
        self.prior_kind: str = one_of("prior", prior, _PRIORS)
        self.puct = number("puct", puct, 0.0, _MAX_C)
        self.widen = number("widen", widen, 0.0, 1.0)
        self.reuse: bool = one_of("reuse", reuse, _SWITCH) == "yes"
        self._graph: dict[int, _Node] = {}
        self._stamp = 0
        # The game whose network guides the search, and its prior: read at the first turn.
        self._prior_game: str | None = None
        self._prior: Callable[[Any, int, list[Action]], dict[int, float]] | None = None
        # `prior=lookahead`'s judge, seeded from this agent's generator.
        self._judge = LookaheadAgent(self.rng.getrandbits(32)) if self.prior_kind == "lookahead" else None
        # For benchmarks: what the last decision cost, and the visits its root already had
        # from earlier searches (`reuse`).
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reused = 0

    def check_game(self, game: Any) -> None:
        """A one-line error if `prior=policy` and no network ships for `game`."""
        self._guide(game)

    def _guide(self, game: Any) -> Callable[[Any, int, list[Action]], dict[int, float]] | None:
        """The prior of `prior=policy` for `game`, loaded once per game; None without it."""
        if self.prior_kind != "policy":
            return None
        if self._prior_game != game.full_id:
            from .policy import prior_of  # numpy, needed only by a guided search
            self._prior = prior_of(game)
            self._prior_game = game.full_id
        return self._prior

    @staticmethod
    def _lookahead_prior(judge: LookaheadAgent, turn: Turn) -> dict[int, float]:
        """`prior=lookahead`: the root's prior, a softmax of the look-ahead's settled scores
        at a temperature of `_LOOKAHEAD_TEMPERATURE` times the game's heuristic scale. Only
        the root has it: the look-ahead costs as much as hundreds of iterations, so below the
        root the search is plain UCB. A node keeps its prior, so a decision met again (the
        graph is kept between decisions) is not judged twice."""
        legal = turn.legal_actions()
        scores = judge.scores(turn, legal)
        top = max(scores)
        temperature = turn.game.heuristic_scale * _LOOKAHEAD_TEMPERATURE
        weights = [math.exp((score - top) / temperature) for score in scores]
        total = sum(weights)
        return {a.id: w / total for a, w in zip(legal, weights, strict=True)}

    def act(self, turn: Turn) -> Action:
        legal = turn.legal_actions()
        if len(legal) == 1:
            self.last_iterations, self.last_seconds, self.last_reused = 0, 0.0, 0
            return legal[0]
        start = time.perf_counter()
        root, _, done = self._search(turn, start)
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return self._most_visited(root, legal, turn.seat)

    def _most_visited(self, root: _Node, legal: list[Action], seat: int) -> Action:
        """The robust choice: most visits, then best mean; legal order breaks exact ties so
        the choice does not depend on dict order."""
        best, best_key = None, None
        edges = root.edges
        for a in legal:
            edge = edges.get(a.id << _SEAT_BITS | seat)
            if edge is None or edge.visits == 0:
                continue
            key = (edge.visits, edge.total / edge.visits)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best if best is not None else self.rng.choice(legal)

    def _search(self, turn: Turn, start: float) -> tuple[_Node, dict[int, _Node], int]:
        """The root's node, the information sets met below it (by key; empty for a tree of
        moves, whose nodes hang from their edges) and the iterations done."""
        # Everything the loop touches is a local: attribute and global look-ups are the
        # largest cost of pure-Python search after the game's own apply.
        game = turn.game
        to_act, legal_actions, apply, outcome_of = game.to_act, game.legal_actions, game.apply, game.outcome
        information_key = game.information_key
        by_information = self.by_information
        guide = self._guide(game)
        puct = self.puct
        widen = self.widen
        widen_k = _WIDEN_K
        determinize = turn.determinize
        rng = self.rng
        rnd = rng.random
        c = self.c
        log, sqrt = math.log, math.sqrt
        shift = _SEAT_BITS
        root_seat = turn.seat
        max_rollout = self.max_rollout
        cutoff: int = game.rollout_cutoff if self.cutoff is None else self.cutoff
        if cutoff < 0:
            cutoff = 0
        limit = cutoff if 0 < cutoff < max_rollout else max_rollout
        heuristic = game.heuristic
        scale = float(game.heuristic_scale)
        num_seats: int = game.num_players
        tanh = math.tanh
        deadline = None if self.seconds is None else start + self.seconds
        clock = time.perf_counter
        Node, Edge = _Node, _Edge
        # The information sets met so far, by `information_key`: the search's memory. With
        # `reuse`, the graph of this seat's last decision, whose statistics below the new
        # root still hold: a node is an information set, whichever decision reached it.
        # `stamp` numbers iterations over the agent's life, so `passed` tells this search's
        # descents from earlier ones.
        nodes: dict[int, _Node] = self._graph if by_information and self.reuse else {}
        base = self._stamp
        state = determinize(rng)
        if by_information:
            # A determinization keeps the seat's key: the real position's, read unseen.
            root_key = information_key(state, root_seat)
            root = nodes.get(root_key)
            if root is None:
                root = nodes[root_key] = Node()
        else:
            root = Node()
        if self._judge is not None and root.prior is None:
            root.prior = self._lookahead_prior(self._judge, turn)
        self.last_reused = root.visits
        path: list[_Edge] = []
        append = path.append
        done = 0
        for done in range(1, self.iterations + 1):  # noqa: B007 - `done` is the count after the loop
            stamp = base + done
            if done > 1:
                state = determinize(rng)
            node = root
            root.passed = stamp
            path.clear()
            # The root is this seat's decision even if the game lists another seat first
            # for a simultaneous choice: the others' secret choices are part of the sample.
            seat = root_seat
            # -- selection and expansion --------------------------------------------------
            while True:
                legal = legal_actions(state, seat)
                edges = node.edges
                node.visits += 1
                chosen = None
                prior = node.prior
                if prior is None and guide is not None:
                    prior = node.prior = guide(state, seat, legal)
                if prior is not None:
                    # PUCT: mean reward plus the prior's share of the exploration, an
                    # untried action counting as a draw; the best may be untried.
                    spread = puct * sqrt(node.visits)
                    unknown = 1.0 / len(legal)  # an action the node never saw legal
                    best_u = -1e300
                    for a in legal:
                        edge = edges.get(a.id << shift | seat)
                        if edge is None:
                            u = spread * prior.get(a.id, unknown)
                        else:
                            v = edge.visits
                            u = edge.total / v + spread * prior.get(a.id, unknown) / (1 + v)
                        if u > best_u:
                            best_u, chosen, best_a = u, edge, a
                    if chosen is None:
                        legal = [best_a]
                elif edges:
                    untried = None
                    best_u = -1e300
                    ties = 0
                    for a in legal:
                        edge = edges.get(a.id << shift | seat)
                        if edge is None:
                            if untried is None:
                                untried = [a]
                            else:
                                untried.append(a)
                            continue
                        av = edge.avail + 1
                        edge.avail = av
                        if untried is None or widen:
                            v = edge.visits
                            u = edge.total / v + c * sqrt(log(av) / v)
                            if u > best_u:
                                best_u, chosen, best_a, ties = u, edge, a, 1
                            elif u == best_u:
                                # An exact tie goes to a random one of the tied: taking the
                                # first would tie two seats' choices to the legal order, and
                                # a seeker would always search where a hider always hides.
                                ties += 1
                                if rnd() * ties < 1.0:
                                    chosen, best_a = edge, a
                    if untried is not None and (chosen is None or not widen
                                                or len(edges) < widen_k * node.visits ** widen):
                        # Progressive widening (`widen` > 0): a node takes on a new action
                        # only while it has fewer than k * visits^widen; until then UCB
                        # chooses among the actions it has.
                        chosen = None
                        legal = untried
                if chosen is None:
                    n = len(legal)
                    a = legal[int(rnd() * n)] if n > 1 else legal[0]
                    # Available at every visit of its node so far, as far as we know: an
                    # action tried late starts level with those tried early, so untried
                    # order does not become a fixed rota that two seats could keep in step.
                    chosen = Edge(seat, node.visits)
                    edges[a.id << shift | seat] = chosen
                    apply(state, seat, a)
                    append(chosen)
                    break
                apply(state, seat, best_a)
                append(chosen)
                seats = to_act(state)
                if not seats:
                    break
                seat = seats[0]
                if by_information:
                    key = information_key(state, seat)
                    following = nodes.get(key)
                    if following is None:
                        following = nodes[key] = Node()
                    elif following.passed == stamp:
                        # Back where this descent has been (a walk there and back): the
                        # graph has a cycle, so the playout takes over from here.
                        break
                    following.passed = stamp
                else:
                    following = chosen.after
                    if following is None:
                        following = chosen.after = Node()
                node = following
            # -- rollout ----------------------------------------------------------------------
            seats = to_act(state)
            steps = 0
            while seats and steps < limit:
                seat = seats[0]
                legal = legal_actions(state, seat)
                n = len(legal)
                apply(state, seat, legal[int(rnd() * n)] if n > 1 else legal[0])
                seats = to_act(state)
                steps += 1
            # -- backpropagation ---------------------------------------------------------------
            out = outcome_of(state) if not seats else None
            if out is None and cutoff and steps == cutoff:
                # Cut off: the heuristic lead stands in for the playout's result.
                if num_seats == 2:
                    r0 = tanh((heuristic(state, 0) - heuristic(state, 1)) / scale)
                    for edge in path:
                        edge.visits += 1
                        edge.total += r0 if edge.seat == 0 else -r0
                else:
                    rewards = _heuristic_rewards(heuristic, state, num_seats, scale)
                    for edge in path:
                        edge.visits += 1
                        edge.total += rewards[edge.seat]
            elif out is None:
                for edge in path:
                    edge.visits += 1
            else:
                reward = out.reward
                rewards = [reward(s) for s in range(out.num_players)]
                for edge in path:
                    edge.visits += 1
                    edge.total += rewards[edge.seat]
            if deadline is not None and not done & 31 and clock() >= deadline:
                break
        self._stamp = base + done
        if by_information and self.reuse:
            # Keep what this search reached, all the next decision can meet again (what
            # it did not reach lies behind a decision already taken); the rest goes.
            self._graph = {key: node for key, node in nodes.items() if node.passed > base}
        return root, nodes, done


def _heuristic_rewards(heuristic: Callable[[Any, int], float], state: Any, num_seats: int,
                       scale: float) -> list[float]:
    """Each seat's reward for a cut-off playout with any number of seats: its heuristic
    against the mean of the others', so a seat ahead of the field gains and one behind
    it loses, as a sole winner and the losers do (one seat alone: its own value)."""
    values = [heuristic(state, s) for s in range(num_seats)]
    if num_seats == 1:
        return [math.tanh(values[0] / scale)]
    total = sum(values)
    others = num_seats - 1
    return [math.tanh((v - (total - v) / others) / scale) for v in values]
