"""Every wizarena game and variant as an OpenSpiel Python game.

    import pyspiel
    from wizarena.interop import openspiel
    openspiel.register_all()                  # wizarena_cup, wizarena_cup_swap, ...
    game = pyspiel.load_game("wizarena_cup", {"seed": 7})

How the kernel maps onto OpenSpiel:

- Chance. Wizarena draws all chance from the seed given to `new_state`, so the games are
  SAMPLED_STOCHASTIC: there are no chance nodes, and the game parameter `seed` names the
  deal (every `new_initial_state()` of a game loaded with seed s is wizarena's game s;
  `new_initial_state("12")` gives game 12; seed -1 draws a fresh deal each time). The
  string parameter `config` carries the game's config as JSON, e.g. '{"swap": true}'.
- Players. A game that takes several player counts takes the count as the game parameter
  `players` (`pyspiel.load_game("wizarena_wizwar", {"players": 3})`); its default is the
  game's own, and a count the game does not take is refused when the game is loaded.
- Turns. `current_player()` is `to_act[0]`. Simultaneous secret choices
  (`game.simultaneous`) are asked one seat after another, which is sound because nothing
  a later seat observes depends on the earlier seats' steps: its information set holds
  every choice they could have made (docs/interop.md).
- Information. The observation string is the seat's view as JSON; the information-state
  string adds the seat's own past actions (perfect recall). Tensors are the game's
  `observation_tensor`, plus, for the information state, a one-hot row per own action.
  `resample_from_infostate` (used by OpenSpiel's Python ISMCTS) is `game.determinize`;
  the other seats' own-action records are blanked in the sample, since the sample's truth
  is not theirs. OpenSpiel keeps the real `history()` in a resampled state: do not read it.
- Rewards are terminal: `outcome.reward(seat)`, +1 / -1 / 0 with two seats; with more, a
  win of +1 shared by the winners and a loss of -1 shared by the others, so every game is
  zero-sum whatever its count (docs/interop.md).

OpenSpiel clones a Python state by building a fresh one and deep-copying its attributes;
a state therefore keeps everything in one holder whose deep copy is `game.clone`, and
builds its wizarena state only when first used, so clones cost no extra `new_state`.
"""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import numpy as np
import pyspiel

from wizarena.core import Action, Agent, Game, Turn, WizarenaError, load_game

from ._common import check_ready, game_variants, spiel_name

_SEED_MASK = (1 << 63) - 1


def register_all() -> list[str]:
    """Register every game and variant of the wizarena registry with OpenSpiel; returns
    their short names. Safe to call again (already registered names are kept as they are).
    A game without `max_game_length` or an observation tensor is skipped with a warning."""
    known = set(pyspiel.registered_names())
    names = []
    for gid, variant in game_variants():
        name = spiel_name(gid, variant)
        if name not in known:
            try:
                register(gid, variant)
            except WizarenaError as exc:
                warnings.warn(f"not registered with OpenSpiel: {exc}", stacklevel=2)
                continue
        names.append(name)
    return names


def register(game_id: str, variant: str | None = None) -> str:
    """Register one game and variant with OpenSpiel; returns its short name."""
    game = load_game(game_id, variant)
    check_ready(game)  # a game the adapters cannot carry fails here, not when loaded
    if game.max_game_length <= 0:
        raise WizarenaError(f"{game.full_id} does not declare max_game_length, which OpenSpiel needs")
    counts = sorted(type(game).player_counts)
    name = spiel_name(game_id, variant)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wizarena {game.name}" + (f" ({variant})" if variant else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Outcome.reward shares a win and a loss, so the rewards add up to 0 for any count.
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=counts[-1],
        min_num_players=counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "config": "", "players": game.num_players},
    )

    # A class per game, as OpenSpiel's own Python games do. A closure would also work as a
    # creator, but OpenSpiel's registry outlives the interpreter and frees a closure after
    # Python has shut down, which aborts the process at exit; a class stays referenced by
    # its own method resolution order and is never freed there.
    cls = type(f"WizarenaSpielGame_{name}", (WizarenaSpielGame,), {
        "__module__": __name__, "game_id": game_id, "variant": variant, "game_type": game_type})
    pyspiel.register_game(game_type, cls)
    return name


