"""Computer players that misbehave on purpose, for the tests of the move budget.

`register` is handed to the app as its `agent_setup`, so the thinking processes know these
agents too; the tests call it in their own process, where the app checks agent specs.
"""

from __future__ import annotations

import time
from typing import Any

from wizarena.agents import register_agent
from wizarena.core import Action, Turn


class HangingAgent:
    """Thinks forever: it stands for any spec or position that would hold a thread."""

    name = "hang"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, turn: Turn) -> Action:
        while True:
            time.sleep(60)


class FailingAgent:
    """Raises at every move, as a broken agent would."""

    name = "fail"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, turn: Turn) -> Any:
        raise RuntimeError("this agent always fails")


def register() -> None:
    register_agent("hang", HangingAgent)
    register_agent("fail", FailingAgent)
