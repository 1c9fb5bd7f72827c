"""Every wizarena game and variant as an OpenSpiel Python game.

    import pyspiel
    from wizarena.interop import openspiel
    openspiel.register_all()                  # wizarena_cup, wizarena_cup_swap, ...
    game = pyspiel.load_game("wizarena_cup", {"rng_seed": 7})

How the kernel maps onto OpenSpiel:

- Chance. A wizarena game draws all its chance from the seed given to `new_state`, so the
  only chance event OpenSpiel needs to see is which seed: every game begins with chance
  nodes that deal a *deal number* d, uniformly from `deals` (default 2**24) numbers, one
  base-256 digit per node (three nodes by default, each listing at most 256 equally likely
  outcomes), and deal d is wizarena game `rng_seed * deals + d`. After the deal the game is
  deterministic given its history, and nothing a seat sees names the deal. So the games
  are EXPLICIT_STOCHASTIC: OpenSpiel's samplers (rl_environment, random_sim_test, MCCFR)
  draw a different deal each game, reproducibly from their own seed, tree algorithms (CFR,
  best response) see one fixed tree, and a state is its history: serialization replays it.
  `seed` >= 0 pins every game to wizarena game `seed` (one chance outcome), and
  `new_initial_state("12")` is wizarena game 12 with its deal already made.
  Why not a generator inside the game that moves on with each `new_initial_state()`, as
  OpenSpiel's sampled-stochastic C++ games have: a Python game cannot hand OpenSpiel the
  generator's state, which OpenSpiel's serialization of such games asks for, and a root that
  changes between calls gives CFR, its tabular policy and a best response different trees.
- Players. A game that takes several player counts takes the count as the game parameter
  `players`; its default is the game's own, and a count the game does not take is refused
  when the game is loaded. `config` carries the game's config as JSON, e.g. '{"swap": true}'.
- Turns. `current_player()` is `to_act[0]`. Simultaneous secret choices
  (`game.simultaneous`) are asked one seat after another, which is sound because nothing
  a later seat observes depends on the earlier seats' steps (docs/interop.md).
- Information. The observation string is the seat's view as JSON; the information-state
  string adds the seat's own past actions (perfect recall). The observation tensor is the
  game's `observation_tensor`; the information-state tensor adds a summary of the seat's
  own actions of bounded size (see `WizarenaObserver`). `resample_from_infostate` (used by
  OpenSpiel's Python ISMCTS) is `game.determinize`.
- Rewards are terminal: `outcome.reward(seat)`, zero-sum whatever the count.
- Pickling and serialization. A game pickles as its game string and a state as its game
  and history, replayed when loaded: wizarena's compiled states cannot be copied generically,
  and a replay reproduces them exactly. The per-game classes are importable attributes of
  this module (`WizarenaCupGame`, `WizarenaCupSwapGame`, ...; `game_class(id, variant)`).

OpenSpiel clones a Python state by building a fresh one and deep-copying its attributes;
a state therefore keeps everything in one holder whose deep copy is `game.clone`.
"""

from __future__ import annotations

import json
import random
import re
import warnings
from typing import Any
from urllib.parse import unquote

import numpy as np
import pyspiel

from wizarena.core import Action, Agent, Game, IllegalAction, Turn, WizarenaError, load_game

from ._common import check_ready, game_variants, spiel_name

RADIX = 256  # outcomes of one deal chance node at most: a byte of the deal number
DEFAULT_DEALS = RADIX ** 3  # 16,777,216 deals per rng_seed, dealt by three chance nodes
MAX_PARAM = 2**31 - 1  # OpenSpiel's integer parameters are 32-bit
RECENT = 2  # the information-state tensor's one-hot rows of the seat's latest own actions
_CLASSES: dict[str, type[WizarenaSpielGame]] = {}
_GAMES: dict[str, Any] = {}  # game string -> loaded game, for unpickling and replays
_GAME_CACHE_SIZE = 32
_ESCAPES = {"%": "%25", ",": "%2C", "=": "%3D", "(": "%28", ")": "%29"}


# -- registration -------------------------------------------------------------------------
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
    name = spiel_name(game_id, variant)
    cls = game_class(game_id, variant)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(cls.game_type, cls)
    return name