class WizarenaSpielGame(pyspiel.Game):
    """An OpenSpiel game around one wizarena Game object; `register` makes one subclass per
    game and variant, carrying what to load in its class attributes."""

    game_id: str
    variant: str | None
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        seed = int(params.setdefault("seed", 0))
        config_text = str(params.setdefault("config", ""))
        players = params.setdefault("players", self.game_type.parameter_specification["players"])
        # The count is chosen when the game is loaded, so its facts (seats, observation
        # shape, game length) are the loaded game's, not the class's.
        game = load_game(self.game_id, self.variant, players=players)
        self.shape = check_ready(game)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=game.max_game_length,
        )
        super().__init__(self.game_type, game_info, params)
        self.wz = game
        self.seed = seed
        try:
            self.config: dict[str, Any] | None = json.loads(config_text) if config_text else None
        except json.JSONDecodeError as exc:
            raise WizarenaError(f"config must be JSON, e.g. '{{\"swap\": true}}': {exc.msg}") from None
        if self.config is not None and not isinstance(self.config, dict):
            raise WizarenaError("config must be a JSON object")
        game.new_state(max(seed, 0), self.config, log=False)  # a bad config fails now, not mid-search
        self.obs_size = int(np.prod(self.shape))
        self._entropy = random.Random()

    def new_initial_state(self, seed: Any = None) -> WizarenaSpielState:
        """A new game: the game's `seed` parameter, or the seed given (an int or its text)."""
        if seed is not None:
            seed = int(seed)
        return WizarenaSpielState(self, seed)

    def fresh(self, seed: int | None) -> Any:
        """The wizarena state a new OpenSpiel state starts from."""
        if seed is None:
            seed = self.seed if self.seed >= 0 else self._entropy.getrandbits(63)
        return self.wz.new_state(seed, self.config, log=False)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WizarenaObserver:
        """The observer OpenSpiel's C++ side asks for (OpenSpiel passes the params alone,
        positionally, when it has no observation type)."""
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return WizarenaObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Table:
    """Everything a state holds, in one object whose deep copy is `game.clone`: OpenSpiel
    clones Python states by deep-copying their attributes, and a generic deep copy of a
    wizarena state would be slow and would copy the rules objects too."""

    __slots__ = ("owner", "seed", "state", "own")

    def __init__(self, owner: WizarenaSpielGame, seed: int | None) -> None:
        self.owner = owner
        self.seed = seed
        self.state: Any = None  # built on first use: see the module docstring
        self.own: tuple[tuple[int, ...], ...] = ((),) * owner.wz.num_players

    def get(self) -> Any:
        st = self.state
        if st is None:
            st = self.state = self.owner.fresh(self.seed)
        return st

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        c = _Table.__new__(_Table)
        c.owner = self.owner
        c.seed = self.seed
        c.state = self.owner.wz.clone(self.get())
        c.own = self.own  # tuples: shared safely
        return c


