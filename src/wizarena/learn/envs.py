"""The environments of a training run: Gymnasium games whose opponents come from the league.

Kept apart from league.py because these need Gymnasium (the `rl` and `train` extras),
while the pool and the draws are numpy only.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from wizarena.interop.gymnasium import WizarenaEnv

from .league import LeagueMix, Pool, Slot


class LeagueEnv(gymnasium.Wrapper):  # type: ignore[type-arg, unused-ignore]
    """A WizarenaEnv whose opponents are drawn from the pool at every reset. `info["opponent"]`
    names what the learner is facing ("self", "random" or an agent spec), so that progress
    can be told per kind of opponent."""

    def __init__(self, env: WizarenaEnv, slot: Slot | None, pool: Pool, mix: LeagueMix, label: str) -> None:
        super().__init__(env)
        self.slot = slot
        self.pool = pool
        self.mix = mix
        self.fixed_label = label
        self.label = label

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if self.slot is not None:
            self.slot.net = self.pool.draw(self.slot.rng, self.mix)
            self.label = "random" if self.slot.net is None else "self"
        obs, info = self.env.reset(seed=seed, options=options)
        info["opponent"] = self.label
        return obs, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        info["opponent"] = self.label
        return obs, float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal action ids, as MaskablePPO asks for them."""
        inner: WizarenaEnv = self.env  # type: ignore[assignment]
        return inner.action_masks()


def league_envs(game_id: str, variant: str | None, players: int | None, n: int, against: str, pool: Pool,
                mix: LeagueMix, seed: int, agent_share: float = 0.125, agent: str = "greedy") -> list[LeagueEnv]:
    """`n` environments, the learner's seat drawn per episode. Against "self" every env
    draws from the pool but a share (`agent_share`, at least one env when n >= 4) that
    plays `agent` throughout; against an agent spec ("random", "greedy") every env plays it."""
    envs: list[LeagueEnv] = []
    with_agent = 0 if against != "self" or n < 4 else max(1, round(n * agent_share))
    for i in range(n):
        if against == "self" and i >= with_agent:
            slot = Slot(np.random.default_rng([seed, i]))
            inner = WizarenaEnv(game_id, variant, players=players, seat="random", opponents=slot)
            envs.append(LeagueEnv(inner, slot, pool, mix, "self"))
        else:
            spec = agent if against == "self" else against
            inner = WizarenaEnv(game_id, variant, players=players, seat="random", opponents=spec)
            envs.append(LeagueEnv(inner, None, pool, mix, spec))
    return envs