def class_name(short_name: str) -> str:
    """The attribute of this module that holds a game's class: `wizarena_cup_swap` ->
    `WizarenaCupSwapGame`."""
    return "".join(part.capitalize() for part in short_name.split("_")) + "Game"


def game_class(game_id: str, variant: str | None = None) -> type[WizarenaSpielGame]:
    """The OpenSpiel game class of a game and variant, made once and kept as an attribute
    of this module under `class_name`, so that it can be imported by name."""
    name = spiel_name(game_id, variant)
    cls = _CLASSES.get(name)
    if cls is not None:
        return cls
    game = load_game(game_id, variant)
    check_ready(game)  # a game the adapters cannot carry fails here, not when loaded
    if game.max_game_length <= 0:
        raise WizarenaError(f"{game.full_id} does not declare max_game_length, which OpenSpiel needs")
    counts = sorted(type(game).player_counts)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wizarena {game.name}" + (f" ({variant})" if variant else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
        parameter_specification={"rng_seed": 0, "deals": DEFAULT_DEALS, "seed": -1, "config": "",
                                 "players": game.num_players, "max_steps": 0},
    )
    # A class per game, as OpenSpiel's own Python games have; made here rather than written
    # out because games come from the registry. A closure would also do as a creator, but
    # OpenSpiel's registry outlives the interpreter and frees a closure after Python has
    # shut down, which aborts the process at exit; a class stays referenced by its module.
    cls = type(class_name(name), (WizarenaSpielGame,), {
        "__module__": __name__, "__qualname__": class_name(name),
        "game_id": game_id, "variant": variant, "game_type": game_type})
    _CLASSES[name] = cls
    globals()[cls.__name__] = cls
    return cls


def __getattr__(attr: str) -> Any:
    """`from wizarena.interop.openspiel import WizarenaCupGame` works in a fresh process:
    the class of a registered game is made on first use (PEP 562)."""
    if attr.startswith("Wizarena") and attr.endswith("Game"):
        for gid, variant in game_variants():
            if class_name(spiel_name(gid, variant)) == attr:
                return game_class(gid, variant)
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def _ensure_registered(short_name: str) -> None:
    if short_name in pyspiel.registered_names():
        return
    for gid, variant in game_variants():
        if spiel_name(gid, variant) == short_name:
            register(gid, variant)
            return
    raise WizarenaError(f"no wizarena game is called {short_name!r} (known: "
                        f"{', '.join(spiel_name(g, v) for g, v in game_variants())})")


def load(game_string: str) -> Any:
    """The OpenSpiel game of a game string such as `wizarena_cup(rng_seed=3)`, registering
    it first if needed: what an unpickled game or state is rebuilt from. Games hold no
    changing state, so one loaded game serves every caller with the same string."""
    if not isinstance(game_string, str):
        raise WizarenaError(f"a game string must be text, not {type(game_string).__name__}")
    game = _GAMES.get(game_string)
    if game is None:
        short = game_string.partition("(")[0].strip()
        if not re.fullmatch(r"[a-z0-9_]+", short):
            raise WizarenaError(f"not an OpenSpiel game string: {game_string[:80]!r}")
        _ensure_registered(short)
        game = pyspiel.load_game(game_string)
        if len(_GAMES) >= _GAME_CACHE_SIZE:
            _GAMES.pop(next(iter(_GAMES)))
        _GAMES[game_string] = game
    return game


def load_state(serialized: str) -> WizarenaSpielState:
    """The state of a `pyspiel.serialize_game_and_state` text of a wizarena game: what an
    unpickled state is rebuilt from (registering the game first if needed)."""
    if not isinstance(serialized, str):
        raise WizarenaError(f"a serialized state must be text, not {type(serialized).__name__}")
    lines = serialized.splitlines()
    try:
        game_line = lines[lines.index("[Game]") + 1]
    except (ValueError, IndexError):
        raise WizarenaError("not a serialized OpenSpiel game and state: no [Game] section") from None
    _ensure_registered(game_line.partition("(")[0].strip())
    state = pyspiel.deserialize_game_and_state(serialized)[1]
    if not isinstance(state, WizarenaSpielState):
        raise WizarenaError(f"{game_line} is not a wizarena game")
    return state