class WizarenaSpielState(pyspiel.State):
    """An OpenSpiel state around one wizarena state."""

    def __init__(self, game: WizarenaSpielGame, seed: int | None = None) -> None:
        super().__init__(game)
        self._table = _Table(game, seed)

    # -- what wizarena code needs -------------------------------------------------------
    @property
    def wizarena_game(self) -> Game:
        return self._table.owner.wz

    @property
    def wizarena_state(self) -> Any:
        """The wizarena state itself (mutating it behind OpenSpiel's back breaks history())."""
        return self._table.get()

    def own_actions(self, player: int) -> tuple[int, ...]:
        """The action ids `player` has taken, in order: its private memory."""
        return self._table.own[player]

    # -- OpenSpiel's State API ----------------------------------------------------------
    def current_player(self) -> int:
        seats = self._table.owner.wz.to_act(self._table.get())
        return seats[0] if seats else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(a.id for a in self._table.owner.wz.legal_actions(self._table.get(), player))

    def _apply_action(self, action: int) -> None:
        t = self._table
        wz, st = t.owner.wz, t.get()
        seat = wz.to_act(st)[0]
        wz.apply(st, seat, wz.action(action))
        own = list(t.own)
        own[seat] = own[seat] + (action,)
        t.own = tuple(own)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._table.owner.wz.action(action).text

    def is_terminal(self) -> bool:
        return not self._table.owner.wz.to_act(self._table.get())

    def returns(self) -> list[float]:
        wz = self._table.owner.wz
        outcome = wz.outcome(self._table.get())
        if outcome is None:
            return [0.0] * wz.num_players
        return [float(outcome.reward(p)) for p in range(wz.num_players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WizarenaSpielState:
        """A state `player_id` cannot tell from this one: `game.determinize`, seeded from
        OpenSpiel's sampler so a seeded search stays reproducible."""
        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        clone = self.clone()
        t = clone._table
        t.state = t.owner.wz.determinize(self._table.get(), player_id, rng)
        t.own = tuple(o if p == player_id else () for p, o in enumerate(t.own))
        return clone

    def __str__(self) -> str:
        wz = self._table.owner.wz
        return wz.render_text(wz.view(self._table.get(), None))


class WizarenaObserver:
    """OpenSpiel's PyObserver protocol: `tensor`, its named parts in `dict`, `set_from` and
    `string_from`. A seat's observation is its view; its information state adds its own
    actions. Observers for the public part or for all seats at once give strings only,
    since the games define tensors for one seat."""

    def __init__(self, game: WizarenaSpielGame, iig_obs_type: Any) -> None:
        self.game = game
        self.wz = game.wz
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if self.private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return
        size = game.obs_size
        # Perfect recall adds the seat's own actions in order, one entry per decision: the
        # action's id + 1 over the number of actions (0 = not yet). A one-hot row per
        # decision would be max_game_length x num_distinct_actions floats: megabytes for a
        # card game with long games and many actions.
        rows = self.wz.max_game_length
        self.tensor = np.zeros(size + (rows if self.recall else 0), np.float32)
        self.dict["observation"] = self.tensor[:size]
        if self.recall:
            self.dict["own_actions"] = self.tensor[size:]

    def set_from(self, state: WizarenaSpielState, player: int) -> None:
        if self.tensor is None:
            return
        st = state._table.get()
        self.dict["observation"][:] = self.wz.observation_tensor(st, player)
        if self.recall:
            hist = self.dict["own_actions"]
            hist.fill(0.0)
            own = state._table.own[player][: hist.shape[0]]
            if own:
                hist[: len(own)] = (np.asarray(own, np.float32) + 1) / self.wz.num_distinct_actions

    def string_from(self, state: WizarenaSpielState, player: int) -> str:
        st = state._table.get()
        if self.private == pyspiel.PrivateInfoType.NONE:
            return _dumps({"view": self.wz.view(st, None)})
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return _dumps({"views": [self.wz.view(st, p) for p in range(self.wz.num_players)]})
        out: dict[str, Any] = {"view": self.wz.view(st, player)}
        if self.recall:
            out["own_actions"] = list(state._table.own[player])
        return _dumps(out)


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def act(agent: Agent, state: WizarenaSpielState) -> int:
    """The action id a wizarena agent chooses for the player to move in an OpenSpiel state,
    so wizarena's agents can face OpenSpiel's bots."""
    wz, st = state.wizarena_game, state.wizarena_state
    seat = state.current_player()
    action: Action = agent.act(Turn(wz, st, seat))
    return action.id


__all__ = ["WizarenaSpielGame", "WizarenaSpielState", "WizarenaObserver", "act", "register", "register_all"]
