"""The report of a balance study: one offline HTML page, CSV tables, and the study as JSON.

`wizarena study` hands `write_report` a plain, JSON-ready dict. The page must open from a
mail attachment or a laptop without network, so it is a single file: CSS inline, plots as
base64 PNG, and no external URL. Deck and card names come from users' files, so every string
taken from the dict is HTML-escaped (and `$` is escaped for matplotlib, which would otherwise
read `$...$` as mathtext). The CSVs carry the same numbers at full precision for anyone who
wants to re-plot or diff two studies.

matplotlib is imported only when plotting, and only through `Figure` and `FigureCanvasAgg`:
no pyplot, so no global figure state, no GUI backend, and nothing to leak across calls.

The study dict (rates are fractions in [0, 1]; intervals are 95 % ``[low, high]``)::

    game              "mickey/mini"                     registry id
    title             "Wizards of Mickey (MiniSfida)"   display name
    kinds             ["matchups", "cards", "seats"]    what was asked for
    entrant_kind      "deck" | "agent"                  what the matrix rows/columns are
    entrants          ["deckA", "deckB", ...]
    agents            ["greedy"]
    games_per_pairing 200
    seed              0
    players           2
    games             1200                              games played in total
    seconds           12.3                              wall time
    command           "wizarena study ..."              optional
    started           "2024-05-01T12:00:00"             optional: when the study ran

    matchups          optional
        pairs         [{a, b, games, wins, draws, losses, win_rate, ci, score,
                        a_first: {games, wins}, a_second: {games, wins}}, ...]
                      win_rate = a's sole wins / games; score counts a draw as half a win
        matrix        n x n, matrix[i][j] = entrants[i]'s win rate against entrants[j],
                      null on the diagonal (and for pairs not played)
        matrix_ci     n x n of [low, high] or null
    cards             optional
        usage         verb: the side that "picked" / "played" / "cast" the card
        rows          [{card, games, wins, win_rate, ci, verdict}, ...], ranked best first;
                      verdict "above" / "below" when the interval lies wholly above / below
                      50 %, else null. May be empty: the game cannot say which cards were used.
    seats             optional
        games, draws
        seats         [{seat, wins, win_rate, ci}, ...]
        first_player_advantage   seat 0's win rate minus the mean of the others
        lengths       {histogram: [[length, count], ...], mean, median, p10, p90, min, max}
"""

from __future__ import annotations

import base64
import csv
import io
import json
import math
from collections.abc import Iterable, Sequence
from datetime import datetime
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CARD_CAP = 25  # the card chart shows this many best and worst cards when there are more than twice as many
LABEL_MAX = 32  # plot labels are cut to this many characters; the tables keep whole names

ABOVE_COLOUR = "#2b7bba"
BELOW_COLOUR = "#d6604d"
NEUTRAL_COLOUR = "#9a9a9a"

CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       max-width: 1100px; margin: 2em auto; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
.sub { color: #666; margin-top: 0; }
.how { background: #f4f7fb; border-left: 4px solid #2b7bba; padding: 0.5em 0.8em; }
.note { color: #8a5a00; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e5e5e5; text-align: left; }
td.n { text-align: right; white-space: nowrap; }
th { background: #fafafa; }
tr.above { background: #eaf2fa; }
tr.below { background: #fbecea; }
table.meta th { background: none; font-weight: 600; }
code { background: #f2f2f2; padding: 0.1em 0.3em; border-radius: 3px; word-break: break-all; }
img { max-width: 100%; height: auto; display: block; margin: 1em 0; }
"""


# ---------------------------------------------------------------- entry point


def plotting_missing() -> str | None:
    """Why no report can be drawn here (matplotlib, of the lab extra, is not installed),
    or None. Asked before a study plays its first game, so that hours of games are not
    played for a report that cannot be written."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        return f"the study's report needs matplotlib, from the lab extra: pip install 'wizarena[lab]' ({exc})"
    return None


def write_report(study: dict[str, Any], out_dir: str | Path) -> list[Path]:
    """Write report.html, a CSV per present section, and study.json into `out_dir`.

    Returns the paths written, report.html first. Sections are present only if their key
    is in `study`; absent ones leave neither a CSV nor a part of the page.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    parts = [_header_html(study)]

    if "matchups" in study:
        parts.append(_matchups_html(study))
        written.append(_write_csv(out / "matchups.csv", MATCHUP_COLUMNS, _matchup_rows(study["matchups"])))
    if "cards" in study:
        parts.append(_cards_html(study["cards"]))
        written.append(_write_csv(out / "cards.csv", CARD_COLUMNS, _card_rows(study["cards"])))
    if "seats" in study:
        seats = study["seats"]
        parts.append(_seats_html(seats))
        written.append(_write_csv(out / "seats.csv", SEAT_COLUMNS, _seat_rows(seats)))
        written.append(_write_csv(out / "lengths.csv", ["length", "count"], _length_rows(seats)))

    page = out / "report.html"
    page.write_text(_page(study, parts), encoding="utf-8")
    data = out / "study.json"
    data.write_text(json.dumps(study, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return [page, *written, data]


# ---------------------------------------------------------------- formatting


def _e(value: Any) -> str:
    """Any value from the dict, as HTML-safe text."""
    return escape(str(value), quote=True)


def _pct(value: float | None, ci: Sequence[float] | None = None) -> str:
    """`52.9% [49.8, 56.0]`: the rate and its interval in percent, or a dash if unknown."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    text = f"{100 * value:.1f}%"
    if ci is not None and len(ci) == 2 and None not in ci:
        text += f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"
    return text


def _label(name: Any) -> str:
    """A name fit for a matplotlib label: `$` escaped (no mathtext) and cut to LABEL_MAX."""
    text = str(name)
    if len(text) > LABEL_MAX:
        text = text[: LABEL_MAX - 1] + "…"
    return text.replace("$", r"\$")


def _ci(row: dict[str, Any]) -> tuple[float, float]:
    """The row's interval, or a zero-width one at its rate if it has none."""
    ci = row.get("ci")
    if ci is None or len(ci) != 2 or None in ci:
        r = float(row.get("win_rate") or 0.0)
        return r, r
    return float(ci[0]), float(ci[1])


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], numeric: Sequence[bool],
           classes: Iterable[str] | None = None) -> str:
    """An HTML table from already-escaped cells; `numeric` right-aligns columns."""
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = []
    row_classes = iter(classes) if classes is not None else None
    for row in rows:
        cls = next(row_classes, "") if row_classes is not None else ""
        cells = "".join(f'<td class="n">{cell}</td>' if num else f"<td>{cell}</td>"
                        for cell, num in zip(row, numeric, strict=True))
        body.append(f'<tr class="{cls}">{cells}</tr>' if cls else f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _img(fig: Figure, alt: str) -> str:
    """The figure as an inline PNG: base64 keeps the page one self-contained file."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight", metadata={"Software": None})
    fig.clear()
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{_e(alt)}" src="data:image/png;base64,{data}">'


# ---------------------------------------------------------------- page and header


def _page(study: dict[str, Any], parts: list[str]) -> str:
    title = _e(f"Balance study: {study.get('title') or study.get('game', '')}")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(parts)
        + "\n</body>\n</html>\n"
    )


def _header_html(study: dict[str, Any]) -> str:
    """Title and the facts needed to reproduce or judge the run."""
    written = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z").strip()
    meta: list[tuple[str, str]] = [("Game", f"<code>{_e(study.get('game', '?'))}</code>")]
    if "started" in study:
        meta.append(("Run", _e(study["started"])))
    meta.append(("Report written", _e(written)))
    if study.get("kinds"):
        meta.append(("Studied", _e(", ".join(map(str, study["kinds"])))))
    if study.get("entrants"):
        meta.append((f"{_e(str(study.get('entrant_kind', 'entrant')).capitalize())}s",
                     _e(", ".join(map(str, study["entrants"])))))
    if study.get("agents"):
        meta.append(("Agents", _e(", ".join(map(str, study["agents"])))))
    for key, name in (("players", "Players"), ("games_per_pairing", "Games per pairing"),
                      ("games", "Games in total"), ("seed", "Seed")):
        if key in study:
            meta.append((name, _e(study[key])))
    if "seconds" in study:
        meta.append(("Wall time", _e(f"{float(study['seconds']):.1f} s")))
    if study.get("command"):
        meta.append(("Command", f"<code>{_e(study['command'])}</code>"))
    rows = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in meta)
    return (
        f"<h1>Balance study: {_e(study.get('title') or study.get('game', ''))}</h1>\n"
        '<p class="sub">Win rates with 95% Wilson intervals, written as <i>rate [low, high]</i>.</p>\n'
        f'<table class="meta">{rows}</table>'
    )


# ---------------------------------------------------------------- matchups

MATCHUP_COLUMNS = ["a", "b", "games", "wins", "draws", "losses", "win_rate", "ci_low", "ci_high", "score",
                   "a_first_games", "a_first_wins", "a_second_games", "a_second_wins"]


def _matchup_rows(matchups: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for p in matchups.get("pairs", []):
        lo, hi = _ci(p)
        first, second = p.get("a_first") or {}, p.get("a_second") or {}
        rows.append([p.get("a"), p.get("b"), p.get("games"), p.get("wins"), p.get("draws"), p.get("losses"),
                     p.get("win_rate"), lo, hi, p.get("score"),
                     first.get("games"), first.get("wins"), second.get("games"), second.get("wins")])
    return rows


def _matchups_html(study: dict[str, Any]) -> str:
    """Heat map for the overview, the pairs table for the exact numbers and seat split."""
    m = study["matchups"]
    kind = _e(study.get("entrant_kind", "entrant"))
    entrants = [str(x) for x in study.get("entrants", [])]
    parts = [
        '<section id="matchups">\n<h2>Matchups</h2>',
        f'<p class="how">How to read this: each cell is the <b>row</b> {kind}\'s win rate against the '
        f"<b>column</b> {kind} (sole wins over games played, both seat orders together; a draw is not a win). "
        "Blue favours the row, red the column; white is an even match, on a scale fixed from 0 to 100%. "
        "A starred, outlined cell is one whose 95% interval lies wholly above or below 50%. "
        "In the table, <i>A first</i> and <i>A second</i> split A's wins by seat, to tell a strong deck "
        "from a strong seat.</p>",
    ]
    matrix = m.get("matrix") or []
    if matrix and entrants:
        parts.append(_img(_matchup_heatmap(entrants, matrix, m.get("matrix_ci"),
                                           kind=str(study.get("entrant_kind", "entrant"))),
                          "Matchup matrix heat map"))
    rows = []
    for p in m.get("pairs", []):
        first, second = p.get("a_first") or {}, p.get("a_second") or {}
        rows.append([
            _e(p.get("a")), _e(p.get("b")), _e(p.get("games")),
            _e(f"{p.get('wins')}–{p.get('draws')}–{p.get('losses')}"),
            _e(_pct(p.get("win_rate"), p.get("ci"))),
            _e(_pct(p.get("score"))),
            _e(_split(first)), _e(_split(second)),
        ])
    parts.append(_table(["A", "B", "Games", "A: W–D–L", "A win rate", "A score", "A first", "A second"],
                        rows, [False, False, True, True, True, True, True, True]))
    parts.append("</section>")
    return "\n".join(parts)


def _split(side: dict[str, Any]) -> str:
    """`55.0% of 200` for one seat order of a pair."""
    games, wins = side.get("games"), side.get("wins")
    if not games or wins is None:
        return "—"
    return f"{100 * wins / games:.1f}% of {games}"


def _matchup_heatmap(entrants: list[str], matrix: list[list[float | None]],
                     intervals: list[list[list[float] | None]] | None, kind: str) -> Figure:
    """Row entrant's win rate per column entrant, on a diverging scale fixed at 0-100 %
    and centred at 50 %.

    The scale does not stretch to the data: a stretched one drew a 43 % whose interval
    held 50 % as dark as a rout. What the numbers can tell apart is marked instead: a
    cell whose 95 % interval excludes 50 % is outlined and its number starred.
    """
    import numpy as np
    from matplotlib import colormaps
    from matplotlib.colors import Normalize
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle
    from matplotlib.ticker import PercentFormatter

    n = len(entrants)
    values = np.array([[math.nan if v is None else float(v) for v in row] for row in matrix], dtype=float)
    norm = Normalize(vmin=0.0, vmax=1.0)
    cmap = colormaps["RdBu"].with_extremes(bad="#d4d4d4")  # the blank diagonal, unlike a 50 % cell

    side = max(4.0, 0.65 * n + 2.5)
    fig = Figure(figsize=(side + 1.2, side))
    ax = fig.add_subplot()
    image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, norm=norm)
    labels = [_label(x) for x in entrants]
    ax.set_xticks(range(n), labels, rotation=45, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(n), labels)
    ax.set_xlabel(f"opponent (column {kind})")
    ax.set_ylabel(f"row {kind}")
    ax.set_title(f"Win rate of row {kind} against column {kind}\n(* outlined: 95% interval excludes 50%)")
    size = 10 if n <= 6 else 9 if n <= 10 else 8
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            v = values[i, j]
            if math.isfinite(v):
                sure = _excludes_even(intervals, i, j)
                ax.text(j, i, f"{100 * v:.0f}%" + ("*" if sure else ""), ha="center", va="center",
                        fontsize=size, fontweight="bold" if sure else "normal",
                        color="white" if abs(v - 0.5) > 0.3 else "black")
                if sure:
                    ax.add_patch(Rectangle((j - 0.45, i - 0.45), 0.9, 0.9, fill=False, linewidth=1.5,
                                           edgecolor="black"))
    fig.colorbar(image, ax=ax, format=PercentFormatter(1.0, decimals=0), shrink=0.8, label="row win rate")
    return fig


def _excludes_even(intervals: list[list[list[float] | None]] | None, i: int, j: int) -> bool:
    """Whether the 95 % interval of cell (i, j) lies wholly above or below 50 %."""
    if not intervals or i >= len(intervals) or j >= len(intervals[i]):
        return False
    ci = intervals[i][j]
    return ci is not None and len(ci) == 2 and (ci[0] > 0.5 or ci[1] < 0.5)


# ---------------------------------------------------------------- cards

CARD_COLUMNS = ["rank", "card", "games", "wins", "win_rate", "ci_low", "ci_high", "verdict"]


def _card_rows(cards: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for rank, r in enumerate(cards.get("rows", []), start=1):
        lo, hi = _ci(r)
        rows.append([rank, r.get("card"), r.get("games"), r.get("wins"), r.get("win_rate"), lo, hi,
                     r.get("verdict") or ""])
    return rows


def _cards_html(cards: dict[str, Any]) -> str:
    """Ranked chart of the extremes, and the full table below it."""
    usage = _e(cards.get("usage", "used"))
    rows = cards.get("rows", [])
    parts = [
        '<section id="cards">\n<h2>Cards</h2>',
        f'<p class="how">How to read this: for each card, the win rate of the side that {usage} it, over the '
        f"games in which it was {usage}. Blue bars (<i>above</i>) and red bars (<i>below</i>) have a 95% interval "
        "wholly above or below 50%; grey ones cannot be told apart from even. With many cards, expect about one in "
        "twenty to be marked by chance alone, and a card's rate also reflects the decks and agents that chose it.</p>",
    ]
    if not rows:
        parts.append('<p class="note">This game cannot say which cards were used in a game, so there is no '
                     "card table.</p>\n</section>")
        return "\n".join(parts)
    if len(rows) > 2 * CARD_CAP:
        parts.append(f'<p class="note">The chart shows the top {CARD_CAP} and bottom {CARD_CAP} of '
                     f"{len(rows)} cards; the table lists them all.</p>")
    parts.append(_img(_card_chart(rows, str(cards.get("usage", "used"))), "Card win rates"))
    table_rows = [[_e(rank), _e(r.get("card")), _e(r.get("games")), _e(r.get("wins")),
                   _e(_pct(r.get("win_rate"), r.get("ci"))), _e(r.get("verdict") or "")]
                  for rank, r in enumerate(rows, start=1)]
    classes = [str(r.get("verdict") or "") for r in rows]
    parts.append(_table(["#", "Card", "Games", "Wins", "Win rate", "Verdict"], table_rows,
                        [True, False, True, True, True, False], classes))
    parts.append("</section>")
    return "\n".join(parts)


def _card_chart(rows: list[dict[str, Any]], usage: str) -> Figure:
    """Ranked horizontal bars with 95 % error bars; capped to the extremes when there are many."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    capped = len(rows) > 2 * CARD_CAP
    shown = rows[:CARD_CAP] + rows[-CARD_CAP:] if capped else rows
    rates = [float(r.get("win_rate") or 0.0) for r in shown]
    cis = [_ci(r) for r in shown]
    low = [max(0.0, rate - lo) for rate, (lo, _) in zip(rates, cis, strict=True)]
    high = [max(0.0, hi - rate) for rate, (_, hi) in zip(rates, cis, strict=True)]
    colours = [ABOVE_COLOUR if r.get("verdict") == "above" else BELOW_COLOUR if r.get("verdict") == "below"
               else NEUTRAL_COLOUR for r in shown]

    fig = Figure(figsize=(8.0, max(2.5, 0.24 * len(shown) + 1.4)))
    ax = fig.add_subplot()
    y = list(range(len(shown)))
    ax.barh(y, rates, xerr=[low, high], color=colours, height=0.7,
            error_kw={"ecolor": "#333333", "elinewidth": 0.8, "capsize": 2})
    ax.set_yticks(y, [_label(r.get("card")) for r in shown], fontsize=8)
    ax.invert_yaxis()  # best card on top
    ax.set_ylim(len(shown) - 0.5, -0.5)
    ax.axvline(0.5, color="black", linewidth=1, linestyle="--")
    if capped:
        ax.axhline(CARD_CAP - 0.5, color="#555555", linewidth=0.8, linestyle=":")
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(f"win rate of the side that {_label(usage)} the card (95% interval)")
    title = f"Card win rates, top {CARD_CAP} and bottom {CARD_CAP} of {len(rows)}" if capped else "Card win rates"
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


# ---------------------------------------------------------------- seats and lengths

SEAT_COLUMNS = ["seat", "wins", "win_rate", "ci_low", "ci_high"]


def _seat_rows(seats: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for s in seats.get("seats", []):
        lo, hi = _ci(s)
        rows.append([s.get("seat"), s.get("wins"), s.get("win_rate"), lo, hi])
    return rows


def _length_rows(seats: dict[str, Any]) -> list[list[Any]]:
    return [[length, count] for length, count in (seats.get("lengths") or {}).get("histogram", [])]


def _seats_html(seats: dict[str, Any]) -> str:
    """Seat win rates (first-player advantage) and how long games run."""
    entries = seats.get("seats", [])
    parts = [
        '<section id="seats">\n<h2>Seats</h2>',
        '<p class="how">How to read this: the win rate of whoever sat in each seat, over all games of the study. '
        "A fair game gives each seat about the same rate (draws lower them all); the first-player advantage is "
        "seat 0's rate minus the mean of the others, in percentage points.</p>",
    ]
    facts = [f"{_e(seats.get('games', '?'))} games, {_e(seats.get('draws', 0))} draws"]
    fpa = seats.get("first_player_advantage")
    if fpa is not None:
        facts.append(f"first-player advantage <b>{100 * float(fpa):+.1f} points</b>")
    parts.append(f"<p>{'; '.join(facts)}.</p>")
    if entries:
        parts.append(_img(_seat_chart(entries), "Win rate per seat"))
        rows = [[_e(s.get("seat")), _e(s.get("wins")), _e(_pct(s.get("win_rate"), s.get("ci")))] for s in entries]
        parts.append(_table(["Seat", "Wins", "Win rate"], rows, [True, True, True]))
    lengths = seats.get("lengths")
    if lengths:
        parts.append(_lengths_html(lengths))
    parts.append("</section>")
    return "\n".join(parts)


def _lengths_html(lengths: dict[str, Any]) -> str:
    parts = [
        '<h3 id="lengths">Game length</h3>',
        '<p class="how">How to read this: how many steps (decisions) each game took. A long tail can mean '
        "stalemates; a spike at the short end, games decided before they started.</p>",
    ]
    facts = [f"{name} {_e(lengths[key])}" for key, name in
             (("mean", "mean"), ("median", "median"), ("p10", "10th percentile"), ("p90", "90th percentile"),
              ("min", "shortest"), ("max", "longest")) if key in lengths]
    if "mean" in lengths:
        facts[0] = f"mean {float(lengths['mean']):.1f}"
    if facts:
        parts.append(f"<p>Steps per game: {', '.join(facts)}.</p>")
    histogram = lengths.get("histogram") or []
    if histogram:
        parts.append(_img(_length_chart(histogram, lengths), "Histogram of game lengths"))
    return "\n".join(parts)


def _seat_chart(entries: list[dict[str, Any]]) -> Figure:
    """Per-seat win rate with 95 % error bars and the fair share 1/players for reference."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    rates = [float(s.get("win_rate") or 0.0) for s in entries]
    cis = [_ci(s) for s in entries]
    low = [max(0.0, r - lo) for r, (lo, _) in zip(rates, cis, strict=True)]
    high = [max(0.0, hi - r) for r, (_, hi) in zip(rates, cis, strict=True)]
    fig = Figure(figsize=(max(3.5, 1.0 * len(entries) + 2.0), 3.2))
    ax = fig.add_subplot()
    x = list(range(len(entries)))
    ax.bar(x, rates, yerr=[low, high], color=ABOVE_COLOUR, width=0.6, capsize=4)
    ax.set_xticks(x, [_label(f"seat {s.get('seat')}") for s in entries])
    ax.axhline(1.0 / len(entries), color="black", linewidth=1, linestyle="--", label="fair share")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate per seat")
    ax.legend(loc="upper right", frameon=False)
    return fig


def _length_chart(histogram: list[list[float]], lengths: dict[str, Any]) -> Figure:
    """Bars at each observed length (already counted by the runner), with mean and median marked."""
    from matplotlib.figure import Figure

    xs = [float(h[0]) for h in histogram]
    counts = [float(h[1]) for h in histogram]
    ordered = sorted(set(xs))
    gaps = [b - a for a, b in zip(ordered, ordered[1:], strict=False) if b > a]
    width = min(gaps) if gaps else 1.0
    fig = Figure(figsize=(8.0, 3.2))
    ax = fig.add_subplot()
    ax.bar(xs, counts, width=width * 0.9, color=NEUTRAL_COLOUR)
    for key, style in (("mean", "-"), ("median", "--")):
        if lengths.get(key) is not None:
            ax.axvline(float(lengths[key]), color="black", linewidth=1, linestyle=style, label=key)
    if lengths.get("mean") is not None or lengths.get("median") is not None:
        ax.legend(frameon=False)
    ax.set_xlabel("steps per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return fig


# ---------------------------------------------------------------- files


def _write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> Path:
    """A CSV with a header row; None becomes an empty cell, floats keep full precision."""
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows([["" if v is None else v for v in row] for row in rows])
    return path
