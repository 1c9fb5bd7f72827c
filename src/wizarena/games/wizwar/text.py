"""The labyrinth as a text map for the terminal (interpreted, never on a hot path).

Each square is three characters between corner marks `+`. Lines: `---` / `|` a wall,
`=D=` / `D` a closed door, ` d ` / `d` an open one, `~~~` / `~` a firewall, `...` / `:`
an illusion wall. In a square: `H0` the home base of seat 0's sector, `t` a treasure
mark, `###` solid stone, `***` a thornbush; tokens the caller passes (wizards, objects,
treasures) are written over the square, three characters at most.

`render` draws a seat's view (the JSON of view.py) the same way, and `parse_plan` reads
what a person types in the terminal: a walk ("n n e", "c4"), a place to aim at ("c3/c4"),
a card and its place ("teleport to c4", "create wall c3/c4"), all in the names of
places.py; `action_words` words an action in those names.
"""

from __future__ import annotations

import re
from typing import Any, Final

from wizarena.core import Action, IllegalAction
from wizarena.core.inputs import shown

from . import cards
from .actions import (
    K_AIM_LINE,
    K_AIM_SQUARE,
    K_AT_THING,
    K_HIT,
    K_NEUTRAL,
    K_TELEPORT,
    K_TIMED_NEUTRAL,
    K_USE_KEY,
    MOVES,
)
from .board import DIR_NAMES, HOME, TREASURE, Assembly
from .mapstate import BUSH, DOOR, FIREWALL, ILLUSION, OPEN, STONE, WALL, MapState
from .places import COLUMNS, line_named, slot_name
from .places import line_name as line_name_of
from .places import square_name as square_name_of
from .places import square_named as square_named_of
from .sectors import TURN_NAMES

_H = {OPEN: "   ", WALL: "---", FIREWALL: "~~~", ILLUSION: "..."}
_V = {OPEN: " ", WALL: "|", FIREWALL: "~", ILLUSION: ":"}


def _h(m: MapState, e: int) -> str:
    k = m.kind(e)
    if k == DOOR:
        return " d " if m.door_open(e) else "=D="
    return _H[k]


def _v(m: MapState, e: int) -> str:
    k = m.kind(e)
    if k == DOOR:
        return "d" if m.door_open(e) else "D"
    return _V[k]


def _square(m: MapState, sq: int, tokens: dict[int, str]) -> str:
    if sq in tokens:
        return tokens[sq][:3].center(3)
    if m.cells[sq] & STONE:
        return "###"
    if m.cells[sq] & BUSH:
        return "***"
    if m.kinds[sq] == HOME:
        return f"H{m.sector_of(sq)} "
    if m.kinds[sq] == TREASURE:
        return " t "
    return "   "


def _near(m: MapState, x: int, y: int) -> bool:
    asm = m.asm
    return 0 <= x < asm.width and 0 <= y < asm.height and asm.at[y * asm.width + x] >= 0


def text_map(m: MapState, tokens: dict[int, str] | None = None) -> str:
    """The whole labyrinth, north at the top, one text line per line of the grid."""
    asm = m.asm
    tokens = tokens or {}
    w, h = asm.width, asm.height
    out: list[str] = []
    for y in range(h + 1):
        row = []
        for x in range(w + 1):
            row.append("+" if _near(m, x - 1, y - 1) or _near(m, x, y - 1) or _near(m, x - 1, y) or _near(m, x, y)
                       else " ")
            if x < w:
                row.append(_h(m, y * w + x) if _near(m, x, y - 1) or _near(m, x, y) else "   ")
        out.append("".join(row).rstrip())
        if y == h:
            break
        row = []
        for x in range(w + 1):
            left = asm.at[y * w + x - 1] if x > 0 else -1
            here = asm.at[y * w + x] if x < w else -1
            e = asm.h_edges + y * (w + 1) + x
            row.append(_v(m, e) if left >= 0 or here >= 0 else " ")
            if x < w:
                row.append(_square(m, here, tokens) if here >= 0 else "   ")
        out.append("".join(row).rstrip())
    return "\n".join(out)


def sector_names(m: MapState) -> list[str]:
    """Which printed face lies in each slot, and how it is turned."""
    return [f"slot {slot}: seat {m.slot_sector[slot]}'s sector, {m.faces[m.sector_face[m.slot_sector[slot]]].name},"
            f" turned {90 * m.rot[slot]} degrees" for slot in range(len(m.slot_sector))]


