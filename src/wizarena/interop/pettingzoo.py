"""Any wizarena game as a PettingZoo AEC environment.

    from wizarena.interop.pettingzoo import env
    e = env("cup", variant="swap")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        ...

Agents are `player_0 .. player_{n-1}` (seat i is `player_i`), n being the game's player
count: `env("wizwar", players=3)` makes a game of three where the game takes several
counts. A seat knocked out of the game is never selected again (it is no longer in
`to_act`); it stays among `agents` until the end, when every agent gets its reward. Each observation is
`{"observation": float32 vector, "action_mask": int8 vector over all action ids}`; the
vector is `game.observation_tensor`, built from what that seat may know only.

The turn goes to `game.to_act(state)[0]`, as in wizarena's own match runner. When the
rules ask several seats for a secret choice at once, they are asked one after another;
nothing a later seat observes depends on what an earlier one chose, nor on how far it
got (`game.simultaneous`: the game keeps every such step from the other seats). Rewards
come once, at the end: `outcome.reward`, +1 for the winner and -1 for the other of two
seats, 0 for both in a draw; with more seats a win of +1 shared by the winners and a loss
of -1 shared by the others (`reward="score"` uses the game's scores where it keeps them).

An illegal action raises `IllegalAction` and changes nothing; wrap the environment in
PettingZoo's `TerminateIllegalWrapper` to make it a loss instead.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from wizarena.core import Game, IllegalAction, WizarenaError, load_game

from ._common import check_ready, check_reward_mode, final_reward, legal_mask, render_seat


def env(game_id: str, variant: str | None = None, *, players: int | None = None, render_mode: str | None = None,
        reward: str = "win", max_steps: int | None = None, **config: Any) -> WizarenaAECEnv:
    """The environment for a game.

    Not wrapped in PettingZoo's OrderEnforcingWrapper: the environment makes the same
    checks itself (nothing before `reset`, dead agents step with None), and the wrapper's
    attribute forwarding would cost more per step than the game's own rules do.
    """
    return WizarenaAECEnv(game_id, variant, players=players, render_mode=render_mode, reward=reward,
                          max_steps=max_steps, **config)


raw_env = env  # PettingZoo's conventional name for the unwrapped environment: the same here


class WizarenaAECEnv(AECEnv):
    """A wizarena game table that PettingZoo agents take turns at.

    `config` goes to `game.new_state` unchanged (e.g. `swap=True` for cup). `max_steps`
    truncates an episode after that many actions; by default games run to their end,
    which the rules guarantee.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "wizarena_v0",
                                "is_parallelizable": False}

    def __init__(self, game_id: str, variant: str | None = None, *, players: int | None = None,
                 render_mode: str | None = None, reward: str = "win", max_steps: int | None = None,
                 **config: Any) -> None:
        super().__init__()
        game: Game = load_game(game_id, variant, players=players)
        shape = check_ready(game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = self.metadata["render_modes"]
            raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
        self.game = game
        self.config = config or None
        self.reward_mode = check_reward_mode(reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"wizarena_{game.full_id.replace('/', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (game.num_distinct_actions,), np.int8),
        })
        act_space = gymnasium.spaces.Discrete(game.num_distinct_actions)
        # One space object per agent, shared: PettingZoo requires the same object on every call.
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeder = random.Random()
        self.game_state: Any = None
        self.agents: list[str] = []
        self.agent_selection: str | None = None  # AECEnv.last() refuses to run before the first reset

    # -- spaces -------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # -- the episode --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. `reset(seed=s)` plays wizarena's game `new_state(s)`, so a PettingZoo
        episode can be replayed by the CLI; later seedless resets draw their seeds from s."""
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeder.getrandbits(63)
        self.game_state = self.game.new_state(game_seed, self.config, log=False)
        self.game_seed = game_seed
        agents = self.possible_agents[:]
        self.agents = agents
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self.steps = 0
        self._skip_agent_selection = None
        seats = self.game.to_act(self.game_state)
        if seats:
            self.agent_selection = agents[seats[0]]
        else:  # a game over before anyone moves still hands every agent its result
            self.agent_selection = agents[0]
            self._finish(0)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if agent is None:
            raise WizarenaError("call reset() before step()")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, state = self.game, self.game_state
        seat = self._seat[agent]
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for agents whose episode has ended")
        game.apply(state, seat, game.action(int(action)))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        seats = game.to_act(state)
        if not seats:
            self._finish(seat + 1)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[(seat + 1) % len(self.agents)]
        else:
            self.agent_selection = self.possible_agents[seats[0]]

    def _finish(self, next_seat: int) -> None:
        """Hand out the final rewards; each agent then takes its dead step, starting with
        the seat after the last mover."""
        outcome = self.game.outcome(self.game_state)
        for a, seat in self._seat.items():
            self.rewards[a] = final_reward(outcome, seat, self.reward_mode)
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.agents[next_seat % len(self.agents)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        game, state = self.game, self.game_state
        if state is None:
            raise WizarenaError("call reset() before observe()")
        return {"observation": np.asarray(game.observation_tensor(state, seat), np.float32),
                "action_mask": legal_mask(game, state, seat)}

    # -- people ---------------------------------------------------------------------------
    def render(self) -> str | None:
        """The acting seat's view as the game narrates it in a terminal."""
        seat = None if self.agent_selection is None else self._seat.get(self.agent_selection)
        return render_seat(self.game, self.game_state, seat, self.render_mode)

    def close(self) -> None:
        pass
