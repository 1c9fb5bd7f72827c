"""wizarena: wizard card and board games played by their printed rules."""

from .core import Action, IllegalAction, Outcome, Record, load_game, register
from .core.registry import game_ids

# The games that ship with wizarena, registered by path so that listing them is cheap.
register("cup", "wizarena.games.cup.game:CupGame")
register("mickey", "wizarena.games.mickey.game:MickeyGame")
register("wizwar", "wizarena.games.wizwar.game:WizWarGame")
register("wars", "wizarena.games.wars.game:WarsGame")

__version__ = "0.1.0"
__all__ = ["Action", "IllegalAction", "Outcome", "Record", "game_ids", "load_game", "register"]
