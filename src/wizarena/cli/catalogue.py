"""`wizarena games`, `cards` and `deck`: what there is to play, each game's cards, and the
deck files a deck builder starts from and checks."""

from __future__ import annotations

import json
import tomllib
from typing import Annotated, Any

import typer
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from wizarena.core import WizarenaError, game_class, game_ids, load_game
from wizarena.core.decks import games_ready_decks, package_of, read_toml, ready_text
from wizarena.core.inputs import MAX_TYPED, printable, shown

from .base import GameArg, Group, VariantOpt, app, out

LONG_FIELD = 30  # card fields longer than this get a line of their own


# -- games and cards ------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games and their rules variants."""
    table = Table(title="wizarena games")
    table.add_column("game")
    table.add_column("name")
    table.add_column("players")
    table.add_column("rules")
    table.add_column("computer opponent")
    options: list[tuple[str, Any]] = []
    for gid in game_ids():
        cls = game_class(gid)
        counts = sorted(cls.player_counts)
        runs = counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2
        players = f"{counts[0]}-{counts[-1]}" if runs else ", ".join(map(str, counts))
        for variant, description in cls.variants.items():
            game = load_game(gid, variant)
            table.add_row(game.full_id, game.title, players, description, game.default_agent)
            options += [(game.full_id, o) for o in game.options]
    out.print(table)
    if options:
        out.print("Options, each set by --config '{\"KEY\": true}':", markup=False)
        for gid, o in options:
            fits = f" ({' or '.join(map(str, o.players))} players)" if o.players else ""
            out.print(f"  {gid}  {o.key}: {o.description}{fits}", markup=False)


@app.command()
def cards(
    game_id: GameArg,
    words: Annotated[list[str] | None, typer.Argument(metavar="[NAME-OR-WORDS]...", help="Show only the card "
                                                      "of this name, or the cards whose facts hold every word "
                                                      "(case does not matter).", show_default=False)] = None,
    variant: VariantOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the catalogue as a JSON list.")] = False,
) -> None:
    """Show a game's card catalogue, or the cards a name or some words pick out of it."""
    game = load_game(game_id, variant)
    catalogue = game.cards
    if not catalogue:
        raise WizarenaError(f"{game.full_id} has no card catalogue")
    rows = [c.to_json() for c in catalogue]
    if words:
        rows = picked(rows, words)
        if not rows:
            raise WizarenaError(f"no {game.full_id} card matches {shown(' '.join(words))}")
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    # One block per card: the short facts on a line, long texts (ability, source) each on
    # its own indented line, which stays legible in an 80-column terminal.
    long = {k for row in rows for k, v in row.items() if isinstance(v, str) and len(v) > LONG_FIELD}
    total = len(catalogue)
    out.print(f"{game.name} cards ({len(rows)}" + (f" of {total})" if len(rows) < total else ")"), style="bold",
              markup=False)
    for row in rows:
        head = Text()
        if "id" in row:
            head.append(f"{row['id']:>3} ", style="dim")
        head.append(str(row.get("name", "?")), style="bold")
        for k, v in row.items():
            if k in ("id", "name") or k in long or v in (None, "") or v is False:
                continue
            head.append(f"  {k}" if v is True else f"  {k} {v}")  # a flag reads as a word: "may"
        out.print(head)
        for k in row:
            if k in long and row[k]:
                if out.is_terminal:  # wrapped under its card; piped, one line each, nothing padded
                    out.print(Padding(Text(f"{k}: {row[k]}"), (0, 0, 0, 6), expand=False), soft_wrap=False)
                else:
                    out.print(f"      {k}: {row[k]}", markup=False)


def picked(rows: list[dict[str, Any]], words: list[str]) -> list[dict[str, Any]]:
    """The card named by `words` (its name, or its id, whole), or else every card whose
    facts (name and every text field) hold each word. Words are capped like any typed
    text."""
    wanted = " ".join(words)[:MAX_TYPED].strip().casefold()
    named = [r for r in rows if str(r.get("name", "")).casefold() == wanted or str(r.get("id", "")) == wanted]
    if named:
        return named
    terms = wanted.split()

    def facts(row: dict[str, Any]) -> str:
        return " ".join(str(v) for v in row.values() if isinstance(v, str | int) and v is not True).casefold()

    return [r for r in rows if all(term in facts(r) for term in terms)]


# -- deck ---------------------------------------------------------------------------------------
deck_app = typer.Typer(cls=Group, help="Deck files: list and show the ready decks to start from, check one "
                       "against a game's deck rules.",
                       no_args_is_help=True, add_completion=False)
app.add_typer(deck_app, name="deck")


def _deck_header(path: str) -> tuple[str | None, str | None]:
    """A deck file's `name` and `format`, for the summary line (the game has read it already)."""
    try:
        data = read_toml(path, WizarenaError)
    except WizarenaError:
        return None, None
    name, fmt = data.get("name"), data.get("format")
    return (printable(name) if isinstance(name, str) else None), (printable(fmt) if isinstance(fmt, str) else None)


@deck_app.command(name="check")
def deck_check(
    game_id: GameArg,
    path: Annotated[str, typer.Argument(metavar="FILE", help="Deck file (TOML).", show_default=False)],
    fmt: Annotated[str | None, typer.Option("--format", help="Check for this format (default: the "
                                            "file's own `format`).")] = None,
) -> None:
    """Check a deck file against the game's deck rules.

    A legal deck prints one line, plus notes (exit 0); an illegal one prints every violation,
    one a line, each with its rulebook section (exit 1).
    """
    game = load_game(game_id)
    if not game.deck_rules:
        raise WizarenaError(f"{game.full_id} has no deck rules")
    violations, notes = game.check_deck(path, fmt)
    if violations:
        for section, message in violations:
            print(f"{section}: {message}")
        raise typer.Exit(1)
    name, file_fmt = _deck_header(path)
    shown = (fmt or file_fmt or "").strip().lower()
    print(f"{path}: legal {shown + ' ' if shown else ''}deck" + (f" ({name})" if name else ""))
    for _, message in notes:
        print(f"note: {message}")




def _ready(game_id: str) -> tuple[Any, list[str]]:
    game = load_game(game_id)
    names = games_ready_decks(game)
    if not names:
        raise WizarenaError(f"{game.full_id} has no ready decks")
    return game, names


@deck_app.command(name="list")
def deck_list(game_id: GameArg) -> None:
    """List the ready decks a game ships, with their names and formats."""
    game, names = _ready(game_id)
    package = package_of(game)
    width = max(map(len, names))
    for deck in names:
        data = tomllib.loads(ready_text(package, deck))
        facts = [str(data[k]) for k in ("name", "format", "faction") if isinstance(data.get(k), str)]
        out.print(f"{deck:<{width}}  {' · '.join(facts)}", markup=False)
    out.print(f"`wizarena deck show {game.id} NAME > mine.toml` writes one as a deck file to start from",
              style="dim", markup=False)


@deck_app.command(name="show")
def deck_show(
    game_id: GameArg,
    name: Annotated[str, typer.Argument(metavar="NAME", help="A ready deck's name (see `deck list`).",
                                        show_default=False)],
) -> None:
    """Print a ready deck as a deck file: redirect it to a file, change it, check it."""
    game, names = _ready(game_id)
    if name not in names:
        raise WizarenaError(f"{game.full_id} has no ready deck {shown(name)}; there are {', '.join(names)}")
    print(ready_text(package_of(game), name), end="")
