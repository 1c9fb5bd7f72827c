"""Errors the kernel raises. Each carries a message meant for a person, not a stack trace."""

from __future__ import annotations


class WizarenaError(Exception):
    """Base of every error wizarena raises on purpose; the CLI prints these as one line."""


class IllegalAction(WizarenaError):
    """An action that the rules forbid now. The state it was offered to is left unchanged.

    `rule` names the rulebook section that forbids it, so the refusal can be explained.
    """

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(f"{reason} ({rule})" if rule else reason)
        self.reason = reason
        self.rule = rule


class UnknownGame(WizarenaError):
    """A game id or variant that is not registered, or a player count the game is not made for."""


class RecordError(WizarenaError):
    """A record file that cannot be read, or a record that does not replay."""


class ReplayDivergence(RecordError):
    """A replayed record stopped matching the rules at `step` (0-based)."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"record diverges at step {step}: {reason}")
        self.step = step
        self.reason = reason