# -- a seat's view as text (`wizarena play wizwar`) ----------------------------------------
# The map drawn from the view alone (no game code needed), columns lettered a.. and rows
# numbered 1.., with the names of squares and lines the view carries (places.py): "c4",
# "c3/c4".
COLS = COLUMNS
_DOOR_H = {"locked": "=D=", "jammed": "=J=", "opened": " d ", "held": " d ", "unlocked": " d "}
_DOOR_V = {"locked": "D", "jammed": "J", "opened": "d", "held": "d", "unlocked": "d"}
_KIND_H = {"open": "   ", "wall": "---", "firewall": "~~~", "illusion wall": "..."}
_KIND_V = {"open": " ", "wall": "|", "firewall": "~", "illusion wall": ":"}
DIRECTIONS = {"n": "N", "north": "N", "e": "E", "east": "E", "s": "S", "south": "S", "w": "W", "west": "W"}
# what may stand before a place typed alone: a walk ("to c4"), or the aim of the card being
# aimed ("at c3/c4"); a card's name before it casts the card there ("create wall c3/c4")
_WALK_WORDS = {(), ("to",), ("walk",), ("go",), ("walk", "to"), ("go", "to")}
_AIM_WORDS = {(), ("at",), ("on",), ("aim",), ("aim", "at"), ("aim", "on")}
_LINKING = ("at", "on", "to", "into")
# what leads to aiming (the card, then where): the actions a card's name may stand for
# before a place
_AIMED_NEXT = (K_NEUTRAL, K_TIMED_NEUTRAL, K_HIT, K_USE_KEY, K_AT_THING)


def square_name(board: dict[str, Any], sq: int) -> str:
    return str(board["squares"][sq]["name"])


def square_named(board: dict[str, Any], name: str) -> int:
    """The square a name like "c4" stands for, -1 if none lies there."""
    wanted = name.strip().lower()
    return next((int(s["id"]) for s in board["squares"] if s["name"] == wanted), -1)


def line_name(board: dict[str, Any], line: dict[str, Any]) -> str:
    return str(line["name"])


def action_words(asm: Assembly, action: Action) -> str:
    """An action's text with the places it names in people's names (places.py): "Teleport
    to c4", "aim at c3/c4", "turn the sector a1-e5 a quarter turn clockwise". The action
    table is shared by every board, so its own texts can only number them."""
    f = action.fields
    kind = action.kind
    sq, line, slot = f.get("square"), f.get("line"), f.get("slot")
    if isinstance(sq, int) and 0 <= sq < asm.n_squares:
        place = square_name_of(asm, sq)
        return f"Teleport to {place}" if kind == "teleport" else f"aim at {place}"
    if kind == "aim" and isinstance(line, int) and asm.is_edge(line):
        return f"aim at {line_name_of(asm, line)}"
    if isinstance(slot, int) and 0 <= slot < asm.players:
        other, quarters = f.get("other"), f.get("quarters")
        if kind == "rotate-sector" and isinstance(quarters, int):
            return f"turn the sector {slot_name(asm, slot)} {TURN_NAMES[quarters - 1]} turn clockwise"
        if kind == "exchange-sectors" and isinstance(other, int) and 0 <= other < asm.players:
            return f"exchange the sectors {slot_name(asm, slot)} and {slot_name(asm, other)}"
    return action.text


