"""Any wizarena game as a single-agent Gymnasium environment.

The learner takes one seat, a fixed one or, with `seat="random"`, one drawn for each
episode (or named by `reset(options={"seat": k})`); the others are played by wizarena
agents ("random", "greedy", "ismcts:iterations=200", or Agent objects) or by policies, any
callable `policy(observation, action_mask) -> action id` (a saved network, the learner's own
current weights for self-play, members of a league), each seeing only what its seat may
know. A game that takes several player counts is made for `players` of them: one learner,
players - 1 opponents. `vector_env` steps several games at once (Gymnasium's vector API).

    from wizarena.interop.gymnasium import WizarenaEnv
    e = WizarenaEnv("cup", seat=0, opponents="greedy")
    obs, info = e.reset(seed=1)
    obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))

`info["action_mask"]` (and `action_masks()`, the name sb3-contrib's MaskablePPO calls)
says which action ids are legal. An illegal action ends the episode as a loss (reward
-1, `info["illegal_action"] = True`) unless `illegal="raise"`: learners sample illegal
actions early on, and a clean loss teaches them more than an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from wizarena.agents import make_agent
from wizarena.core import Agent, Game, IllegalAction, Turn, WizarenaError, load_game

from ._common import check_ready, check_reward_mode, final_reward, game_variants, legal_mask, render_seat, spiel_name

ILLEGAL_MODES = ("lose", "raise")
_SEED_MASK = (1 << 63) - 1
RANDOM_SEAT = "random"
# A policy plays a seat from that seat's observation and legal-action mask, as the learner does.
Policy = Callable[[np.ndarray, np.ndarray], Any]
Opponent = str | Agent | Policy


class WizarenaEnv(gymnasium.Env):
    """One seat of a wizarena game; the other seats are played by wizarena agents.

    `opponents` is one opponent for every other seat, or a sequence with one per other
    seat in seat order (after the learner's seat of the episode). An opponent is an agent
    spec, an Agent, or a policy (`Policy`). Specs are rebuilt at each reset with seeds
    drawn from the game's seed, so `reset(seed=s)` replays the same episode for the same
    actions (and the same seat: a random seat is drawn from the same seed).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    def __init__(self, game_id: str, variant: str | None = None, *, players: int | None = None,
                 seat: int | str = 0, opponents: Opponent | Sequence[Opponent] = "random", reward: str = "win",
                 illegal: str = "lose", max_steps: int | None = None, render_mode: str | None = None,
                 **config: Any) -> None:
        game: Game = load_game(game_id, variant, players=players)
        shape = check_ready(game)
        if seat != RANDOM_SEAT:
            _check_seat(game, seat)
        if illegal not in ILLEGAL_MODES:
            raise WizarenaError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = self.metadata["render_modes"]
            raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
        others = game.num_players - 1
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            specs: list[Opponent] = [opponents] * others
        else:
            specs = list(opponents)
            if len(specs) != others:
                raise WizarenaError(f"{game.full_id} needs {others} opponent(s), got {len(specs)}")
        for spec in specs:
            if isinstance(spec, str):
                make_agent(spec)  # a bad spec fails here, not at the first reset
            elif not hasattr(spec, "act") and not callable(spec):
                raise WizarenaError(f"an opponent is an agent spec, an Agent or a policy, not {spec!r}")
        self.game = game
        self.random_seat = seat == RANDOM_SEAT
        self.seat = 0 if self.random_seat else int(seat)
        self._opponents = specs
        self.config = config or None
        self.reward_mode = check_reward_mode(reward)
        self.illegal = illegal
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._agents: dict[int, Agent | Policy] = {}
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, shape, np.float32)
        self.action_space = gymnasium.spaces.Discrete(game.num_distinct_actions)
        self.game_state: Any = None
        self._done = True
        self.steps = 0

    # -- the episode --------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game. `reset(seed=s)` plays wizarena's game `new_state(s)`; seedless resets
        draw their game seeds from the environment's generator. The learner's seat is the
        fixed one, `options["seat"]`, or with `seat="random"` one drawn for the episode
        (`info["seat"]` says which)."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, _SEED_MASK))
        self.game_seed = game_seed
        wanted = (options or {}).get("seat")
        if wanted is not None:
            _check_seat(self.game, wanted)
            self.seat = int(wanted)
        elif self.random_seat:
            self.seat = game_seed % self.game.num_players
        self.game_state = self.game.new_state(game_seed, self.config, log=False)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self._agents = {s: make_agent(spec, seed=(game_seed * 1_000_003 + s) & _SEED_MASK)
                        if isinstance(spec, str) else spec for s, spec in zip(others, self._opponents, strict=True)}
        self.steps = 0
        self._done = False
        self._play_others()
        if not self.game.to_act(self.game_state):
            self._done = True  # the others ended it before the learner's first turn
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise WizarenaError("the episode is over: call reset()")
        game, state = self.game, self.game_state
        legal = game.legal_actions(state, self.seat)
        a = int(action)
        chosen = game.actions[a] if 0 <= a < game.num_distinct_actions else None
        if chosen is None or chosen not in legal:
            if self.illegal == "raise":
                raise IllegalAction(f"action {a} is not legal for seat {self.seat} now")
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), -1.0, True, False, info
        game.apply(state, self.seat, chosen)
        self.steps += 1
        self._play_others()
        outcome = game.outcome(state)
        if not game.to_act(state):
            self._done = True
            return self._obs(), final_reward(outcome, self.seat, self.reward_mode), True, False, self._info()
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        self._done = truncated
        return self._obs(), 0.0, False, truncated, self._info()

    def _play_others(self) -> None:
        """Let the other seats move until the learner must decide or the game ends; the
        first seat of `to_act` moves first, as in wizarena's match runner. In a simultaneous
        decision an opponent may so choose before the learner: the learner's observation is
        the same whatever it chose (`Game.simultaneous`), so that order tells it nothing."""
        game, state = self.game, self.game_state
        while True:
            seats = game.to_act(state)
            if not seats or seats[0] == self.seat:
                return
            seat = seats[0]
            game.apply(state, seat, self._opponent_move(seat))

    def _opponent_move(self, seat: int) -> Any:
        """What the opponent at `seat` plays: an agent's choice, or a policy's from that
        seat's own observation and mask (a policy's illegal choice is an error, naming it)."""
        game, state, opponent = self.game, self.game_state, self._agents[seat]
        if hasattr(opponent, "act"):
            return opponent.act(Turn(game, state, seat))
        mask = legal_mask(game, state, seat)
        chosen = int(opponent(np.asarray(game.observation_tensor(state, seat), np.float32), mask))
        if not 0 <= chosen < len(mask) or not mask[chosen]:
            raise IllegalAction(f"the policy at seat {seat} chose action {chosen}, which is not legal now")
        return game.actions[chosen]

    def _obs(self) -> np.ndarray:
        return np.asarray(self.game.observation_tensor(self.game_state, self.seat), np.float32)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal action ids now, as 0/1 (all 0 once the episode is over)."""
        if self._done:
            return np.zeros(self.game.num_distinct_actions, np.int8)
        return legal_mask(self.game, self.game_state, self.seat)

    # -- people ---------------------------------------------------------------------------
    def render(self) -> str | None:
        """The learner's view as the game narrates it in a terminal."""
        return render_seat(self.game, self.game_state, self.seat, self.render_mode)