# -- parameters ---------------------------------------------------------------------------
def deal_radices(deals: int) -> tuple[int, ...]:
    """The outcome counts of the chance nodes that deal one of `deals` numbers, most
    significant digit first: 300 is refused, 512 is (2, 256), 2**24 is (256, 256, 256).
    Every outcome of every node is equally likely only if `deals` is m * 256**k with
    m <= 256, so other counts are refused rather than dealt unevenly."""
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_PARAM:
        raise WizarenaError(f"deals must be an integer from 1 to {MAX_PARAM}, not {deals!r}")
    radices: list[int] = []
    rest = deals
    while rest > RADIX:
        if rest % RADIX:
            raise WizarenaError(f"deals must be at most {RADIX} or m * {RADIX}**k with m <= {RADIX} "
                                f"(e.g. 256, 512, 65536, {DEFAULT_DEALS}), so that every deal is equally "
                                f"likely; {deals} is not")
        radices.append(RADIX)
        rest //= RADIX
    return (rest, *radices)


def _config_text(config: dict[str, Any] | None) -> str:
    """The config as it is kept in the game's parameters: compact JSON with the characters
    that delimit OpenSpiel game strings (`,` `=` `(` `)`) percent-escaped, so that
    `pyspiel.load_game(str(game))` gives the same game back."""
    if not config:
        return ""
    text = json.dumps(config, sort_keys=True, separators=(",", ":"))
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def _parse_config(text: str) -> dict[str, Any] | None:
    """The config of the `config` parameter: JSON as written, or as `_config_text` kept it."""
    if not text:
        return None
    try:
        config = json.loads(unquote(text) if "%" in text else text)
    except json.JSONDecodeError as exc:
        raise WizarenaError(f"config must be a JSON object, e.g. '{{\"swap\": true}}': {exc.msg}") from None
    if not isinstance(config, dict):
        raise WizarenaError(f"config must be a JSON object, not {type(config).__name__}")
    return config or None


