"""The game-agnostic kernel: protocol, actions, chance, events, records and replay."""

from .actions import Action
from .errors import IllegalAction, RecordError, ReplayDivergence, UnknownGame, WizarenaError
from .events import SPECTATORS, Event, only, others, say, visible
from .game import ActionId, CardId, Game, Option, Outcome, Seat
from .match import Agent, Match, Stop, Turn, play
from .record import Record, read_records, replay, write_records
from .registry import game_class, game_ids, load_game, register
from .rng import Rng

__all__ = [
    "Action", "ActionId", "Agent", "CardId", "Event", "Game", "IllegalAction", "Option", "Outcome", "Record",
    "RecordError", "Seat", "Match", "ReplayDivergence", "Rng", "Stop", "Turn", "UnknownGame", "WizarenaError",
    "game_class", "game_ids", "load_game", "only", "others", "play", "SPECTATORS", "read_records", "register", "replay",
    "say", "visible", "write_records",
]