def _check_seat(game: Game, seat: Any) -> None:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < game.num_players:
        raise WizarenaError(f"{game.full_id} has seats 0 to {game.num_players - 1} (or \"random\"), not {seat!r}")


def vector_env(game_id: str, n: int, variant: str | None = None, *, asynchronous: bool = False,
               **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """`n` games at once, each a `WizarenaEnv(game_id, variant, **kwargs)`, stepped together
    by Gymnasium's vector API (in this process, or one process each with `asynchronous`).
    The masks come back in `info["action_mask"]`, one row a game. A game whose episode
    just ended has an empty mask, and the next step resets it whatever action it is sent
    (Gymnasium's next-step autoreset)."""
    if not 1 <= n <= 1024:
        raise WizarenaError(f"n must be from 1 to 1,024 games, not {n}")

    def make() -> WizarenaEnv:
        return WizarenaEnv(game_id, variant, **kwargs)

    makers = [make] * n
    return gymnasium.vector.AsyncVectorEnv(makers) if asynchronous else gymnasium.vector.SyncVectorEnv(makers)


def gym_id(game_id: str, variant: str | None = None) -> str:
    """The Gymnasium id of a game and variant: `wizarena/cup-v0`, `wizarena/cup_swap-v0`."""
    name = spiel_name(game_id, variant).removeprefix("wizarena_")
    return f"wizarena/{name}-v0"


def register_all() -> list[str]:
    """Register every game and variant with `gymnasium.make` (kwargs such as `seat` and
    `opponents` pass through make); returns the ids. Safe to call more than once."""
    ids = []
    for gid, variant in game_variants():
        env_id = gym_id(gid, variant)
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:WizarenaEnv",
                               kwargs={"game_id": gid, "variant": variant})
        ids.append(env_id)
    return ids
