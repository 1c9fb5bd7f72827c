"""The labyrinth as a text map for the terminal (interpreted, never on a hot path).

Each square is three characters between corner marks `+`. Lines: `---` / `|` a wall,
`=D=` / `D` a closed door, ` d ` / `d` an open one, `~~~` / `~` a firewall, `...` / `:`
an illusion wall. In a square: `H0` the home base of seat 0's sector, `t` a treasure
mark, `###` solid stone, `***` a thornbush; tokens the caller passes (wizards, objects,
treasures) are written over the square, three characters at most.

`render` draws a seat's view (the JSON of view.py) the same way, and `parse_plan` reads a
walk typed in the terminal ("n n e", "to c4") as the move actions it stands for.
"""

from __future__ import annotations

from typing import Any

from wizarena.core import Action, IllegalAction
from wizarena.core.inputs import shown, whole_number

from .actions import MOVES
from .board import DIR_NAMES, HOME, TREASURE
from .mapstate import BUSH, DOOR, FIREWALL, ILLUSION, OPEN, STONE, WALL, MapState

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
# numbered 1.. so that a square can be named like a chess square ("c4").
COLS = "abcdefghijklmnopqrstuvwxyz"
_DOOR_H = {"locked": "=D=", "jammed": "=J=", "opened": " d ", "held": " d ", "unlocked": " d "}
_DOOR_V = {"locked": "D", "jammed": "J", "opened": "d", "held": "d", "unlocked": "d"}
_KIND_H = {"open": "   ", "wall": "---", "firewall": "~~~", "illusion wall": "..."}
_KIND_V = {"open": " ", "wall": "|", "firewall": "~", "illusion wall": ":"}
DIRECTIONS = {"n": "N", "north": "N", "e": "E", "east": "E", "s": "S", "south": "S", "w": "W", "west": "W"}


def square_name(board: dict[str, Any], sq: int) -> str:
    s = board["squares"][sq]
    return f"{COLS[s['x']]}{s['y'] + 1}"


def square_named(board: dict[str, Any], name: str) -> int:
    """The square a name like "c4" stands for, -1 if none lies there."""
    name = name.strip().lower()
    row = whole_number(name[1:], 3)
    if len(name) < 2 or name[0] not in COLS or row is None:
        return -1
    x, y = COLS.index(name[0]), row - 1
    for s in board["squares"]:
        if s["x"] == x and s["y"] == y:
            return int(s["id"])
    return -1


def line_name(board: dict[str, Any], line: dict[str, Any]) -> str:
    ends = [square_name(board, sq) for sq in line["squares"] if sq >= 0]
    return "/".join(ends) if len(ends) == 2 else f"{ends[0]} edge"


def board_text(view: dict[str, Any]) -> str:
    """The labyrinth with wizards (their seat numbers), treasures `$`, objects `o`, solid
    stone `###`, thornbushes `*`, home bases `H0`.. and treasure marks `t`."""
    board = view["board"]
    w, h = board["width"], board["height"]
    grid = [[" "] * (4 * w + 1) for _ in range(2 * h + 1)]
    tokens: dict[int, str] = {}
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
        what = "punches" if a["card"] == "punch" else f"casts {a['card']}"
        number = f" with a {a['number']}" if a["number"] else ""
        answered = f", answered by {', '.join(a['answers'])}" if a["answers"] else ""
        lines.append(f"in the air: {_seat(view, a['attacker'])} {what}{number} at {_seat(view, a['target'])},"
                     f" strength {a['strength']}{answered}")
    if view["aiming"]:
        who = view["aiming"]["seat"]
        lines.append(f"{_seat(view, who)} aim{'' if who == view['seat'] else 's'} {view['aiming']['card']}"
                     + (": type a square (c4) or a line between two (c3/c4)" if who == view["seat"] else ""))
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
        lines.append("your hand: " + (", ".join(view["hand"]) or "empty"))
    places = []
    by_line = {x["id"]: x for x in board["lines"]}
    for t in view["targets"].values():
        if t["kind"] in ("aim", "teleport") and "square" in t:
            places.append(f"square {t['square']} = {square_name(board, t['square'])}")
        elif t["kind"] == "aim" and "line" in t and t["line"] in by_line:
            places.append(f"line {t['line']} = {line_name(board, by_line[t['line']])}")
    if places:
        lines.append("where they lie: " + ", ".join(places))
    if view["seat"] is not None and view["seat"] in view["to_act"] and view["phase"] == "turn":
        lines.append("walk by typing directions (n e s w, several at once: 'n n e') or a square ('to c4')")
    if view.get("hands"):
        lines.append("hands at the end: " + "; ".join(f"P{q}: {', '.join(h) or '-'}"
                                                      for q, h in enumerate(view["hands"])))
    return "\n".join(lines)


def parse_plan(game: Any, s: Any, player: int, text: str) -> list[Action]:
    """A walk typed by a person as the move actions it stands for: directions ("n n e",
    "north east") or a square to walk to ("to c4", "c4"). A square that is the target of
    another legal action (a Teleport, a neutral aimed at it) names that action. [] for
    anything else (the kernel's parser reads it)."""
    words = text.lower().replace(",", " ").split()
    if not words:
        return []
    legal = game.legal_actions(s, player)
    may_walk = any(a.kind == "move" for a in legal)
    if all(w in DIRECTIONS for w in words):
        plan = [MOVES[DIR_NAMES.index(DIRECTIONS[w])] for w in words]
        if plan[0] not in legal:
            raise IllegalAction(f"you cannot move {plan[0].fields['direction']} now")
        if len(plan) > s.moves:
            raise IllegalAction(f"that is {len(plan)} steps and you have {s.moves} left (a number card walks farther)")
        m, at = s.map, s.pos[player]
        names = game.view(s, player)["board"]
        for k, w in enumerate(words):
            if k and m.cells[at] & BUSH:
                raise IllegalAction(f"entering the thornbush at {square_name(names, at)} ends the walk there")
            nxt = m.step_to(at, DIR_NAMES.index(DIRECTIONS[w]))
            if nxt < 0:
                raise IllegalAction(f"the way {DIRECTIONS[w]} of {square_name(names, at)} is closed")
            at = nxt
        return plan
    if words[0] in ("to", "walk", "go"):
        words = words[1:]
    if len(words) != 1:
        return []
    view = game.view(s, player)
    if "/" in words[0]:   # a line between two squares: the action aimed at it
        a, _, b = words[0].partition("/")
        ends = {square_named(view["board"], a), square_named(view["board"], b)}
        ids = [x["id"] for x in view["board"]["lines"] if set(x["squares"]) == ends]
        aimed = [game.actions[int(i)] for i, t in view["targets"].items() if t.get("line") in ids]
        if len(aimed) == 1:
            return aimed
        raise IllegalAction(f"nothing you may do now aims at the line {shown(words[0])}")
    target = square_named(view["board"], words[0])
    if target < 0:
        return []
    named = [game.actions[int(i)] for i, t in view["targets"].items()
             if t.get("square") == target and t["kind"] in ("aim", "teleport")]
    if len(named) == 1:
        return named
    if not may_walk:
        raise IllegalAction(f"you cannot walk to {words[0]} now")
    path = walk_path(s, s.pos[player], target)
    if path is None:
        raise IllegalAction(f"no way leads to {words[0]} from here")
    if not path:
        raise IllegalAction(f"you are at {words[0]} already")
    if len(path) > s.moves:
        raise IllegalAction(f"{words[0]} is {len(path)} steps away and you have {s.moves} left "
                            "(a number card walks farther)")
    return [MOVES[d] for d in path]


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
