"""`wizarena play`: a game in the terminal against computer players, or hot-seat.

A person is an agent of the match like any other: shown only his seat's view and events,
asked for a line, which may stand for several actions (a walk)."""

from __future__ import annotations

import os
import sys
import textwrap
from contextlib import suppress
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.padding import Padding
from rich.text import Text

from wizarena import rules
from wizarena.agents import make_agent
from wizarena.core import Event, IllegalAction, Match, Record, Stop, Turn, WizarenaError, load_game, write_records
from wizarena.core.inputs import printable, shown
from wizarena.core.record import MIN_SEED, seal
from wizarena.core.rng import SECRET_BITS, commitment, derive, secret_seed
from wizarena.sim import split_agents

from .base import (
    GameArg,
    PlayersOpt,
    StoppedEarly,
    VariantOpt,
    app,
    check_seat,
    drop_stdout,
    error,
    listed,
    narrate,
    out,
    outcome_line,
    read_config,
)
from .prompt import COMMANDS, Menu, read_line

QUIT_WORDS = ("quit", "exit")
QUIT, ENDED = "you quit", "the input ended"  # why a terminal game stopped before its end


# -- play -------------------------------------------------------------------------------------
GUIDE = ("Type a choice's number, its text or the start of it, or a card's name ("
         "Tab completes, Up recalls a line). help NAME explains a card or a rule's word; "
         "help rules shows the game's whole rules (also `wizarena rules GAME` and the web "
         "table's rules link); ? shows this and the menu again; quit stops the game.")


def _menu(game: Any, state: Any, numbered: list[tuple[int, Any]]) -> None:
    """The numbered choices, one a line; a long hint (a card's text) wraps under its choice
    at the terminal's width, never in the middle of a word."""
    width = len(str(numbered[-1][0])) if numbered else 1
    indent = " " * (width + 4)
    for n, a in numbered:
        hint = game.action_hint(a)
        line = f"  {n:>{width}}) {game.action_text(state, a)}" + (f"  ({hint})" if hint else "")
        if out.is_terminal:
            line = textwrap.fill(line, max(40, out.width - 1), subsequent_indent=indent)
        out.print(line, markup=False)


def _fitted(picture: str) -> str:
    """A game's text picture for the terminal: a line wider than the terminal wraps at a
    word, under its own indent, rather than mid-word at the edge (maps and tables whose
    lines fit are left exactly as drawn)."""
    if not out.is_terminal:
        return picture
    width = max(40, out.width - 1)
    lines = []
    for line in picture.splitlines():
        if len(line) <= width or not line.strip():
            lines.append(line)
        else:
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            lines.append(textwrap.fill(line, width, subsequent_indent=indent, break_on_hyphens=False))
    return "\n".join(lines)


def _phrases(game: Any, state: Any, legal: list[Any]) -> list[str]:
    """What Tab completes: the choices' texts, help with every card's name and every word
    of the game's glossary, help rules, the commands."""
    names = [str(row["name"]) for row in (c.to_json() for c in game.cards or ()) if row.get("name")]
    words = list(game.glossary) + names + ["rules"]
    return [game.action_text(state, a) for a in legal] + [f"help {word}" for word in words] + list(COMMANDS)


def _help(game: Any, topic: str) -> None:
    """`help NAME`: what the game says about a card (or another topic) of that name;
    `help rules`, the game's rules page."""
    if " ".join(topic.lower().split()) == "rules":
        try:
            out.print(Markdown(rules.text(game.full_id)))
        except ValueError as exc:
            out.print(f"  {exc}", style="red", markup=False)
        return
    text = game.help_text(topic)
    if text is None:
        out.print(f"  no help on {shown(topic.strip())}: type help and a card's name, or ? for the menu",
                  style="red", markup=False)
        return
    for line in text.splitlines():
        out.print(Padding(Text(line), (0, 0, 0, 2)), soft_wrap=not out.is_terminal)


def _tell(game: Any, state: Any, seat: int, cursor: list[int]) -> list[Event]:
    """Narrate what `seat` may read and has not been shown yet. The cursor counts the
    seat's own events (what `game.events` indexes), not the whole log: events the seat may
    not read must not push it past events it may.

    The game's closing events (kind "end") are returned instead of narrated: the final
    line says the result once, with their citations."""
    new = game.events(state, seat, cursor[seat])
    cursor[seat] += len(new)
    narrate([e for e in new if e.kind != "end"])
    return [e for e in new if e.kind == "end"]