def board_text(view: dict[str, Any], tokens: dict[int, str] | None = None) -> str:
    """The labyrinth with wizards (their seat numbers), treasures `$`, objects `o`, solid
    stone `###`, thornbushes `*`, home bases `H0`.. and treasure marks `t`; an edition
    whose view names its pieces otherwise passes the `tokens` to write in each square."""
    board = view["board"]
    w, h = board["width"], board["height"]
    grid = [[" "] * (4 * w + 1) for _ in range(2 * h + 1)]
    if tokens is None:
        tokens = {}
        for wiz in view["wizards"]:
            if not wiz["out"]:
                tokens[wiz["square"]] = tokens.get(wiz["square"], "") + str(wiz["seat"])
        for t in view["treasures"]:
            if t["square"] is not None:
                tokens[t["square"]] = tokens.get(t["square"], "") + "$"
        for f in view["floor"]:
            tokens[f["square"]] = tokens.get(f["square"], "") + "o"
    for s in board["squares"]:
        x, y, sq = s["x"], s["y"], s["id"]
        for cy in (2 * y, 2 * y + 2):
            grid[cy][4 * x] = grid[cy][4 * x + 4] = "+"
        tok = tokens.get(sq, "")
        if s["fill"] == "thornbush":
            tok += "*"
        if tok:
            cell = tok[:3].center(3)
        elif s["fill"] == "stone":
            cell = "###"
        elif s["mark"] == "home":
            cell = f"H{s['sector']} "
        elif s["mark"] == "treasure":
            cell = " t "
        else:
            cell = "   "
        grid[2 * y + 1][4 * x + 1:4 * x + 4] = list(cell)
    for line in board["lines"]:
        (x0, y0), (_x1, y1) = line["from"], line["to"]
        door = line.get("door")
        made = line["created"] and line["kind"] == "wall"
        if y0 == y1:   # horizontal
            text = _DOOR_H[door] if door else "-x-" if made else _KIND_H[line["kind"]]
            grid[2 * y0][4 * x0 + 1:4 * x0 + 4] = list(text)
        else:
            grid[2 * y0 + 1][4 * x0] = _DOOR_V[door] if door else "x" if made else _KIND_V[line["kind"]]
    rows = ["    " + "".join(f"  {COLS[x]} " for x in range(w))]
    for r, chars in enumerate(grid):
        label = f"{r // 2 + 1:>3} " if r % 2 else "    "
        rows.append((label + "".join(chars)).rstrip())
    return "\n".join(rows)


def _seat(view: dict[str, Any], seat: int) -> str:
    return "you" if seat == view["seat"] else f"P{seat}"


def _whose(view: dict[str, Any], seat: int, alone: bool = False) -> str:
    """'your' or 'P1's' before a noun, 'yours' or 'P1's' standing alone."""
    return ("yours" if alone else "your") if seat == view["seat"] else f"P{seat}'s"


_BY_NAME = {name: c for c, name in enumerate(cards.NAME)}


def card_line(name: str) -> str:
    """A card of the hand on one line: its name, kind and the first sentence of its text
    (`help NAME` shows the whole)."""
    c = _BY_NAME.get(name, -1)
    if c < 0:
        return name
    text = cards.TEXT[c]
    cut = text.find(". ")
    first = text if cut < 0 else text[:cut + 1]
    return f"{name} ({cards.KIND[c]}): {first}"


def card_help(name: str) -> str | None:
    """What `help NAME` shows of a card: its name, facts and whole text; the cards it may
    mean when several begin so; None when no card goes by that name or beginning."""
    wanted = " ".join(name.lower().split())
    if not wanted:
        return None
    found = [c for c in range(len(cards.NAME)) if cards.NAME[c].lower() == wanted] or \
        [c for c in range(len(cards.NAME)) if cards.NAME[c].lower().startswith(wanted)]
    if not found:
        return None
    if len(found) > 1:
        return "which card? " + ", ".join(cards.NAME[c] for c in found)
    c = found[0]
    facts = [cards.KIND[c]]
    if cards.RANGE[c] in RANGE_WORDS:
        facts.append(RANGE_WORDS[cards.RANGE[c]])
    if cards.USES_NUMBER[c] != "none":
        facts.append(f"a number card sets its {cards.USES_NUMBER[c]}")
    if cards.DAMAGE[c]:
        facts.append(f"{cards.DAMAGE[c]} damage")
    facts.append(f"{cards.COPIES[c]} in the deck")
    return f"{cards.NAME[c]} ({', '.join(facts)})\n{cards.TEXT[c]}"


RANGE_WORDS = {"los": "in line of sight", "adjacent": "adjacent", "self": "on yourself",
               "same-square": "in your own square"}


