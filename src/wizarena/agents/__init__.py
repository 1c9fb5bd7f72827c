"""Computer players. Each speaks only the kernel protocol through a `Turn`, so it plays
every registered game and never sees more than its seat may know.

Agents are named by a spec string: "random", "greedy", "lookahead", "ismcts",
"ismcts:iterations=1000,c=0.7" (options after a colon, comma-separated) or "policy" (a
trained network played with numpy alone, see policy.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wizarena.core import Agent, Game, WizarenaError
from wizarena.core.inputs import shown

from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .lookahead import LookaheadAgent
from .policy import PolicyAgent
from .random_agent import RandomAgent

_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "lookahead": LookaheadAgent, "ismcts": ISMCTSAgent,
    "policy": PolicyAgent,
}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _parse_spec(spec: str) -> tuple[str, Callable[..., Agent], dict[str, Any]]:
    """A spec's agent name, factory and options; unknown names raise a one-line error."""
    name, _, opts = spec.strip().partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise WizarenaError(f"unknown agent {shown(name)} (known: {', '.join(agent_names())})")
    kwargs: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in opts.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise WizarenaError(f"agent option {shown(part)} must look like name=value")
        kwargs[key.strip()] = _parse_value(value.strip())
    return name, factory, kwargs


def reads_files(spec: str) -> bool:
    """Whether the agent of `spec` would read a file named in it (`policy:file=PATH`): fine
    at one's own terminal, not for a spec that came from a web client. Tells without
    building the agent, which would already open the file."""
    _, factory, kwargs = _parse_spec(spec)
    return any(key in getattr(factory, "file_options", ()) for key in kwargs)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from its spec; unknown names or options raise a one-line error."""
    name, factory, kwargs = _parse_spec(spec)
    try:
        return factory(seed=seed, **kwargs)
    except TypeError:
        given = ", ".join(map(shown, kwargs)) or "(none)"
        raise WizarenaError(f"agent {name!r} does not take options {given}") from None
    except ValueError as exc:
        raise WizarenaError(f"agent {name!r}: {exc}") from None


def check_plays(spec: str, game: Game) -> None:
    """Refuse, with a one-line error, an agent that cannot play `game` at all: a `policy`
    whose network was trained for another game, or none ships for this one. A spec alone
    does not name a game, so make_agent cannot tell; a table being opened can."""
    check = getattr(make_agent(spec), "check_game", None)
    if check is not None:
        check(game)


def agents_for(game: Game) -> list[str]:
    """The agent names that play `game` as they are (with no options): every agent plays
    every game, except `policy` where no trained network ships for it."""
    names = []
    for name in agent_names():
        try:
            check_plays(name, game)
        except WizarenaError:
            continue
        names.append(name)
    return names


__all__ = ["agent_names", "agents_for", "check_plays", "make_agent", "reads_files", "register_agent", "GreedyAgent",
           "ISMCTSAgent", "LookaheadAgent", "PolicyAgent", "RandomAgent"]