def _human_turn(game: Any, state: Any, seat: int, cursor: list[int], menu: Menu) -> list[Any]:
    """Show the seat what it may know and read its choice, as the actions it stands for
    (a number of `menu`, or `game.parse_plan`: a walk typed at once is several); Stop if
    the person quits or the input ends."""
    _tell(game, state, seat, cursor)
    out.print()
    out.print(_fitted(game.render_text(game.view(state, seat))), markup=False)
    legal = game.legal_actions(state, seat)
    numbered = menu.number(legal)
    out.print(f"\nP{seat}, choose (number or text; help NAME explains a card; ? for help; quit to stop):",
              style="bold")
    _menu(game, state, numbered)
    phrases = _phrases(game, state, legal)
    while True:
        text = read_line(f"P{seat}> ", phrases)
        if text is None:
            raise Stop(ENDED)
        if text.strip().lower() in QUIT_WORDS:
            raise Stop(QUIT)
        if text.strip().lower() in ("?", "help"):
            out.print(f"  {GUIDE}", markup=False)
            _menu(game, state, numbered)
            continue
        if text.strip().lower().startswith("help "):
            _help(game, text.strip()[5:])
            continue
        try:
            picked = menu.pick(text, legal)
            return [picked] if picked is not None else game.parse_plan(state, seat, text)
        except IllegalAction as exc:  # the reason, and the rule that forbids it where there is one
            refused = Text(f"  not accepted: {exc.reason}", style="red")
            if exc.rule:
                refused.append(f"  [{exc.rule}]", style="dim")
            out.print(refused)


def _pass_screen(seat: int) -> None:
    """Hide the last seat's secrets before the next person looks; Stop if they quit or the
    input ended."""
    if out.is_terminal:
        out.clear()
    out.rule(f"pass the terminal to P{seat}")
    text = read_line(f"P{seat}: press Enter when only you can see the screen (or quit) ")
    if out.is_terminal:
        out.clear()
    if text is None:
        raise Stop(ENDED)
    if text.strip().lower() in QUIT_WORDS:
        raise Stop(QUIT)


class _Terminal:
    """What the people at this terminal share: the game's narration so far (each seat's
    cursor into its events), the last person who looked (for the hot-seat's pass screen),
    and the match, whose moves tell a person's plan whether anybody moved in between."""

    def __init__(self, game: Any, hotseat: bool) -> None:
        self.game, self.hotseat = game, hotseat
        self.cursor = [0] * game.num_players
        self.last_human: int | None = None
        self.match: Match | None = None
        self.menus = [Menu() for _ in range(game.num_players)]  # each seat's menu numbers


class _Person:
    """A person at the terminal, as an agent of the match: shown the seat's view, asked for
    a line, which may stand for several actions (a walk: `parse_plan`); the rest of such a
    plan goes on while the same seat acts and each step is legal."""

    name = "person"

    def __init__(self, seat: int, terminal: _Terminal) -> None:
        self.seat, self.terminal = seat, terminal
        self.plan: list[Any] = []
        self.at = -1  # the number of moves played when the plan's next step is due

    def act(self, turn: Turn) -> Any:
        terminal, match = self.terminal, self.terminal.match
        assert match is not None
        if self.plan:
            step = self.plan.pop(0)
            if self.at == len(match.moves) and step in turn.legal_actions():
                self.at += 1
                return step
            out.print(f"  stopped before: {step}", markup=False)
            self.plan = []
        game, seat = terminal.game, self.seat
        if terminal.hotseat and seat != terminal.last_human:
            _pass_screen(seat)
        terminal.last_human = seat
        plan = _human_turn(game, match.state, seat, terminal.cursor, terminal.menus[seat])
        self.plan, self.at = plan[1:], len(match.moves) + 1
        return plan[0]