def render(view: dict[str, Any]) -> str:
    """A seat's view for the terminal: the map, every wizard, what is in the air, the
    piles and the seat's own hand, and where the targets of its actions lie."""
    board = view["board"]
    lines = [board_text(view), "",
             "  walls ---/| (made by a card -x-/x)  doors =D=/D locked, =J=/J jammed, d open",
             "  firewall ~~~  illusion ...",
             "  wizards 0-3  treasure $  object o  solid stone ###  thornbush *  home base H0  mark t", ""]
    head = f"round {view['round']}, {_whose(view, view['turn'])} turn"
    if view["phase"] in ("turn", "end of turn"):
        head += f", {view['moves']} move{'s' if view['moves'] != 1 else ''} left"
        head += ", attacked" if view["attacked"] else ""
    head += f"; now: {view['phase']}"
    if view["to_act"]:
        head += f" ({', '.join(_seat(view, q) for q in view['to_act'])} to decide)"
    lines.append(head)
    if view.get("teams"):  # team play (6e 11)
        lines.append("team play: " + " against ".join(" + ".join(_seat(view, q) for q in side)
                                                       for side in view["teams"]))
    for wiz in view["wizards"]:
        q = wiz["seat"]
        facts = [f"{_seat(view, q):>3}: " + ("OUT" if wiz["out"] else f"life {wiz['life']:>2}  at "
                                                f"{square_name(board, wiz['square'])}"),
                 f"hand {wiz['hand']}"]
        if wiz["carrying"] is not None:
            facts.append(f"carries {_whose(view, wiz['carrying'])} treasure")
        if wiz["lost_turns"]:
            facts.append(f"loses {wiz['lost_turns']} turn(s)")
        if wiz["extra_turns"]:
            facts.append(f"{wiz['extra_turns']} extra turn(s)")
        if wiz["shown"]:
            facts.append("shows " + ", ".join(wiz["shown"]))
        for name, c in wiz["conditions"].items():
            lasts = "for life" if c["turns"] is None else f"{c['turns']} turn(s) more" if c["turns"] \
                else f"until P{c['by']}'s turn"
            facts.append(f"{name} ({lasts})")
        lines.append("  ".join(facts))
    lying = [f"{_whose(view, t['owner'], True)} at {square_name(board, t['square'])}" for t in view["treasures"]
             if t["square"] is not None]
    lines.append("treasures: " + ("; ".join(lying) or "all carried"))
    if view["floor"]:
        lines.append("objects: " + ", ".join(f"{f['object']} at {square_name(board, f['square'])}"
                                             for f in view["floor"]))
    tail = view["discard"][-6:]
    lines.append(f"draw pile {view['deck']}; discard pile {len(view['discard'])}"
                 + (" (last: " + ", ".join(tail) + ")" if tail else ""))
    a = view["attack"]
    if a:
        mine = a["attacker"] == view["seat"]  # "you cast", "P1 casts"
        what = ("punch" if mine else "punches") if a["card"] == "punch" else f"cast{'' if mine else 's'} {a['card']}"
        number = f" with a {a['number']}" if a["number"] else ""
        answered = f", answered by {', '.join(a['answers'])}" if a["answers"] else ""
        lines.append(f"in the air: {_seat(view, a['attacker'])} {what}{number} at {_seat(view, a['target'])},"
                     f" strength {a['strength']}{answered}")
    if view["aiming"]:
        who = view["aiming"]["seat"]
        lines.append(f"{_seat(view, who)} aim{'' if who == view['seat'] else 's'} {view['aiming']['card']}"
                     + (": type a square (c4) or a line between two (c3/c4)" if who == view["seat"] else ""))
    if view.get("put_back"):  # ruling R8 (a view written before it has none)
        lines.append(f"put back this turn: {', '.join(view['put_back'])} (taken up again after anything else)")
    n = view["neutral"]
    if n:
        where = ""
        if n["square"] is not None:
            where = f" on {square_name(board, n['square'])}"
        elif n["line"] is not None:
            found = [x for x in board["lines"] if x["id"] == n["line"]]
            where = f" on the line {line_name(board, found[0])}" if found else ""
        lines.append(f"cast: {_whose(view, n['caster'])} {n['card']}{where}; still to answer: "
                     + (", ".join(_seat(view, q) for q in n["asking"]) or "nobody"))
    if view["seat"] is not None and not view.get("hands"):
        hand = view["hand"]
        lines.append(f"your hand ({len(hand)}):" + ("" if hand else " empty"))
        lines += [f"  {card_line(c)}" for c in hand]
        if hand:
            lines.append("  (help NAME shows a card's whole text)")
    by_line = {x["id"]: x for x in board["lines"]}
    teleports = [square_name(board, t["square"]) for t in view["targets"].values() if t["kind"] == "teleport"]
    aims = [square_name(board, t["square"]) if "square" in t else line_name(board, by_line[t["line"]])
            for t in view["targets"].values() if t["kind"] == "aim" and ("square" in t or t.get("line") in by_line)]
    if teleports:
        lines.append("Teleport can take you to " + ", ".join(teleports) + f" (type 'teleport to {teleports[0]}')")
    if aims:
        lines.append("you may aim at " + ", ".join(aims) + f" (type '{aims[0]}')")
    if view["seat"] is not None and view["seat"] in view["to_act"] and view["phase"] == "turn":
        lines.append("walk by typing directions (n e s w, several at once: 'n n e') or a square ('c4' or "
                     "'to c4'); cast a card at a place by its name and the place ('create wall c3/c4')")
    if view.get("hands"):
        lines.append("hands at the end: " + "; ".join(f"P{q}: {', '.join(h) or '-'}"
                                                      for q, h in enumerate(view["hands"])))
    return "\n".join(lines)


