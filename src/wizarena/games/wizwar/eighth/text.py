"""An 8e seat's view as text for the terminal (`wizarena play wizwar/8e`): the labyrinth
drawn as the 6e table draws it (text.board_text), figures by number (creatures after the
wizards), treasures `$`, items `o`, the portals by colour, then each seat's life, victory points, stun, items and
maintained spells with their tokens, the cast under way and the seat's own hand."""

from __future__ import annotations

from typing import Any

from ..text import board_text
from . import cards

_NAME_OF = dict(zip(cards.ID, cards.NAME, strict=True))


def _name(card_id: str) -> str:
    return _NAME_OF.get(card_id, card_id)


def render(view: dict[str, Any]) -> str:
    """The table as `view`'s seat sees it."""
    tokens: dict[int, str] = {}
    for f in view["figures"]:
        if not f["out"] and f["life"] > 0:
            tokens[f["square"]] = tokens.get(f["square"], "") + str(f["figure"])
    for t in view["treasures"]:
        if t["square"] is not None and not t["spent"]:
            tokens[t["square"]] = tokens.get(t["square"], "") + "$"
    for item in view["floor"]:
        tokens[item["square"]] = tokens.get(item["square"], "") + "o"
    lines = [board_text(view, tokens), ""]
    owner_of = {sector["slot"]: sector["owner"] for sector in view["board"]["sectors"]}
    for link in view["board"]["links"]:
        if "portal" in link:
            (a, side_a), (b, side_b) = link["a"], link["b"]
            lines.append(f"the {link['portal']} portal joins P{owner_of[a]}'s sector, side {side_a}, "
                         f"and P{owner_of[b]}'s sector, side {side_b}")
    if view["phase"] == "drafting schools":  # Custom Spellbook, before the first turn
        lines.append(f"before round 1: the groups draft their schools, P{view['to_act'][0]} picks now; "
                     f"P{view['turn']} will move first")
    else:
        lines.append(f"round {view['round']}, P{view['turn']}'s turn: {view['phase']}; "
                     f"{view['moves']} movement points, {view['attacks']} attack(s) left; "
                     f"schools: {', '.join(view['schools'])}; {view['deck']} cards in the deck")
    for group in view["groups"] or ():  # Custom Spellbook: each group's schools and piles
        lines.append(f"  {' and '.join(f'P{q}' for q in group['seats'])}'s group: "
                     f"{', '.join(group['schools']) or 'no school yet'}; {group['deck']} cards in its deck, "
                     f"{len(group['discard'])} in its discard pile")
    shaped = view["next_spell"]
    marks = ([f"a pool of {shaped['pool']} energy"] if shaped["pool"] else []) + (
        [f"cast from square {shaped['from']}"] if shaped["from"] is not None else []) + (
        ["sight around one corner"] if shaped["bend"] else [])
    if marks:
        lines.append(f"P{view['turn']}'s next spell: {', '.join(marks)}")
    for seat in view["seats"]:
        q = seat["seat"]
        wizard = view["figures"][q]
        who = "you" if q == view["seat"] else f"P{q}"
        facts = [f"{wizard['life']} life", f"{seat['points']} of {view['target']} points", f"{seat['hand']} cards"]
        if wizard["stun"]:
            facts.append(f"stunned {wizard['stun']}")
        if seat["carrying"] is not None:
            facts.append(f"carries P{seat['carrying'] // 2}'s treasure")
        if seat["items"]:
            facts.append("items: " + ", ".join(_name(c) for c in seat["items"]))
        if seat["maintained"]:
            facts.append("spells: " + ", ".join(
                _name(m["card"]) + ("" if m["tokens"] is None else f" ({m['tokens']})") for m in seat["maintained"]))
        lines.append(f"  {who}{' (out)' if wizard['out'] else ''}: " + "; ".join(facts))
    cast = view["cast"]
    if cast is not None:
        what = "a punch" if cast["punch"] else _name(cast["card"])
        lines.append(f"under way: P{cast['seat']}'s {what}, energy {cast['energy']}"
                     + (f", picked: {'; '.join(cast['picked'])}" if cast["picked"] else ", not aimed yet")
                     + (f", cancelled by {_name(cast['cancelled_by'])}" if cast["cancelled_by"] else ""))
    if view["hand"]:
        lines.append("your hand: " + ", ".join(_name(c) for c in view["hand"]))
    if view["outcome"] is not None:
        lines.append(f"game over: {view['outcome'].get('reason', '')}")
    return "\n".join(lines)