def _check_out_file(path: str) -> None:
    """Make sure a record can be appended at `path` before the first move, so that no game
    is played for a record that cannot be kept. A file made for the check is removed."""
    if os.path.isdir(path):
        raise WizarenaError(f"--out {printable(path)} is a folder, not a file")
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise WizarenaError(f"--out {printable(path)}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        with suppress(OSError):
            os.remove(path)




@app.command(name="play")
def play_cmd(
    game_id: GameArg,
    vs: Annotated[str | None, typer.Option("--vs", help="Computer opponent: random, greedy, lookahead, "
                                          "ismcts:iterations=N, policy (a trained network, where one "
                                          "ships; policy:file=PATH for your own) ... (default: the game's own, "
                                          "`wizarena games` names it).")] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 moves first where order matters).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal, to repeat a game (default: "
                                            "a secret one, committed to at the start and shown at the end).")] = None,
    variant: VariantOpt = None,
    players: PlayersOpt = None,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Two or more people share this terminal; "
                                          "each seat sees only its own view.")] = False,
    config: Annotated[str | None, typer.Option("--config", help="Game config as a JSON object.")] = None,
    out_file: Annotated[str | None, typer.Option("--out", help="Append the game's record to this JSON-lines "
                                                 "file when it ends or is abandoned (check it with replay "
                                                 "--verify).")] = None,
) -> None:
    """Play a game in the terminal against computer opponents, or hot-seat with friends.

    You take one seat and the computer every other (--vs names one agent for all of them,
    or one per computer seat in seat order, comma-separated); --hotseat seats only people.
    """
    game = load_game(game_id, variant, players=players)
    check_seat(game, seat)
    others = [s for s in range(game.num_players) if s != seat]
    specs = listed("--vs", vs, split_agents) or [game.default_agent]
    if len(specs) == 1:
        specs = specs * len(others)
    elif not hotseat and len(specs) != len(others):
        raise WizarenaError(f"--vs names {len(specs)} agents for {len(others)} computer seats: give one "
                            "for all of them or one per seat")
    if out_file is not None:
        _check_out_file(out_file)
    secret = seed is None
    if seed is None:
        seed = secret_seed()
    elif not MIN_SEED <= seed < 1 << SECRET_BITS:
        raise WizarenaError(f"--seed must be from -2**63 to 2**{SECRET_BITS}-1")
    # A secret seed is not printed: it would tell every hidden card to come. Its commitment
    # is, so that the seed shown at the end can be checked against it.
    dealt = f"secret seed, SHA-256 {commitment(seed)}" if secret else f"seed {seed}"
    agents: dict[int, Any] = {}
    names: dict[int, str] = {}
    if not hotseat:
        for s, spec in zip(others, specs, strict=True):
            agents[s] = make_agent(spec, derive(seed, f"agent {s}"))
            names[s] = f"P{s} ({spec})"
        names[seat] = "you"
    terminal = _Terminal(game, hotseat)
    seated = [agents[s] if s in agents else _Person(s, terminal) for s in range(game.num_players)]
    match = terminal.match = Match(game, seated, seed, game.read_local_config(read_config(config)), log=True)
    if not hotseat:
        against = ", ".join(names[s] for s in sorted(agents))
        out.print(f"{game.name} ({game.full_id}), {dealt}: you are P{seat}, against {against}",
                  style="bold", markup=False)
    else:
        out.print(f"{game.name} ({game.full_id}), {dealt}: hot-seat for {game.num_players} players",
                  style="bold", markup=False)
    state, moves = match.state, match.moves
    why, status = "", 1
    try:
        why = "" if match.run() else match.stopped
    except KeyboardInterrupt:
        why, status = "interrupted", 130
    except OSError as exc:  # the terminal went away: a closed pipe, a full disk
        why = f"the terminal failed: {exc.strerror or exc}"
        drop_stdout()
    last_human, cursor = terminal.last_human, terminal.cursor

    def kept_record() -> Record:
        return match.record({"abandoned": why} if why else None)

    if why:  # one line on stderr, which works when stdout does not
        kept = ""
        if out_file is not None:
            try:
                write_records(out_file, [seal(kept_record())], append=True)
                kept = f"; its record is appended to {printable(out_file)}"
            except OSError as exc:
                kept = f"; its record could not be appended to {printable(out_file)}: {exc.strerror or exc}"
        revealed = f"; the secret seed was {seed}" if secret else ""
        n = len(moves)
        error(f"game abandoned after {n} move{'' if n == 1 else 's'} ({why}){revealed}{kept}")
        raise StoppedEarly(status)
    if out_file is not None:  # kept before anything is printed, which might fail
        write_records(out_file, [seal(kept_record())], append=True)
    # The end: what is left to tell, the table, and the result.
    viewer = None if hotseat else seat
    out.print()
    ending = _tell(game, state, last_human if hotseat and last_human is not None else seat, cursor)
    out.print()
    out.print(_fitted(game.render_text(game.view(state, viewer))), markup=False)
    out.print()
    cited = "".join(f"  [{e.rule}]" for e in ending if e.rule)
    out.print("game over: " + outcome_line(game.outcome(state), names) + cited, style="bold", markup=False,
              soft_wrap=not out.is_terminal)
    if secret:
        out.print(f"the secret seed was {seed} (its SHA-256 is the commitment shown at the start)", markup=False)
    if out_file is not None:
        out.print(f"record appended to {out_file}", markup=False)
    if sys.stdin.isatty():  # the last screen stays until the person has read it
        read_line("press Enter to leave ")