def _place(asm: Assembly, word: str) -> tuple[int, int]:
    """A typed place: (square, -1), (-1, line) or (-1, -1) for neither."""
    if "/" in word or "-" in word:
        return -1, line_named(asm, word)
    return square_named_of(asm, word), -1


_SQUARE_LIKE: Final = re.compile(r"[a-z]{1,2}[0-9]{1,3}")  # what a person types for a square: "e9"


def _squares_named(asm: Any) -> str:
    """The board's squares as its map labels them: "columns a-j, rows 1-10"."""
    names = [square_name_of(asm, q) for q in range(asm.n_squares)]
    columns = sorted({re.sub(r"[0-9]", "", n) for n in names}, key=lambda c: (len(c), c))
    rows = sorted({int(re.sub(r"[a-z]", "", n)) for n in names})
    return f"columns {columns[0]}-{columns[-1]}, rows {rows[0]}-{rows[-1]}"


def parse_plan(game: Any, s: Any, player: int, text: str) -> list[Action]:
    """What a person typed, as the actions it stands for: a walk, by directions ("n n e")
    or by the square it goes to ("c4", "to c4"); the place the card being aimed goes ("c4",
    "c3/c4", "aim at c4"); a Teleport named with its square ("teleport to c4"); a card and
    where it goes ("create wall c3/c4", "cast solid stone on c4"), which is two actions.

    A square alone walks, and a card is spent only where its name is typed or it is
    already being aimed: "c4" never teleports. [] for anything else (the kernel's parser
    reads it: a menu number, an action's words)."""
    words = text.lower().replace(",", " ").split()
    if not words:
        return []
    legal = game.legal_actions(s, player)
    asm = s.map.asm
    if all(w in DIRECTIONS for w in words):
        return _directions(s, player, legal, words)
    square, line = _place(asm, words[-1])
    if square < 0 and line < 0:
        if tuple(words[:-1]) in _WALK_WORDS and _SQUARE_LIKE.fullmatch(words[-1]):
            raise IllegalAction(f"there is no square {shown(words[-1])} on this board ({_squares_named(asm)})")
        if "/" in words[-1] and tuple(words[:-1]) in _AIM_WORDS:
            raise IllegalAction(f"no line {shown(words[-1])} on this board (a line is named by two neighbouring "
                                "squares, c3/c4, or a square and a side at the edge, c1/n)")
        return []
    place = square_name_of(asm, square) if square >= 0 else line_name_of(asm, line)
    before = tuple(words[:-1])
    if before in _AIM_WORDS:
        aimed = [a for a in legal if (a.data[0] == K_AIM_SQUARE and a.data[2] == square)
                 or (a.data[0] == K_AIM_LINE and a.data[2] == line)]
        if aimed:
            return aimed[:1]
    if square >= 0 and before in _WALK_WORDS:
        return _walk_to(s, player, legal, square, place)
    if before and before[0] == "teleport" and square >= 0 and before[1:] in ((), ("to",)):
        teleport = [a for a in legal if a.data[0] == K_TELEPORT and a.data[2] == square]
        if not teleport:
            raise IllegalAction(f"no Teleport of yours can take you to {place} now")
        return teleport
    if before in _AIM_WORDS:
        raise IllegalAction(f"nothing you may do now aims at {place}")
    return _cast_at(game, s, player, legal, before, square, line, place)


