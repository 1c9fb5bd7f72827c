"""Wizard Wars as plain text for a terminal, from the view dict alone (never the state),
so the terminal shows exactly what the seat may know."""

from __future__ import annotations

from typing import Any


def _who(seat: int, me: int | None) -> str:
    return f"P{seat} (you)" if seat == me else f"P{seat}"


def _unit(c: dict[str, Any]) -> str:
    bits = [f"{c['slot']}. {c['name']}"]
    if c["type"] == "unit":
        stat = f"{c['power']}"
        if c["power"] != c["base_power"]:
            stat += f" (of {c['base_power']})"
        if c["armor"]:
            stat += f" armor {c['armor']}"
        bits.append(stat)
    else:
        bits.append(c["type"])
    flags = []
    if c.get("tapped"):
        flags.append("tapped")
    if c.get("damage"):
        flags.append(f"damage {c['damage']}")
    if c.get("counters"):
        flags.append(f"counters {c['counters']}")
    flags += c.get("statuses", [])
    if c.get("bounty"):
        flags.append(f"bounty {c['bounty']}")
    if c.get("upside_down"):
        flags.append("upside down")
    if flags:
        bits.append("[" + ", ".join(flags) + "]")
    line = " ".join(bits)
    for e in c.get("equipment", []):
        line += f"\n        + {e['name']} +{e['power']}/{e['armor']}{' [tapped]' if e.get('tapped') else ''}"
    return line


def _rounds(view: dict[str, Any], me: int | None) -> str:
    """Each finished round, who took it and both scores, each said with its player:
    "1: P1 won, P0 23 to P1 24"."""
    scores = view.get("round_scores") or []
    out = []
    for k, r in enumerate(view["results"]):
        said = f"{k + 1}: " + ("a draw" if r < 0 else f"{_who(r, me)} won")
        if k < len(scores):
            said += f", {_who(0, me)} {scores[k][0]} to {_who(1, me)} {scores[k][1]}"
        out.append(said)
    return "; ".join(out)


def render(view: dict[str, Any]) -> str:
    me = view.get("seat")
    lines = [f"Wizard Wars - round {view['round']} - {view['phase']} - P{view['turn']} on turn"]
    past = _rounds(view, me)
    if past:
        lines.append(f"rounds played: {past}")
    common = view.get("common_dice")
    lines.append(f"common dice: {', '.join(common) if common else 'not rolled yet'}")
    order = [1 - me, me] if me in (0, 1) else [1, 0]
    for q in order:
        p = view["players"][q]
        neighbours = " | ".join(c["name"] for c in p["row"]) or "(empty row)"
        lines.append("")
        lines.append(f"{_who(q, me)} {p['faction']}  score {p['score']}  rounds won {p['rounds_won']}"
                     f"{'  PASSED' if p['passed'] else ''}  hand {p['hand_count']}  deck {p['deck_count']}")
        dice = p["allied_dice"]
        if dice is None:
            shown = "not set yet" if view.get("common_dice") is None else "being set, face down"
        else:
            left = p.get("dice_to_set", 0)
            shown = ", ".join(dice) + (f" ({left} still to set)" if left else "") if dice else f"{left} to set"
        lines.append(f"  allied dice: {shown}")
        lines.append(f"  row (left to right): {neighbours}")
        for c in p["row"]:
            lines.append("    " + _unit(c))
        if p["graveyard"]:
            lines.append(f"  graveyard: {', '.join(p['graveyard'])}")
        if p["sideboard"]:
            lines.append(f"  sideboard: {', '.join(p['sideboard'])}")
        if p.get("known_in_hand"):
            lines.append(f"  known in hand: {', '.join(p['known_in_hand'])}")
        if "hand" in p:
            lines.append("  hand:")
            for h in p["hand"]:
                stat = f" {h['power']}/{h['armor']}" if "power" in h else ""
                lines.append(f"    {h['name']} ({h['type']}{stat}, {h['provisions']} prov) - {h['text']}")
            if p.get("mulligan_pile"):
                lines.append(f"  mulligan pile: {', '.join(p['mulligan_pile'])}")
    if view.get("taking_effect"):
        lines.append(f"\ntaking effect: {', '.join(view['taking_effect'])}")
    if view.get("choice"):
        ch = view["choice"]
        lines.append(f"\nP{ch['seat']} chooses for {ch['card']} ({ch['ability']})")
    # The outcome is not repeated here: whoever shows the finished table says the result
    # once, below it (the terminal's last line), and the header already says "over".
    return "\n".join(lines)
