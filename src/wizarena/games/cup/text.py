"""Wizards Cup as plain text for a terminal.

It works from the view dict alone, never from the state, so a terminal shows exactly what
the seat may know: the same dict the web client and the agents get. Plain text (no markup)
so that it reads the same in a colour terminal, a pipe or a log file.
"""

from __future__ import annotations

from typing import Any

# The rulebook's names for the phases, so a player can find the rule that applies now.
PHASES = {
    "select": "0. Selection",
    "order": "1. Order of Match",
    "choice": "2. Battle (a \"may\" ability waits for its owner)",
    "swap": "between matches (swap variant)",
    "over": "game over",
}
CHIPS_TO_WIN = 2


def _names(cards: list[str] | None) -> str:
    return ", ".join(cards) if cards else "-"


def _who(seat: int, me: int | None) -> str:
    return f"P{seat} (you)" if seat == me else f"P{seat}"


def _chips(n: int) -> str:
    # Filled and empty marks make "one more to win" visible at a glance.
    return "*" * n + "." * max(0, CHIPS_TO_WIN - n)


def _player(info: dict[str, Any], me: int | None, phase: str) -> list[str]:
    seat = info["seat"]
    mine = seat == me
    shown = "six" in info  # one's own side, or every side once the game is over
    lines = [f"{_who(seat, me)}   Victory Chips {_chips(info['chips'])} ({info['chips']})"]
    # Before the battle the field, deck and discard are empty by rule: leave them out.
    battle = phase not in ("select", "order", "swap")
    field = info.get("field")
    if field:
        mod = field.get("modifier") or 0
        extra = f", {mod:+d} attached" if mod else ""
        lines.append(f"  field:    {field['card']}  Magic Power {field['power']}{extra}")
    elif battle:
        lines.append("  field:    (empty)")
    if shown and info.get("deck"):
        lines.append(f"  deck:     {info['deck_count']} card(s), next first: {_names(info['deck'])}")
    elif phase != "select":
        lines.append(f"  deck:     {info['deck_count']} card(s) face down")
    if shown and phase != "select":
        sub = info.get("sub")
        lines.append(f"  Sub Card: {sub if sub else '(none)'}")
    elif phase != "select":
        lines.append(f"  Sub Card: {'face down' if info.get('has_sub') else '(none)'}")
    if battle or info.get("discard"):
        lines.append(f"  discard:  {_names(info.get('discard'))}  (top last)")
    if phase == "select" and "selected_count" in info:
        lines.append(f"  selected: {info['selected_count']}/5 besides the card drawn at random")
    lines.append(f"  drawn at random by the opponent: {info.get('drawn_at_random') or '-'}")
    if shown:
        total = info.get("six_total_power")
        label = ("your six" if mine else "the six") if phase != "select" else "your cards so far"
        lines.append(f"  {label}: {_names(info.get('six'))}"
                     + (f"  (total Magic Power {total})" if total is not None else ""))
        if mine and info.get("unused") is not None:
            lines.append(f"  unused:   {_names(info['unused'])}")
    else:
        lines.append(f"  known in this six: {_names(info.get('known'))}")
        if info.get("maybe_swapped_away"):
            lines.append(f"  seen before a swap, maybe gone: {_names(info['maybe_swapped_away'])}")
    if info.get("swaps"):
        lines.append(f"  swaps made: {info['swaps']}")
    return lines


def render(view: dict[str, Any]) -> str:
    """The table as one seat (or a spectator, seat None) sees it, as plain lines."""
    me = view.get("seat")
    phase = view.get("phase", "")
    title = "Wizards Cup" + (" (swap variant)" if view.get("swap") else "")
    who = "spectator" if me is None else f"you are P{me}"
    lines = [f"{title} - match {view.get('match', '?')} - {PHASES.get(phase, phase)} - {who}"]
    matches = view.get("matches") or []
    if matches:
        won = [("both" if len(w) > 1 else f"P{w[0]}") if w else "nobody" for w in matches]
        lines.append("matches won: " + ", ".join(f"{i}: {w}" for i, w in enumerate(won, 1)))
    players = list(view.get("players") or [])
    # The opponent across the table first, your own side nearest to you.
    players.sort(key=lambda p: p["seat"] == me)
    for info in players:
        lines.append("")
        lines.extend(_player(info, me, phase))
    pending = view.get("pending")
    if pending:
        lines.append("")
        lines.append(f"{_who(pending['seat'], me)} may use {pending['card']}'s ability: {pending['ability']}")
    to_act = view.get("to_act") or []
    if to_act and not view.get("outcome"):
        lines.append("")
        lines.append("waiting for: " + ", ".join(_who(s, me) for s in to_act))
    return "\n".join(lines)
