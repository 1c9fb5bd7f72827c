"""A seat's view of a Wizards of Mickey table as text for a terminal."""

from __future__ import annotations

from typing import Any, Final

from .state import HAND_LIMIT

_OPPOSITE: Final[dict[str, str]] = {"left": "right", "centre": "centre", "right": "left"}


def _magic(m: dict[str, Any] | None) -> str:
    if m is None:
        return "-"
    if "name" not in m:
        return "[face-down]"
    flags = [f for f in ("face_down", "plain", "without_effect") if m.get(f)]
    tail = f" ({', '.join(flags).replace('_', ' ')})" if flags else ""
    return f"{m['name']} {_power(m)}{tail}"


def _power(m: dict[str, Any]) -> str:
    """The printed Magic Power, and the Modified one after an arrow while the Magic is
    counted (7.8): "3→4"; "0→?" when it reads a face-down Magic the seat cannot see."""
    if "modified_power" not in m:
        return str(m["power"])
    now = m["modified_power"]
    return f"{m['power']}→{'?' if now is None else now}"


def _total(p: dict[str, Any]) -> str:
    """The side's running Final Magic Power (7.8), or a floor when face-down Magics hide part of it."""
    mp = p.get("magic_power")
    if mp is None:
        return ""
    if mp["exact"]:
        return f", Magic Power {mp['power']}"
    return f", Magic Power ≥ {mp['power']} (face-down Magics unknown)"


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    lines = [f"{view['game']}  turn {view['turn']}, P{view['turn_player']} takes the turn; "
             f"{view['target']} Diamagic win; reserve {view['reserve']}; phase {view['phase']}"]
    castle = view.get("castle")
    if castle:
        stake = ", ".join(k or "?" for k in view["stake"]) or "nothing"
        plain = " (Plain)" if castle["plain"] else ""
        lines.append(f"Castle: {castle['name']}{plain} of P{castle['owner']} - at stake: {stake}")
        if castle["text"]:
            lines.append(f"  {castle['text']}")
    me = seat or 0
    for q in (1 - me, me):
        p = view["players"][q]
        who = "you" if q == seat else f"P{q}"
        lines.append(f"{who}: {p['diamagic']} Diamagic, hand {p['hand_size']}, deck {p['deck']}, "
                     f"discard {len(p['discard'])}" + (", passed" if p["passed"] else "") + _total(p))
        # The teams face each other, mirrored: the other side's right stands opposite this
        # side's left, so its Wizards are listed right to left, each across from its opposite.
        team = p["team"] if q == me else list(reversed(p["team"]))
        mine = "your" if seat == me else f"P{me}'s"
        for w in team:
            where = f"{w['position']:>6}"
            if q != me:
                where += f" (opposite {mine} {_OPPOSITE[w['position']]})"
            if "card" not in w:
                lines.append(f"  {where}: (not lined up)")
                continue
            dm = "/".join(w["diamagic"]) or "-"
            extra = " BLOCKED" if w["blocked"] else ""
            kept = "".join(f" +kept {_magic(k)}" for k in w["kept"])
            lines.append(f"  {where}: {w['name']} ({'/'.join(w['colours'])}) Diamagic {dm}{extra} | "
                         f"cast {_magic(w['cast'])} | behind {_magic(w['hidden'])}{kept}")
            if w.get("text"):
                lines.append(f"          {w['text']}")
            for label, m in (("cast", w["cast"]), ("behind", w["hidden"])):
                if m and m.get("text") and "name" in m:
                    lines.append(f"          {label} {m['name']}: {m['text']}")
        if "hand" in p:
            lines.append("  hand:" + ("" if p["hand"] else " (empty)"))
            for c in p["hand"]:
                lines.append(f"    {c['name']} {_power(c)}" + (f" - {c['text']}" if c["text"] else ""))
        elif p.get("known_hand"):
            lines.append("  seen in hand: " + ", ".join(p["known_hand"]))
        for pick in p.get("confused", ()):
            what = pick["magic"] or "a Magic of the owner's choice"
            lines.append(f"  Confused: the {pick['position']} Wizard must cast {what} (9.4)")
    last = view.get("last_challenge")
    if last:
        p0, p1 = last["power"]
        result = (f"a tie, the {last['stake']} Diamagic at stake stay" if last["winner"] is None
                  else f"P{last['winner']} won" + (f" {last['stake']} Diamagic" if last["stake"] else " the challenge"))
        lines.append(f"last challenge (turn {last['turn']}): Final Magic Power P0 {p0}, P1 {p1} - {result} "
                     f"({last['rule']})")
    if view.get("pending"):
        lines.append(_deciding(view["pending"], seat))
    return "\n".join(lines)


def _deciding(pending: dict[str, Any], seat: int | None) -> str:
    """The decision an effect waits on, as a sentence: who decides, and what."""
    who = "you" if pending["player"] == seat else f"P{pending['player']}"
    source = f" ({pending['source']})" if pending.get("source") else ""
    step = pending.get("step")
    now = "" if not step else f"; now: {'the cards to pay' if step == 'pay' else 'the ' + step}"
    what = {
        "limit": f"must discard down to {HAND_LIMIT} cards (hand limit, 7.13)",
        "corrode": f"may discard a card from hand so that Corrode{source} discards the Magic it strikes (9.6)",
        "corrupt": f"may discard two cards to Corrupt{source}: a Diamagic of an opposing Wizard goes back to "
                   "the reserve (9.7)",
        "swap": "must choose the two Diamagic that Swap exchanges (9.11)",
        "break": "must choose a Continue Magic to discard from play (Break, 9.14)",
        "tele": "must choose the Castle to bring into play (Teletrasporto, 9.16)",
    }.get(pending["effect"], f"must decide {pending['effect']}{source}")
    return f"deciding: {who} {what}{now}"
