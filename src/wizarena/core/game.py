"""The kernel protocol every wizarena game implements.

One `Game` object per game and variant holds the rules; the mutable `State` holds one
table's position. The CLI, agents, simulators, web server and research adapters speak
only this protocol, so a new game works everywhere once it implements it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, final

from mypy_extensions import mypyc_attr

from .actions import Action
from .errors import IllegalAction, UnknownGame, WizarenaError
from .events import Event, visible
from .inputs import check_typed, shown, whole_number

if TYPE_CHECKING:
    import numpy as np


@final
class Outcome:
    """How a finished game ended: who won, who was eliminated and in which order, optional
    scores, and why.

    `eliminated` lists the seats knocked out of the game, the first one out first; a game
    where nobody leaves early (Cup, Mickey) leaves it empty.
    """

    __slots__ = ("winners", "scores", "reason", "num_players", "eliminated")

    def __init__(
        self,
        winners: tuple[int, ...],
        num_players: int,
        reason: str = "",
        scores: tuple[float, ...] | None = None,
        eliminated: tuple[int, ...] = (),
    ) -> None:
        self.winners = winners
        self.num_players = num_players
        self.reason = reason
        self.scores = scores
        self.eliminated = eliminated

    @property
    def draw(self) -> bool:
        """No single winner: a tie between several seats, or nobody."""
        return len(self.winners) != 1

    def reward(self, seat: int) -> float:
        """What the result is worth to `seat`, in [-1, 1], the same for every seat count.

        A win is worth +1 and a loss -1, each shared: the k winners get +1/k each and the
        n - k others -1/(n - k) each, so the rewards of a game always add up to 0. With two
        seats that is +1 and -1, and 0 for both in a draw; a game that everyone shares, or
        that nobody wins, is worth 0 to all. docs/interop.md gives the reasons.
        """
        k = len(self.winners)
        n = self.num_players
        if k == 0 or k >= n:
            return 0.0
        return 1.0 / k if seat in self.winners else -1.0 / (n - k)

    def rewards(self) -> tuple[float, ...]:
        """`reward(seat)` for every seat, in seat order."""
        return tuple(self.reward(s) for s in range(self.num_players))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"winners": list(self.winners),
                                "scores": None if self.scores is None else list(self.scores),
                                "reason": self.reason}
        if self.eliminated:  # absent when nobody left early, as in records written before it existed
            data["eliminated"] = list(self.eliminated)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], num_players: int) -> Outcome:
        scores = data.get("scores")
        return cls(tuple(data["winners"]), num_players, data.get("reason", ""),
                   None if scores is None else tuple(scores), tuple(data.get("eliminated") or ()))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Outcome) and self.winners == other.winners
                and self.scores == other.scores and self.reason == other.reason
                and self.eliminated == other.eliminated)

    def __repr__(self) -> str:
        out = f", eliminated={self.eliminated}" if self.eliminated else ""
        return f"Outcome(winners={self.winners}{out}, reason={self.reason!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Spelled out so that copies and pickles (worker processes) work in the compiled build too.
        return (Outcome, (self.winners, self.num_players, self.reason, self.scores, self.eliminated))


def describe_counts(counts: tuple[int, ...]) -> str:
    """'is played by 2 players', 'takes 2, 3 or 4 players': the allowed counts in words."""
    if len(counts) == 1:
        return f"is played by {counts[0]} players"
    ordered = sorted(counts)
    return f"takes {', '.join(map(str, ordered[:-1]))} or {ordered[-1]} players"


# What a bare int means in the protocol (python-chess names its squares so): a seat is a
# player's place at the table, 0 to num_players - 1 in turn order; an action id is the
# stable number of one of the game's actions (core/actions.py); a card id is a card's
# index in its game's catalogue (the games' CARDS tables).
Seat: TypeAlias = int
ActionId: TypeAlias = int
CardId: TypeAlias = int

class Option:
    """A yes-or-no rule a game can be made with, such as an official variant: set by
    `config={key: True}` and recorded in every record (`Game.config_of`). `wizarena games`,
    `/api/games` and the lobby list a game's options, each for the player counts it names
    (none: for every count)."""

    __slots__ = ("key", "description", "players")

    def __init__(self, key: str, description: str, players: tuple[int, ...] = ()) -> None:
        self.key = key
        self.description = description
        self.players = players

    def fits(self, players: int) -> bool:
        """Whether a game of `players` may be made with this option."""
        return not self.players or players in self.players

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "description": self.description, "players": list(self.players)}


class State(Protocol):
    """What the kernel needs of any game state: its seed, its event log (None = off)."""

    seed: int
    log: list[Event] | None


@mypyc_attr(allow_interpreted_subclasses=True)  # plug-in games and test games are interpreted
class Game:
    """Base class of the games. Subclasses fill in the rules; the defaults here are generic.

    Hot-path methods (`to_act`, `legal_actions`, `apply`, `clone`) must stay cheap:
    agents and simulators call them millions of times.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    variants: ClassVar[dict[str | None, str]] = {None: "standard rules"}
    # How lists (the lobby) name each variant in words, after the game's name; a variant
    # left out is named by its id. `default_variant` is the named variant whose rules the
    # bare id plays, so that lists show those rules once.
    variant_titles: ClassVar[dict[str | None, str]] = {}
    default_variant: ClassVar[str | None] = None
    # Variants played by another class ("module:Class"), such as an edition with its own
    # state and action table; `load_game` makes that class for them.
    variant_classes: ClassVar[dict[str, str]] = {}
    # Class-level facts of a game. ClassVar keeps them class attributes in the compiled
    # build too, so an interpreted subclass (a plug-in or a test game) that sets them is
    # read correctly by the compiled kernel.
    # The numbers of players the game may be made for, the first being the default
    # (`load_game(id, players=n)`); each Game object is then made for one of them, its
    # `num_players`. A game with a fixed count lists just that count.
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    actions: ClassVar[tuple[Action, ...]] = ()  # every action of the game, indexed by id
    # An upper bound on the decisions (applied actions) of one game: learning frameworks
    # size buffers and cut runaway episodes with it. 0 = the game does not say.
    max_game_length: ClassVar[int] = 0
    # Search agents (ISMCTS) stop a random playout after this many steps and score the
    # position with `heuristic` instead of playing to the end; 0 = play to the end. A game
    # sets it only where its heuristic was measured to play at least as strongly.
    rollout_cutoff: ClassVar[int] = 0
    # What a difference of `heuristic` values between seats is worth: a search maps a
    # lead of d to the reward tanh(d / heuristic_scale) in [-1, 1], which stands in for
    # the result of the playout it cut; fit it to the mean result of random playouts from
    # positions with lead d (docs/agents.md tells how).
    heuristic_scale: ClassVar[float] = 1.0
    # The verb a card-balance study prints for `cards_used`: "picked", "played", "cast";
    # "" = the game cannot say which cards each seat used.
    card_usage: ClassVar[str] = ""
    # The game's card catalogue, each card with a `to_json()` (`wizarena cards`, the web
    # API); () for a game without one.
    cards: ClassVar[tuple[Any, ...]] = ()
    # Whether the game has deck-building rules that `check_deck` applies (`wizarena deck
    # check`, balance studies over decks).
    deck_rules: ClassVar[bool] = False
    # The yes-or-no rules the game can be made with (`config={key: True}`); `check_options`
    # reads a config against them.
    options: ClassVar[tuple[Option, ...]] = ()
    # The computer opponent people meet when they name none (the CLI's `--vs`, a seat left
    # to the computer at a web table): an agent spec (wizarena.agents), measured as the
    # strongest that keeps within a couple of seconds a move for this game.
    default_agent: ClassVar[str] = "greedy"
    # Reminder text for each keyword and status of the game, by its name (`help_text`).
    glossary: ClassVar[dict[str, str]] = {}

    def __init__(self, variant: str | None = None, players: object = None) -> None:
        self.variant = variant
        # An instance attribute, not a class fact: one class serves every count it allows.
        # Games read it on hot paths; in the compiled build that is a native field read.
        self.num_players: int = self._seat_count(players)
        self._observation_shape: tuple[int, ...] | None = None

    def _seat_count(self, players: object) -> int:
        """The player count asked for, checked against `player_counts` (None: the default)."""
        cls = type(self)
        counts = cls.player_counts
        legacy: object = getattr(cls, "num_players", None)
        if isinstance(legacy, int):
            # A game written when the count was a class fact: reading its class attribute
            # here and the field elsewhere would disagree in the compiled build, so say so.
            raise TypeError(f"{cls.__name__} sets num_players as a class attribute: declare "
                            f"player_counts = ({legacy},) instead")
        if players is None:
            return counts[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            shown = repr(players) if len(repr(players)) <= 20 else repr(players)[:20] + "..."
            raise UnknownGame(f"{self.full_id} {describe_counts(counts)}, not {shown}")
        return players

    # -- the contract ---------------------------------------------------------------
    def new_state(self, seed: int = 0, config: dict[str, Any] | None = None, *, log: bool = True) -> Any:
        """The state at the start of a game: set up and dealt from `seed` (all chance to come
        follows from it), with the game's options in `config`; `log` off skips the events."""
        raise NotImplementedError

    def to_act(self, state: Any) -> tuple[Seat, ...]:
        """The seats that must decide now, in seat order; () once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: Any, player: Seat) -> list[Action]:
        """The actions `player` may take now, in a stable order; [] if it is not to act."""
        raise NotImplementedError

    def apply(self, state: Any, player: Seat, action: Action) -> None:
        """Take `player`'s legal `action`, changing `state` in place and logging its events."""
        raise NotImplementedError

    def view(self, state: Any, player: Seat | None) -> dict[str, Any]:
        """What `player` (None: a spectator) may see of `state`, as JSON-ready data."""
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        """An independent copy of `state`, cheap enough for search to make thousands."""
        raise NotImplementedError

    def determinize(self, state: Any, player: Seat, rng: random.Random) -> Any:
        """A copy of `state` with everything `player` cannot know drawn again at random from
        what it might be, consistent with all `player` has seen (for search agents)."""
        raise NotImplementedError

    def check_deck(self, path: str, fmt: str | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The violations and notes, each (rulebook section, message), of the deck file at
        `path` under the deck rules of format `fmt` (None: the file's own); games with
        `deck_rules` implement it."""
        raise WizarenaError(f"{self.full_id} has no deck rules")

    # -- simultaneous decisions -----------------------------------------------------------
    def simultaneous(self, state: Any) -> tuple[Seat, ...]:
        """The seats of the simultaneous decision under way, those that have finished their
        part included; () when no such decision is open.

        A game declares here every decision its rules make at the same time (Cup's order of
        five, Wizard Wars' mulligans...). While one is open, what a seat or a spectator can
        observe (view, events, legal actions, observation tensor, `to_act_seen`) never
        depends on what another seat of the decision chose, nor on how far it got: the game
        keeps every consequence that others could see for the moment the last seat
        finishes, and `to_act` alone, which drives the table, tells who is still choosing.
        `step_is_secret` says which steps those are; the server pushes nothing for them."""
        return ()

    def to_act_seen(self, state: Any, seat: Seat | None) -> tuple[Seat, ...]:
        """Who must decide now, as `seat` (None: a spectator) may know it: during a
        simultaneous decision a seat knows whether it has finished its own part, and sees
        every other seat of the decision as still choosing until all have finished."""
        acting = self.to_act(state)
        together = self.simultaneous(state)
        if not together:
            return acting
        return tuple(q for q in together if q != seat or q in acting)

    def read_local_config(self, config: dict[str, Any] | None) -> dict[str, Any] | None:
        """A config as a person gives it on their own machine (the CLI), with the files it
        names (a deck file, say) read into it. Only the CLI calls this: a config from a web
        table, a record or a worker is taken as it is, so it can never make the server read
        one of its own files. The default: configs name no files."""
        return config

    def config_of(self, state: Any) -> dict[str, Any]:
        """The config a state was made with, as needed to rebuild it for a record."""
        return {}

    def check_options(self, config: dict[str, Any]) -> dict[str, bool]:
        """A config made only of this game's `options`, each true or false and fit for
        this game's player count, as {key: value}; anything else raises ValueError naming
        the key."""
        known = {o.key: o for o in self.options}
        chosen: dict[str, bool] = {}
        for key, value in config.items():
            option = known.get(key)
            if option is None:
                names = ", ".join(sorted(known)) or "none"
                raise ValueError(f"unknown config key {str(key)[:40]!r} (known: {names})")
            if not isinstance(value, bool):
                raise ValueError(f"config {key!r} is true or false")
            if value and not option.fits(self.num_players):
                counts = " or ".join(map(str, option.players))
                raise ValueError(f"config {key!r} is for {counts} players, not {self.num_players}")
            chosen[key] = value
        return chosen

    def render_text(self, view: dict[str, Any]) -> str:
        """A seat's view as text for a terminal. Games override this with a proper
        picture; the default lists the view's top-level facts."""
        return "\n".join(f"{k}: {v}" for k, v in view.items() if k != "legal")

    def observation_tensor(self, state: Any, player: Seat) -> list[float] | np.ndarray:
        """What `player` knows of `state` as a flat vector of floats in [0, 1], the same length
        for every state of this game and variant (`observation_shape`).

        Learning code needs numbers of a fixed shape; the view dict has neither. It must be
        built only from what the seat may know, so that two states the seat cannot tell
        apart (see `determinize`) give equal tensors. Values stay in [0, 1] so adapters can
        declare the space without asking each game for bounds. Return a new list or array
        on every call: learners keep observations in replay buffers.
        """
        raise NotImplementedError(f"{self.full_id} does not provide an observation tensor")

    def information_key(self, state: Any, player: Seat) -> int:
        """What `player` knows of `state` as one int: equal for any two states he cannot
        tell apart (two determinizations of one position), and, but for a collision of
        64-bit hashes, different for states he can. Search keys its information sets by it
        (`ismcts`), so it is asked at every step of a descent and must be cheap.

        The default hashes the observation tensor, or, for a game without one, the seat's
        view; a game may override it with something cheaper that tells the same states
        apart. Like `hash`, it is not stable between processes: never store it."""
        try:
            observed = self.observation_tensor(state, player)
        except NotImplementedError:
            return hash((player, repr(self.view(state, player))))
        if isinstance(observed, list):
            return hash((player, tuple(observed)))
        return hash((player, observed.tobytes()))

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of `observation_tensor`. Measured once on a fresh state, so a game
        only has to write the tensor; games that know their layout may override it."""
        shape = self._observation_shape
        if shape is None:
            shape = self._observation_shape = (len(self.observation_tensor(self.new_state(0, log=False), 0)),)
        return shape

    def action_hint(self, action: Action) -> str:
        """A few words a menu may show beside an action, such as the facts of the card it
        plays ("Non, power 1"); "" when there is nothing to add. Never secret: it reads
        only the action, which the seat offered it already knows."""
        return ""

    def action_text(self, state: Any, action: Action) -> str:
        """What a person reads for `action` in this position: in a menu, the web table's list
        of actions, a message about it. Its own `text` unless the game words it from the
        table as it lies (Wiz-War names a square "c4" after where it is on the board dealt,
        which an action table shared by every board cannot know). `parse_action` reads these
        words as well as the text. Never secret: it may use only what every seat sees."""
        return action.text

    def help_text(self, topic: str) -> str | None:
        """A few lines that explain `topic` to a person at the table (`help Fireball` in
        `wizarena play`), None when the game has nothing under that name. The default looks
        the topic up among the game's words (`glossary`: a keyword or status, named whole)
        and the card catalogue's names (case, spaces and a unique beginning are enough) and
        shows the reminder, or the card's row with its text last."""
        wanted = " ".join(topic.lower().split())
        if not wanted:
            return None
        word = self.glossary_text(wanted)
        if word is not None:
            return word
        rows = [c.to_json() for c in self.cards]
        named = [r for r in rows if isinstance(r.get("name"), str)]
        found = [r for r in named if r["name"].lower() == wanted] or \
            [r for r in named if r["name"].lower().startswith(wanted)]
        if len({r["name"] for r in found}) != 1:
            return None
        row = found[0]
        facts = [f"{k} {v}" for k, v in row.items()
                 if k not in ("id", "name", "text") and isinstance(v, (int, str)) and not isinstance(v, bool)
                 and v != "" and len(str(v)) <= 40]
        text = row.get("text") or row.get("ability") or ""
        head = str(row["name"]) + (f" ({', '.join(facts)})" if facts else "")
        return f"{head}\n{text}" if text else head

    def glossary_text(self, topic: str) -> str | None:
        """`word: reminder` for the word of the game's `glossary` that `topic` names whole
        (case and spacing aside), or None."""
        wanted = " ".join(topic.lower().split())
        for word, reminder in self.glossary.items():
            if word.lower() == wanted:
                return f"{word}: {reminder}"
        return None

    def heuristic(self, state: Any, player: Seat) -> float:
        """A cheap estimate of how well `player` stands, for one-ply agents and for search
        playouts cut short (`rollout_cutoff`). 0 = unknown. Only differences between seats
        matter to the search, on the scale of `heuristic_scale`."""
        return 0.0

    def evaluate(self, state: Any, player: Seat) -> float:
        """How far `player` is ahead of the field: his `heuristic` less the mean of the other
        seats'. What a look-ahead compares positions by, so that harming an opponent counts
        as much as helping oneself (one seat alone: his own heuristic)."""
        mine = self.heuristic(state, player)
        n = self.num_players
        if n == 1:
            return mine
        others = 0.0
        for seat in range(n):
            if seat != player:
                others += self.heuristic(state, seat)
        return mine - others / (n - 1)

    def settled(self, state: Any) -> bool:
        """Whether the position stands between whole moves, so that `evaluate` means what it
        says: not halfway through one (an attack waiting for its answer, a spell waiting to
        be aimed), where the estimate would judge an attack before its damage. A look-ahead
        plays on until the position settles. Games of single-step moves are always settled."""
        return True

    def cards_used(self, state: Any) -> tuple[frozenset[str], ...] | None:
        """Per seat, the catalogue names of the distinct cards that seat `card_usage` during
        the game so far (at its end, for a balance study); None: this game cannot say.

        Simulations play without the event log, so a game answers from the state alone.
        What it records for this is never shown in a view: it may hold secrets until the end."""
        return None

    # -- generic helpers --------------------------------------------------------------
    @property
    def title(self) -> str:
        """The game and variant in words, for people: "Wizards of Mickey: MiniSfida"."""
        variant = self.variant if self.variant is not None else self.default_variant
        if variant is None:
            return self.name
        return f"{self.name}: {self.variant_titles.get(variant, variant)}"

    @property
    def full_id(self) -> str:
        return self.id if self.variant is None else f"{self.id}/{self.variant}"

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def legal_flags(self, state: Any, player: Seat) -> bytearray:
        """One byte per action id, 1 where that action is legal for `player` now: the action
        mask of the learning adapters, filled here, in the compiled engine, because reading
        each action's id from interpreted code cost more than a Cup rules step."""
        flags = bytearray(len(self.actions))
        for action in self.legal_actions(state, player):
            flags[action.id] = 1
        return flags

    def action(self, action_id: ActionId) -> Action:
        if not 0 <= action_id < len(self.actions):
            shown_id = action_id if -(10 ** 9) < action_id < 10 ** 9 else "so far out of range"
            raise IllegalAction(f"no action has id {shown_id} (ids run from 0 to {len(self.actions) - 1})")
        return self.actions[action_id]

    def events(self, state: Any, player: Seat | None, since: int = 0) -> list[Event]:
        """The events `player` (None: a spectator) may read, from the `since`-th of them
        on: a seat counts only its own events, so it can ask for what is new."""
        return visible(state.log or [], player)[since:]

    def parse_action(self, state: Any, player: Seat, text: str) -> Action:
        """Read an action typed by a person: its exact text (case and spaces ignored),
        its number in the legal list (1-based, as menus show it), a unique prefix, or
        words that stand whole in exactly one action (a bare card name: "dancer" for
        "select Dancer"). Anything else, however odd or long, is an IllegalAction, which
        says why when the text names an action the rules forbid now (`refusal`)."""
        check_typed(text, IllegalAction)
        legal = self.legal_actions(state, player)
        wanted = " ".join(text.lower().split())
        if not wanted:
            raise IllegalAction("empty action")
        if not legal:
            named = self._named(wanted)
            raise self.refusal(state, player, named) if named else IllegalAction(
                f"seat {player} has nothing to do now")
        n = whole_number(wanted)
        if n is not None:
            if 1 <= n <= len(legal):
                return legal[n - 1]
            raise IllegalAction(f"there is no choice {n if n >= 0 else 'that large'}: pick 1 to {len(legal)}")
        # each action by its own text and by its words in this position (`action_text`)
        words = [(a, w) for a in legal for w in dict.fromkeys((a.text.lower(), self.action_text(state, a).lower()))]
        for a, w in words:
            if w == wanted:
                return a
        matches = list(dict.fromkeys(a for a, w in words if w.startswith(wanted)))
        if not matches:
            padded = f" {wanted} "
            matches = list(dict.fromkeys(a for a, w in words if padded in f" {' '.join(w.split())} "))
        if len(matches) == 1:
            return matches[0]
        if matches:
            names = ", ".join(self.action_text(state, a) for a in matches[:5])
            raise IllegalAction(f"{shown(text.strip())} is ambiguous: {names}")
        named = self._named(wanted)
        if named is not None:
            raise self.refusal(state, player, named)
        raise IllegalAction(f"{shown(text.strip())} is not a legal action now")

    def _named(self, wanted: str) -> Action | None:
        """The one action of the whole table whose text is `wanted` (lower case, single
        spaces), or None: what a refused text meant, to say why it was refused."""
        for a in self.actions:
            if " ".join(a.text.lower().split()) == wanted:
                return a
        return None

    def why_not(self, state: Any, player: Seat, action: Action) -> tuple[str, str] | None:
        """Why `action`, not legal for `player` now though it is his to decide, is not: a
        sentence and the rulebook section that forbids it, or None when the game can say no
        more than that it is not on offer. Asked only when a person's choice is refused,
        never in play; it may say only what `player` may know (his view, his hand)."""
        return None

    def refusal(self, state: Any, player: Seat, action: Action) -> IllegalAction:
        """The error that refuses `action` to `player` now, saying why and citing the rule
        where the game can (`why_not`): the one message every client shows."""
        if self.outcome(state) is not None:
            return IllegalAction(f"{action.text!r} comes too late: the game is over")
        acting = self.to_act(state)
        if player not in acting:
            waiting = ", ".join(f"P{seat}" for seat in acting)
            return IllegalAction(f"{action.text!r} must wait: it is not your turn to decide ({waiting} to act)")
        why = self.why_not(state, player, action)
        if why is not None:
            return IllegalAction(f"{action.text!r} is not allowed now: {why[0]}", why[1])
        return IllegalAction(f"{action.text!r} is not a legal choice for you now")

    def explain(self, state: Any, player: Seat, text: str) -> tuple[str, str]:
        """Why what `player` typed would be refused now: the reason and the rule it cites
        ("" when none); ("", "") when it would be accepted. Changes nothing."""
        try:
            self.parse_plan(state, player, text)
        except IllegalAction as exc:
            return exc.reason, exc.rule
        return "", ""

    def parse_plan(self, state: Any, player: Seat, text: str) -> list[Action]:
        """What a person typed as the actions it stands for, in order, the first legal now.
        Most texts are one action (`parse_action`); a game may read some as several, such
        as a walk of several steps typed at once. Whoever plays a plan applies its actions
        one by one and stops at the first that is no longer legal for the same seat."""
        return [self.parse_action(state, player, text)]

    def action_from_json(self, state: Any, player: Seat, data: Any) -> Action:
        """The action a JSON form names, checked against what is legal now."""
        if isinstance(data, dict):
            data = data.get("id", data.get("text"))
        if isinstance(data, bool) or not isinstance(data, (int, str)):
            raise IllegalAction("an action is an id, a text, or {'id': ...}")
        if isinstance(data, str):
            return self.parse_action(state, player, data)
        action = self.action(data)
        if action not in self.legal_actions(state, player):
            raise self.refusal(state, player, action)
        return action
