"""Bulk play: simulations across processes, their statistics, and throughput benchmarks.

Reaches games only through the registry and agents only through `make_agent`, so every
registered game and agent can be simulated without edits here.
"""

from .bench import bench
from .simulate import SimResult, SimulationError, simulate, split_agents
from .stats import Z95, rate, wilson

__all__ = ["SimResult", "SimulationError", "Z95", "bench", "rate", "simulate", "split_agents", "wilson"]