def _int_param(params: dict[str, Any], key: str, lowest: int) -> int:
    value = params[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= MAX_PARAM:
        raise WizarenaError(f"{key} must be an integer from {lowest} to {MAX_PARAM}, not {value!r}")
    return value


# -- the game -----------------------------------------------------------------------------
class WizarenaSpielGame(pyspiel.Game):
    """An OpenSpiel game around one wizarena Game object; `game_class` makes one subclass
    per game and variant, carrying what to load in its class attributes.

    Parameters: `rng_seed` (which book of deals: deal d is wizarena game
    rng_seed * deals + d; -1 draws one when the game is loaded and keeps it in the game's
    parameters, so the game string still names it), `deals` (how many deals chance chooses
    from), `seed` (>= 0: every game is wizarena game `seed`; overrides the other two),
    `config` (the game's config as JSON), `players`, and `max_steps` (> 0: the game stops
    after that many decisions as a draw, 0 to every seat; for long games where a search
    or a test needs short ones; 0, the default, plays the game to its own end)."""

    game_id: str
    variant: str | None
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        for key, default in self.game_type.parameter_specification.items():
            params.setdefault(key, default)
        rng_seed = _int_param(params, "rng_seed", -1)
        if rng_seed == -1:
            rng_seed = params["rng_seed"] = random.SystemRandom().randrange(MAX_PARAM)
        deals = _int_param(params, "deals", 1)
        seed = _int_param(params, "seed", -1)
        self.max_steps = _int_param(params, "max_steps", 0)
        config = _parse_config(str(params["config"]))
        params["config"] = _config_text(config)
        # The count is chosen when the game is loaded, so its facts (seats, observation
        # shape, game length) are the loaded game's, not the class's.
        game = load_game(self.game_id, self.variant, players=params["players"])
        self.shape = check_ready(game)
        if seed >= 0:
            self.radices: tuple[int, ...] = (1,)
            self.base = seed
        else:
            self.radices = deal_radices(deals)
            self.base = rng_seed * deals
        game_info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=max(self.radices),
            num_players=game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=min(game.max_game_length, self.max_steps or game.max_game_length),
        )
        super().__init__(self.game_type, game_info, params)
        self.wz = game
        self.config = config
        game.new_state(self.base, config, log=False)  # a bad config fails now, not mid-search
        self.obs_size = int(np.prod(self.shape))

    def new_initial_state(self, seed: Any = None) -> WizarenaSpielState:
        """The root, where chance deals. Given a wizarena game number (an int or its text),
        that game instead, its deal already made (`history()` holds its one chance step)."""
        if seed is None:
            return WizarenaSpielState(self)
        text = str(seed).strip()
        if not text.isdigit() or int(text) >= 2**63:
            raise WizarenaError(f"new_initial_state takes a wizarena game number (0 to 2**63 - 1), not {seed!r}")
        state = WizarenaSpielState(self, int(text))
        state.apply_action(0)
        return state

    def max_chance_nodes_in_history(self) -> int:
        return len(self.radices)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WizarenaObserver:
        """The observer OpenSpiel's C++ side asks for (OpenSpiel passes the params alone,
        positionally, when it has no observation type)."""
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise WizarenaError(f"observation parameters are not supported; got {params}")
        return WizarenaObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string: the game is rebuilt by loading it (pybind's own
        pickling would give an object without its Python attributes)."""
        return (load, (str(self),))


class _Table:
    """Everything a state holds, in one object whose deep copy is `game.clone`: OpenSpiel
    clones Python states by deep-copying their attributes, and a generic deep copy of a
    wizarena state would be slow and would copy the rules objects too. `trail` is every
    action applied, chance digits first: the table pickles as it and is rebuilt by replay."""

    __slots__ = ("owner", "base", "radices", "trail", "state", "own", "sampled")

    def __init__(self, owner: WizarenaSpielGame, base: int, radices: tuple[int, ...]) -> None:
        self.owner = owner
        self.base = base
        self.radices = radices
        self.trail: list[int] = []
        self.state: Any = None  # dealt by the last chance node
        self.own: tuple[tuple[int, ...], ...] = ((),) * owner.wz.num_players
        self.sampled = False  # made by resample_from_infostate: not a replay of its trail

    def deal_seed(self, digits: list[int]) -> int:
        """The wizarena game number that these deal digits (all of them) make."""
        number = 0
        for radix, digit in zip(self.radices, digits, strict=True):
            number = number * radix + digit
        return self.base + number

    def seats(self) -> tuple[int, ...]:
        """Who acts now (`to_act`), or nobody once `max_steps` decisions have been made."""
        cap = self.owner.max_steps
        if cap and len(self.trail) - len(self.radices) >= cap:
            return ()
        return tuple(self.owner.wz.to_act(self.state))

    def apply(self, action: int) -> None:
        """Apply one action id (a deal digit while dealing); an illegal one raises and
        changes nothing."""
        if self.state is None:
            radix = self.radices[len(self.trail)]
            if not 0 <= action < radix:
                raise IllegalAction(f"deal digit {len(self.trail) + 1} is 0 to {radix - 1}, not {action}")
            digits = [*self.trail, action]
            if len(digits) == len(self.radices):
                self.state = self.owner.wz.new_state(self.deal_seed(digits), self.owner.config, log=False)
            self.trail.append(action)
            return
        wz, st = self.owner.wz, self.state
        seats = self.seats()
        if not seats:
            raise IllegalAction(f"the game is over; action {action} cannot be applied")
        seat = seats[0]
        wz.apply(st, seat, wz.action(action))
        own = list(self.own)
        own[seat] = own[seat] + (action,)
        self.own = tuple(own)
        self.trail.append(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        c = _Table.__new__(_Table)
        c.owner = self.owner
        c.base = self.base
        c.radices = self.radices
        c.trail = self.trail[:]
        c.state = None if self.state is None else self.owner.wz.clone(self.state)
        c.own = self.own  # tuples: shared safely
        c.sampled = self.sampled
        return c

    def __reduce__(self) -> tuple[Any, ...]:
        if self.sampled:
            raise WizarenaError("a state made by resample_from_infostate is a guess at hidden information, "
                                "not a replay of its history: it cannot be serialized or pickled")
        return (_replay, (str(self.owner), self.base, self.radices, tuple(self.trail)))


def _replay(game_string: str, base: int, radices: tuple[int, ...], trail: tuple[int, ...]) -> _Table:
    """A table rebuilt from its pickled form, checked, since it may come from a file."""
    owner = load(game_string)
    if not isinstance(owner, WizarenaSpielGame):
        raise WizarenaError(f"{game_string} is not a wizarena game")
    if (not isinstance(base, int) or not 0 <= base < 2**63 or not isinstance(radices, tuple) or not radices
            or not all(isinstance(r, int) and 1 <= r <= RADIX for r in radices)):
        raise WizarenaError(f"corrupt serialized state: bad deal {base!r} {radices!r}")
    table = _Table(owner, base, radices)
    for i, action in enumerate(trail):
        if not isinstance(action, int):
            raise WizarenaError(f"corrupt serialized state: step {i} is {action!r}, not an action id")
        try:
            table.apply(action)
        except WizarenaError as exc:
            raise WizarenaError(f"corrupt serialized state: step {i} (action {action}) "
                                f"does not replay: {exc}") from None
    return table


class WizarenaSpielState(pyspiel.State):
    """An OpenSpiel state around one wizarena state; the root is a chance node (the deal)."""

    def __init__(self, game: WizarenaSpielGame, seed: int | None = None) -> None:
        super().__init__(game)
        if seed is None:
            self._table = _Table(game, game.base, game.radices)
        else:
            self._table = _Table(game, seed, (1,))

    # -- what wizarena code needs -------------------------------------------------------
    @property
    def wizarena_game(self) -> Game:
        return self._table.owner.wz

    @property
    def wizarena_state(self) -> Any:
        """The wizarena state itself (mutating it behind OpenSpiel's back breaks history()
        and serialization); None until the deal is made."""
        return self._table.state

    @property
    def wizarena_seed(self) -> int | None:
        """The number of the wizarena game that was dealt (None until then): the game can
        be replayed with wizarena's own tools from it and the actions that followed."""
        t = self._table
        return None if t.state is None else t.deal_seed(t.trail[: len(t.radices)])

    def own_actions(self, player: int) -> tuple[int, ...]:
        """The action ids `player` has taken, in order: its private memory."""
        return self._table.own[player]

    # -- OpenSpiel's State API ----------------------------------------------------------
    def current_player(self) -> int:
        t = self._table
        if t.state is None:
            return pyspiel.PlayerId.CHANCE
        seats = t.seats()
        return seats[0] if seats else pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        t = self._table
        if t.state is not None:
            return []
        radix = t.radices[len(t.trail)]
        return [(i, 1.0 / radix) for i in range(radix)]

    def _legal_actions(self, player: int) -> list[int]:
        t = self._table
        if t.state is None:
            return [a for a, _ in self.chance_outcomes()] if player == pyspiel.PlayerId.CHANCE else []
        if not t.seats():
            return []
        return sorted(a.id for a in t.owner.wz.legal_actions(t.state, player))

    def _apply_action(self, action: int) -> None:
        self._table.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        t = self._table
        if player == pyspiel.PlayerId.CHANCE:
            n = len(t.radices)
            step = min(len(t.trail), n - 1) if t.state is None else n - 1
            text = f"deal digit {step + 1} of {n}: {action}"
            if step == n - 1 and 0 <= action < t.radices[step]:
                text += f" (wizarena game {t.deal_seed([*t.trail[:step], action])})"
            return text
        return t.owner.wz.action(action).text

    def is_terminal(self) -> bool:
        t = self._table
        return t.state is not None and not t.seats()

    def returns(self) -> list[float]:
        t = self._table
        wz = t.owner.wz
        outcome = None if t.state is None else wz.outcome(t.state)
        if outcome is None:
            return [0.0] * wz.num_players
        return [float(outcome.reward(p)) for p in range(wz.num_players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WizarenaSpielState:
        """A state `player_id` cannot tell from this one: `game.determinize`, seeded from
        OpenSpiel's sampler so a seeded search stays reproducible. The other seats' records
        of their own actions are blanked (the sample's truth is not theirs), and the sample
        is not a replay of its history, so it refuses to be serialized. OpenSpiel keeps the
        real `history()` in it: do not read it."""
        clone = self.clone()
        t = clone._table
        if t.state is None:
            return clone
        rng = random.Random(int(float(probability_sampler()) * (1 << 53)))
        t.state = t.owner.wz.determinize(self._table.state, player_id, rng)
        t.own = tuple(o if p == player_id else () for p, o in enumerate(t.own))
        t.sampled = True
        return clone

    def __str__(self) -> str:
        t = self._table
        if t.state is None:
            return f"dealing: chance draws deal digit {len(t.trail) + 1} of {len(t.radices)}"
        wz = t.owner.wz
        return wz.render_text(wz.view(t.state, None))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as OpenSpiel serializes it (game string, history, the table's replay)."""
        return (load_state, (pyspiel.serialize_game_and_state(self.get_game(), self),))


class WizarenaObserver:
    """OpenSpiel's PyObserver protocol: `tensor`, its named parts in `dict`, `set_from` and
    `string_from`. A seat's observation is its view; its information state adds its own
    actions. Observers for the public part or for all seats at once give strings only,
    since the games define tensors for one seat. Before the deal every seat sees nothing.

    The information-state tensor is the observation tensor followed by a summary of the
    seat's own actions whose size does not grow with the game's length:
    `own_action_counts` (one entry per action id, 1 - 0.5**n after taking it n times: 0
    never, 0.5 once, 0.75 twice, ...) and `last_own_actions` (RECENT one-hot rows over the
    action ids, the latest first). Its string keeps the whole sequence (perfect recall)."""

    def __init__(self, game: WizarenaSpielGame, iig_obs_type: Any) -> None:
        self.game = game
        self.wz = game.wz
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if self.private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return
        size, n = game.obs_size, self.wz.num_distinct_actions
        self.tensor = np.zeros(size + ((1 + RECENT) * n if self.recall else 0), np.float32)
        self.dict["observation"] = self.tensor[:size]
        if self.recall:
            self.dict["own_action_counts"] = self.tensor[size:size + n]
            self.dict["last_own_actions"] = self.tensor[size + n:].reshape(RECENT, n)

    def set_from(self, state: WizarenaSpielState, player: int) -> None:
        if self.tensor is None:
            return
        t = state._table
        if t.state is None:
            self.tensor.fill(0.0)
            return
        self.dict["observation"][:] = self.wz.observation_tensor(t.state, player)
        if self.recall:
            own = t.own[player]
            counts = np.bincount(np.asarray(own, np.int64), minlength=self.wz.num_distinct_actions)
            self.dict["own_action_counts"][:] = 1.0 - np.power(0.5, counts)
            recent = self.dict["last_own_actions"]
            recent.fill(0.0)
            for row, action in enumerate(reversed(own[-RECENT:])):
                recent[row, action] = 1.0

    def string_from(self, state: WizarenaSpielState, player: int) -> str:
        st = state._table.state
        if self.private == pyspiel.PrivateInfoType.NONE:
            return _dumps({"view": None if st is None else self.wz.view(st, None)})
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return _dumps({"views": None if st is None else [self.wz.view(st, p) for p in range(self.wz.num_players)]})
        out: dict[str, Any] = {"view": None if st is None else self.wz.view(st, player)}
        if self.recall:
            out["own_actions"] = list(state._table.own[player])
        return _dumps(out)


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def act(agent: Agent, state: WizarenaSpielState) -> int:
    """The action id a wizarena agent chooses for the player to move in an OpenSpiel state,
    so wizarena's agents can face OpenSpiel's bots."""
    seat = state.current_player()
    if seat < 0:
        raise WizarenaError("act needs a seat to move; this state is a chance node or over "
                            "(sample chance_outcomes() at a chance node)")
    action: Action = agent.act(Turn(state.wizarena_game, state.wizarena_state, seat))
    return action.id


__all__ = ["WizarenaObserver", "WizarenaSpielGame", "WizarenaSpielState", "act", "class_name", "deal_radices",
           "game_class", "load", "load_state", "register", "register_all"]