def _directions(s: Any, player: int, legal: list[Action], words: list[str]) -> list[Action]:
    plan = [MOVES[DIR_NAMES.index(DIRECTIONS[w])] for w in words]
    if plan[0] not in legal:
        raise IllegalAction(f"you cannot move {plan[0].fields['direction']} now")
    if len(plan) > s.moves:
        raise IllegalAction(f"that is {len(plan)} steps and you have {s.moves} left (a number card walks farther)")
    m, at = s.map, s.pos[player]
    for k, w in enumerate(words):
        if k and m.cells[at] & BUSH:
            raise IllegalAction(f"entering the thornbush at {square_name_of(m.asm, at)} ends the walk there")
        nxt = m.step_to(at, DIR_NAMES.index(DIRECTIONS[w]))
        if nxt < 0:
            raise IllegalAction(f"the way {DIRECTIONS[w]} of {square_name_of(m.asm, at)} is closed")
        at = nxt
    return plan


def _walk_to(s: Any, player: int, legal: list[Action], target: int, place: str) -> list[Action]:
    """The steps of a walk to `target`; a square a card could reach but a walk cannot is
    refused with the words that would spend the card."""
    teleport = any(a.data[0] == K_TELEPORT and a.data[2] == target for a in legal)
    spend = f"; type 'teleport to {place}' to spend your Teleport" if teleport else ""
    if not any(a.kind == "move" for a in legal):
        raise IllegalAction(f"you cannot walk to {place} now{spend}")
    path = walk_path(s, s.pos[player], target)
    if path is None:
        raise IllegalAction(f"no way leads to {place} from here{spend}")
    if not path:
        raise IllegalAction(f"you are at {place} already")
    if len(path) > s.moves:
        raise IllegalAction(f"{place} is {len(path)} steps away and you have {s.moves} left "
                            f"(a number card walks farther){spend}")
    return [MOVES[d] for d in path]


def _cast_at(game: Any, s: Any, player: int, legal: list[Action], before: tuple[str, ...], square: int,
             line: int, place: str) -> list[Action]:
    """A card's action named before a place ("create wall c3/c4", "cast solid stone on c4"):
    the action, then its aim at that place, if both are legal one after the other."""
    words = list(before)
    if words and words[-1] in _LINKING:
        words.pop()
    if words and words[0] == "cast":
        words.pop(0)
    said = " ".join(words)
    if not said:
        return []
    firsts = [a for a in legal if a.data[0] in _AIMED_NEXT]
    named = [a for a in firsts if _says(game, s, a) == said] or \
        [a for a in firsts if _says(game, s, a).startswith(said)]
    if not named:
        return []
    if len(named) > 1:
        raise IllegalAction(f"{shown(said)} is ambiguous: " + ", ".join(game.action_text(s, a) for a in named[:5]))
    first = named[0]
    after = game.clone(s)
    after.log = None  # a trial: nothing of it is told
    game.apply(after, player, first)
    if player not in game.to_act(after):
        return []
    code, where = (K_AIM_SQUARE, square) if square >= 0 else (K_AIM_LINE, line)
    aim = [a for a in game.legal_actions(after, player) if a.data[0] == code and a.data[2] == where]
    if not aim:
        raise IllegalAction(f"{game.action_text(s, first)} cannot go to {place}")
    return [first, aim[0]]


def _says(game: Any, s: Any, action: Action) -> str:
    """An action's words without a leading "cast ": what a person types before a place."""
    words = game.action_text(s, action).lower()
    return words[5:] if words.startswith("cast ") else words


def walk_path(s: Any, start: int, goal: int) -> list[int] | None:
    """The directions of a shortest walk from start to goal, or None: through no
    thornbush (entering one ends the move) and through no firewall where a way around is
    as short or there is any other way at all."""
    m = s.map
    for avoid_fire in (True, False):
        back: dict[int, tuple[int, int]] = {start: (-1, -1)}
        frontier = [start]
        while frontier and goal not in back:
            nxt: list[int] = []
            for sq in frontier:
                if sq != start and m.cells[sq] & BUSH:
                    continue
                for d in range(4):
                    t = m.step_to(sq, d)
                    if t < 0 or t in back:
                        continue
                    if avoid_fire and m.kind(m.asm.side_edge[sq * 4 + d]) == FIREWALL:
                        continue
                    back[t] = (sq, d)
                    nxt.append(t)
            frontier = nxt
        if goal in back:
            path: list[int] = []
            at = goal
            while at != start:
                at, d = back[at]
                path.append(d)
            return path[::-1]
    return None
