// Wiz-War renderer: draws a wizwar view (games/wizwar/view.py, seat_view) as the labyrinth in
// SVG, the wizards' table, the prompt of the moment and the hand.
// Interface (docs/web.md): render(root, state, ctx) with state = {view, seat, legal, seq, ...}
// and ctx.act(actionId) (null when the table cannot take a move now, e.g. in a replay).
//
// The view names, for every legal action that aims somewhere, its target (view.targets:
// action id -> {kind, square | line | seat | direction, card}), so clicks map to ids without
// reading action texts. Walking: a click on a square sends "move" steps one after another
// along a shortest path the moves left allow; every step is checked against the legal steps
// of the state it is sent from, so a path that stops being walkable (a door locks again, a
// thornbush ends the move, an attack comes) simply stops.
//
// Playing a card is one or two clicks: a card of the hand (it lists what it can do, and
// rings the wizards, squares and lines it can aim at), then a target or one of its options.
import { clear, h, readable } from "/static/common.js";

export const name = "Wiz-War";

const SVG = "http://www.w3.org/2000/svg";
const U = 40; // one square, in SVG units
const EDGE = 22; // the margin round the labyrinth, where the coordinates are written
const DIRS = ["N", "E", "S", "W"];
const DIR_WORDS = { N: "north", E: "east", S: "south", W: "west" };
const ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };
const FACE_COLOURS = { blue: "#1c7ed6", red: "#e03131", yellow: "#e8a200", green: "#2f9e44" };
const SEAT_COLOURS = ["#1c7ed6", "#e03131", "#e8a200", "#2f9e44"];
const PHASES = {
  turn: "Turn",
  "counteraction window": "Counteraction",
  discard: "Discard",
  "end of turn": "End of turn",
  over: "Game over",
  aiming: "Aiming",
  "neutral window": "Neutral spell",
};

// Card facts by name and by catalogue id (GET /api/games/wizwar/cards, handed over by the
// page as ctx.cards). Actions name their cards by catalogue id (docs/web-protocol.md).
let CARDS_SEEN = null;
let BY_NAME = new Map();
let NAME_OF = new Map();

// What the player has chosen on this drawing and keeps across states: a hand card, a
// wizard, and a walk under way. A new table (another seat, a replay) forgets it.
const ui = { key: null, card: null, seat: null, walk: null, choice: null };

// The names people read for squares and lines ("c4", "c3/c4"), from the view's board
// (games/wizwar/places.py): the same names as the log, the menus and the terminal map.
let SQUARE_NAMES = new Map();
let LINE_NAMES = new Map();

function learnPlaces(board) {
  SQUARE_NAMES = new Map(((board && board.squares) || []).map((s) => [s.id, s.name]));
  LINE_NAMES = new Map(((board && board.lines) || []).map((l) => [l.id, l.name]));
}

/** A square's name ("c4"); "?" for one the board does not have. */
function sqName(id) {
  return SQUARE_NAMES.get(id) || "?";
}

/** A line's name ("c3/c4", or "c1/N" at the outer edge). */
function lineName(id) {
  return LINE_NAMES.get(id) || "?";
}

function learn(cards) {
  if (!Array.isArray(cards) || cards === CARDS_SEEN) return;
  CARDS_SEEN = cards;
  BY_NAME = new Map(cards.filter((c) => c && c.name).map((c) => [c.name, c]));
  NAME_OF = new Map(cards.filter((c) => c && c.id && c.name).map((c) => [c.id, c.name]));
}

/** A card's name from its catalogue id ("number_3" -> "Number 3"), or null for none. */
function nameOf(id) {
  if (!id) return null;
  return NAME_OF.get(id) || String(id).split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function facts(cardName) {
  return BY_NAME.get(cardName) || { name: cardName, kind: null, text: "" };
}

function who(seat, me) {
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  return seat === me ? `P${seat} (you)` : `P${seat}`;
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Make an SVG element a button: role, focus, an accessible name, Enter/Space. */
function clickable(el, label, onClick) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.classList.add("ww-hit");
  el.append(svg("title", {}, label));
  el.addEventListener("click", (e) => {
    e.stopPropagation();
    onClick();
  });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onClick();
    }
  });
  return el;
}

// ---- the labyrinth as a graph -------------------------------------------------------------

/** The direction of `line` seen from square `sq` (the side of the square it lies on). */
function sideOf(line, sq) {
  const [x0, y0] = line.from;
  const [x1, y1] = line.to;
  if (y0 === y1) return y0 === sq.y ? "N" : "S";
  return x0 === sq.x ? "W" : "E";
}

/** Squares one step away, walls, closed doors and stone considered, through wraps and
 * warps (a line at the outer edge names its partner line in `link`). */
function walkGraph(board) {
  const squares = board.squares || [];
  const byId = new Map(squares.map((s) => [s.id, s]));
  const lines = new Map((board.lines || []).map((l) => [l.id, l]));
  const blocks = (l) => l && (l.kind === "wall" || (l.kind === "door" && !l.open));
  const inner = (l) => (l.squares || []).find((s) => s >= 0);
  const next = new Map(squares.map((s) => [s.id, []]));
  for (const l of lines.values()) {
    if (blocks(l)) continue;
    const [a, b] = l.squares || [-1, -1];
    if (a >= 0 && b >= 0) {
      next.get(a)?.push({ dir: sideOf(l, byId.get(a)), to: b });
      next.get(b)?.push({ dir: sideOf(l, byId.get(b)), to: a });
    } else if (l.link !== undefined && l.link >= 0) {
      const partner = lines.get(l.link);
      if (!partner || blocks(partner)) continue;
      const from = inner(l);
      const to = inner(partner);
      if (from === undefined || to === undefined) continue;
      next.get(from)?.push({ dir: sideOf(l, byId.get(from)), to });
    }
  }
  for (const [id, steps] of next) next.set(id, steps.filter((s) => byId.get(s.to) && byId.get(s.to).fill !== "stone"));
  return { byId, next };
}

/** Shortest walks from `start` within `limit` steps: Map square -> {dist, prev, dir}.
 * Entering a thornbush ends the move, so no path leaves one (6e 4). The first steps are
 * the legal ones (`firstSteps`: dir -> square), which know more than the drawing. */
function reach(graph, start, limit, firstSteps) {
  const out = new Map([[start, { dist: 0, prev: null, dir: null }]]);
  let frontier = [start];
  for (let d = 1; d <= limit && frontier.length; d++) {
    const nxt = [];
    for (const sq of frontier) {
      if (sq !== start && graph.byId.get(sq)?.fill === "thornbush") continue;
      const steps = sq === start ? [...firstSteps].map(([dir, to]) => ({ dir, to })) : graph.next.get(sq) || [];
      for (const s of steps) {
        if (out.has(s.to)) continue;
        out.set(s.to, { dist: d, prev: sq, dir: s.dir });
        nxt.push(s.to);
      }
    }
    frontier = nxt;
  }
  return out;
}

function pathTo(paths, target) {
  const out = [];
  let at = target;
  while (at !== undefined && at !== null && paths.get(at) && paths.get(at).prev !== null) {
    const p = paths.get(at);
    out.unshift({ dir: p.dir, to: at });
    at = p.prev;
  }
  return out;
}

// ---- what the legal actions aim at --------------------------------------------------------

// The kinds of action that play a card of the hand with no target on the board; the others
// with a card name it in view.targets (docs/web-protocol.md, "Wiz-War").
const HAND_PLAYS = new Set(["boost", "counter", "drop", "use-key", "blink", "teleport", "cast-self", "cast-neutral", "cast-at-thing", "throw-object"]);

/** The card of the hand an action plays, by name (null: no card). */
function cardOf(action, target) {
  if (target && target.card) return target.card;
  const f = action.fields || {};
  return f.card && HAND_PLAYS.has(action.kind) ? nameOf(f.card) : null;
}

/** Everything a click can mean now, from the legal actions and view.targets. */
function analyse(view, legal) {
  const targets = view.targets || {};
  const all = legal.map((a) => {
    const t = targets[String(a.id)] || null;
    return { id: a.id, text: a.text, kind: a.kind, f: a.fields || {}, t, card: cardOf(a, t) };
  });
  const moves = new Map(); // dir -> {id, square}
  const bySquare = new Map(); // square -> [actions aimed at it, not walking]
  const byLine = new Map();
  const bySeat = new Map();
  const byCard = new Map();
  const put = (map, key, a) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(a);
  };
  for (const a of all) {
    const t = a.t;
    if (t && t.kind === "move") moves.set(t.direction, { id: a.id, square: t.square });
    else if (t && t.line !== undefined && t.line !== null) put(byLine, t.line, a);
    else if (t && t.seat !== undefined && t.seat !== null) put(bySeat, t.seat, a);
    else if (t && t.square !== undefined && t.square !== null && t.kind !== "pick up") put(bySquare, t.square, a);
    if (a.card) put(byCard, a.card, a);
  }
  return { all, moves, bySquare, byLine, bySeat, byCard };
}

/** A short label for an action, in the context of its card or target, from its kind and fields. */
function optionLabel(a, me) {
  const f = a.f || a.fields || {};
  const number = f.number ? nameOf(f.number) : null;
  const withNumber = number ? ` with ${number}` : "";
  switch (a.kind) {
    case "cast":
      return `Cast at ${who(f.seat, me)}${withNumber}`;
    case "strike":
      return `Strike ${who(f.seat, me)}`;
    case "throw":
      return `Throw at ${who(f.seat, me)}`;
    case "punch":
      return `Punch ${who(f.seat, me)}`;
    case "discard":
      return "Discard it";
    case "cast-neutral":
      return number ? `Cast it${withNumber}` : "Cast it (then choose where)";
    case "cast-self":
      return `Cast it on yourself${withNumber}`;
    case "cast-at-thing":
      return "Cast it at an object or treasure (then choose which)";
    case "blink":
      return `Blink ${DIR_WORDS[f.direction] || f.direction}`;
    case "teleport":
      return `Teleport to ${sqName(f.square)}`;
    case "use-key":
      return "Use the Master Key";
    case "throw-object":
      return "Throw it at a square (then choose where)";
    case "pick-up":
      return `Pick up ${nameOf(f.card)}`;
    case "pick-up-treasure":
      return "Pick up the treasure";
    case "drop-treasure":
      return "Drop the treasure";
    case "aim":
      return f.line !== undefined ? `Aim at ${lineName(f.line)}` : `Aim at ${sqName(f.square)}`;
    case "hit-thing": // a wall, door or thornbush: where it goes is chosen on the board next
      if (f.how === "punch") return "Punch a wall, door or thornbush";
      if (f.how === "throw") return "Throw at a thornbush";
      if (f.how === "strike") return "Strike a wall, door or thornbush";
      return `Cast at a wall, door or thornbush${withNumber}`;
    case "boost":
      return "Walk farther with it";
    case "counter":
      return `Counter with it${withNumber}`;
    case "drop":
      return "Drop it here";
    case "take-it":
      return "Take it";
    case "let-stand":
      return "Let it stand";
    case "let-be":
      return "Let it be";
    case "put-back":
      return "Put it back";
    default:
      return a.text;
  }
}

// ---- the board ----------------------------------------------------------------------------

function sectorColours(view) {
  const out = SEAT_COLOURS.slice();
  for (const sec of (view.board && view.board.sectors) || []) {
    const word = String(sec.face || "").split("-")[0];
    if (FACE_COLOURS[word] && sec.owner !== undefined) out[sec.owner] = FACE_COLOURS[word];
  }
  return out;
}

function lineShape(l, colours) {
  const x1 = l.from[0] * U;
  const y1 = l.from[1] * U;
  const x2 = l.to[0] * U;
  const y2 = l.to[1] * U;
  const base = { x1, y1, x2, y2, "data-line": l.id, "data-kind": l.kind };
  const hpNote = l.hp !== undefined ? `, ${l.hp} hit points left` : "";
  const title = (what) => svg("title", {}, `${l.name || "line"}: ${what}${l.created ? " (created)" : ""}${hpNote}`);
  switch (l.kind) {
    case "wall":
      return svg("line", { ...base, class: `ww-wall${l.created ? " ww-created" : ""}` }, title("wall"));
    case "door": {
      const state = l.door || (l.open ? "opened" : "locked");
      const g = svg("g", { class: `ww-door ww-door-${state}`, "data-line": l.id, "data-kind": "door", "data-door": state }, title(`door, ${state}`));
      // the frame: two short stubs at the ends, the leaf in the middle (a gap when open)
      const dx = (x2 - x1) * 0.2;
      const dy = (y2 - y1) * 0.2;
      g.append(svg("line", { x1, y1, x2: x1 + dx, y2: y1 + dy, class: "ww-wall" }));
      g.append(svg("line", { x1: x2 - dx, y1: y2 - dy, x2, y2, class: "ww-wall" }));
      g.append(svg("line", { x1: x1 + dx, y1: y1 + dy, x2: x2 - dx, y2: y2 - dy, class: "ww-leaf" }));
      if (state === "jammed") {
        const cx = (x1 + x2) / 2;
        const cy = (y1 + y2) / 2;
        g.append(svg("path", { d: `M${cx - 5} ${cy - 5}L${cx + 5} ${cy + 5}M${cx + 5} ${cy - 5}L${cx - 5} ${cy + 5}`, class: "ww-jam" }));
      }
      return g;
    }
    case "firewall":
      return svg("line", { ...base, class: "ww-fire" }, title("wall of fire"));
    case "illusion":
      return svg("line", { ...base, class: "ww-illusion" }, title("illusion wall"));
    default:
      if (l.destroyed) return svg("line", { ...base, class: "ww-rubble" }, title("destroyed"));
      return null;
  }
}

function gem(x, y, r, fill, stroke, extra = {}) {
  return svg("path", { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`, fill, stroke, "stroke-width": 2, ...extra });
}

function drawBoard(view, me, info, ctx, colours) {
  const board = view.board || {};
  const W = (board.width || 10) * U;
  const H = (board.height || 5) * U;
  const squares = board.squares || [];
  const act = ctx.act;
  const homes = new Map((board.homes || []).map((sq, seat) => [sq, seat]));
  const marks = new Map();
  (board.treasure_marks || []).forEach((list, seat) => (list || []).forEach((sq) => marks.set(sq, seat)));
  const root = svg("svg", {
    class: "ww-board",
    viewBox: `${-EDGE} ${-EDGE} ${W + 2 * EDGE} ${H + 2 * EDGE}`,
    role: "group",
    "aria-label": `the labyrinth, ${board.width} by ${board.height} squares`,
    "data-testid": "ww-board",
    preserveAspectRatio: "xMidYMid meet",
  });
  const defs = svg(
    "defs",
    {},
    svg("pattern", { id: "ww-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#2b2b2b", "stroke-width": 3 })),
  );
  root.append(defs);
  // sectors: a tint of their owner's colour under the squares
  for (const sec of board.sectors || []) {
    root.append(svg("rect", { x: sec.x * U, y: sec.y * U, width: 5 * U, height: 5 * U, fill: colours[sec.owner] || "#999", class: "ww-sector" }, svg("title", {}, `P${sec.owner}'s sector (${sec.face})`)));
  }
  const gSquares = svg("g", { class: "ww-squares" });
  for (const sq of squares) {
    const x = sq.x * U;
    const y = sq.y * U;
    const cls = ["ww-square"];
    if (sq.fill) cls.push(`ww-${sq.fill}`);
    const g = svg("g", { "data-square": sq.id });
    g.append(svg("rect", { x, y, width: U, height: U, class: cls.join(" ") }));
    if (sq.fill === "stone") g.append(svg("rect", { x: x + 2, y: y + 2, width: U - 4, height: U - 4, fill: "url(#ww-hatch)", opacity: 0.55 }));
    if (sq.fill === "thornbush") g.append(svg("text", { x: x + U / 2, y: y + U / 2 + 7, class: "ww-bush" }, "✱"));
    if (sq.mark === "home" || homes.has(sq.id)) {
      const owner = homes.has(sq.id) ? homes.get(sq.id) : sq.sector;
      g.append(svg("rect", { x: x + 3, y: y + 3, width: U - 6, height: U - 6, rx: 4, class: "ww-home", stroke: colours[owner] }));
    }
    if (sq.mark === "treasure" || marks.has(sq.id)) {
      g.append(svg("circle", { cx: x + U / 2, cy: y + U / 2, r: 11, class: "ww-mark" }));
    }
    g.append(svg("title", {}, `${sq.name || "a square"}${sq.fill ? `, ${sq.fill}` : ""}${sq.mark && sq.mark !== "corridor" ? `, ${sq.mark}` : ""}`));
    gSquares.append(g);
  }
  root.append(gSquares);

  // The ways a click on a square is read. A square's name walks, and a card is spent only
  // when the person picked it: with no card chosen, a square a walk reaches walks; one a
  // card of the hand could reach (Teleport) asks first, offering both where both are open.
  // A square being aimed at (the card is already cast) or a target of the chosen card is
  // one click.
  const byId = new Map(squares.map((s) => [s.id, s]));
  const hits = svg("g", { class: "ww-hits" });
  const meWiz = (view.wizards || []).find((w) => w.seat === me);
  const selected = ui.card;
  const cardActs = selected ? info.byCard.get(selected) || [] : null;
  let paths = new Map();
  if (meWiz && info.moves.size) {
    const graph = walkGraph(board);
    paths = reach(graph, meWiz.square, Math.max(0, view.moves || 0), new Map([...info.moves].map(([d, m]) => [d, m.square])));
  }
  const centre = (s) => ({ x: s.x * U + U / 2, y: s.y * U + U / 2 });
  for (const s of squares) {
    const sq = s.id;
    const acts = info.bySquare.get(sq) || [];
    const mine = cardActs ? acts.filter((a) => cardActs.includes(a)) : acts;
    const p = paths.get(sq);
    const walkable = p && p.dist > 0;
    const path = walkable ? pathTo(paths, sq) : null;
    const walkWords = walkable ? `walk to ${s.name} (${p.dist} step${p.dist === 1 ? "" : "s"}: ${path.map((st) => DIR_WORDS[st.dir]).join(", ")})` : "";
    const chosen = mine.length && (cardActs || mine.every((a) => a.kind === "aim"));
    if (chosen) {
      const a = mine[0];
      const label = `${optionLabel(a, me)}${a.card ? ` (${a.card})` : ""}`;
      const r = svg("rect", { x: s.x * U + 2, y: s.y * U + 2, width: U - 4, height: U - 4, rx: 5, class: "ww-aim-square", "data-action-id": a.id, "data-square": sq });
      hits.append(act ? clickable(r, label, () => go(ctx, a.id)) : r);
    } else if (walkable) {
      const also = mine.length ? " ww-also-card" : "";
      const r = svg("rect", { x: s.x * U + 3, y: s.y * U + 3, width: U - 6, height: U - 6, rx: 6, class: `ww-walk${p.dist === 1 ? " ww-near" : ""}${also}`, "data-walk": sq, "data-steps": p.dist });
      const onClick = mine.length
        ? () => choose(ctx, centre(s), `${s.name}: walk or play a card?`, [{ label: `Walk here (${p.dist} step${p.dist === 1 ? "" : "s"})`, walk: path }, ...mine.map((a) => ({ label: `${optionLabel(a, me)}: spends your ${a.card}`, id: a.id }))], { me, info })
        : () => walk(ctx, me, path, info);
      hits.append(act ? clickable(r, mine.length ? `${walkWords}, or ${mine.map((a) => optionLabel(a, me)).join(", or ")}` : walkWords, onClick) : r);
    } else if (mine.length) {
      const r = svg("rect", { x: s.x * U + 4, y: s.y * U + 4, width: U - 8, height: U - 8, rx: 6, class: "ww-card-square", "data-card-square": sq });
      const onClick = () => choose(ctx, centre(s), `${s.name}: play a card?`, mine.map((a) => ({ label: `${optionLabel(a, me)}: spends your ${a.card}`, id: a.id })), { me, info });
      hits.append(act ? clickable(r, mine.map((a) => `${optionLabel(a, me)} (${a.card})`).join(", or "), onClick) : r);
    }
  }
  root.append(hits);

  const gLines = svg("g", { class: "ww-lines" });
  for (const l of board.lines || []) {
    const shape = lineShape(l, colours);
    if (shape) gLines.append(shape);
  }
  root.append(gLines);
  // openings at the outer edge: where they lead (a wrap to the opposite edge, or a warp)
  const lineById = new Map((board.lines || []).map((l) => [l.id, l]));
  for (const l of board.lines || []) {
    if (l.link === undefined || l.link < 0 || l.kind === "wall") continue;
    const partner = lineById.get(l.link);
    if (!partner) continue;
    const flat = l.from[1] === l.to[1];
    const straight = flat ? partner.from[0] === l.from[0] : partner.from[1] === l.from[1];
    const into = (partner.squares || []).find((q) => q >= 0);
    const mx = ((l.from[0] + l.to[0]) / 2) * U;
    const my = ((l.from[1] + l.to[1]) / 2) * U;
    const glyph = straight ? (flat ? "⇕" : "⇔") : "⤳";
    gLines.append(svg("text", { x: mx, y: my + 4, class: `ww-exit${straight ? "" : " ww-warp"}`, "data-exit": l.id },
      glyph, svg("title", {}, `${straight ? "a wrap" : "an AUTO WARP"}: leads to ${sqName(into)}`)));
  }
  // a neutral in the air (cast, not yet resolved) marks where it goes
  const nt = view.neutral;
  if (nt && nt.line !== null && nt.line !== undefined) {
    const l = (board.lines || []).find((x) => x.id === nt.line);
    if (l) root.append(svg("line", { x1: l.from[0] * U, y1: l.from[1] * U, x2: l.to[0] * U, y2: l.to[1] * U, class: "ww-pending", "data-pending-line": l.id }, svg("title", {}, `${nt.card} is cast here`)));
  }
  if (nt && nt.square !== null && nt.square !== undefined && byId.get(nt.square)) {
    const s = byId.get(nt.square);
    root.append(svg("rect", { x: s.x * U + 1, y: s.y * U + 1, width: U - 2, height: U - 2, class: "ww-pending", "data-pending-square": s.id }, svg("title", {}, `${nt.card} is cast here`)));
  }
  for (const [line, acts] of info.byLine) {
    const l = (board.lines || []).find((x) => x.id === line);
    if (!l) continue;
    const mine = cardActs ? acts.filter((a) => cardActs.includes(a)) : acts;
    if (!mine.length) continue;
    const a = mine[0];
    // a band along the line, thick enough for a finger (a bare <line> has no area)
    const flat = l.from[1] === l.to[1];
    const x = Math.min(l.from[0], l.to[0]) * U;
    const y = Math.min(l.from[1], l.to[1]) * U;
    const el = svg("rect", {
      x: flat ? x + 3 : x - 7, y: flat ? y - 7 : y + 3, width: flat ? U - 6 : 14, height: flat ? 14 : U - 6, rx: 5,
      class: "ww-aim-line", "data-action-id": a.id, "data-line": line,
    });
    root.append(act ? clickable(el, `${optionLabel(a, me)}${a.card ? ` (${a.card})` : ""}: ${l.kind}${l.door ? `, ${l.door}` : ""}`, () => go(ctx, a.id)) : el);
  }

  // things on the squares: treasures, objects, then the wizards on top
  const stacks = new Map();
  const place = (sq) => {
    const n = stacks.get(sq) || 0;
    stacks.set(sq, n + 1);
    return n;
  };
  const gThings = svg("g", { class: "ww-things" });
  for (const t of view.treasures || []) {
    if (t.square === null || t.square === undefined) continue;
    const s = byId.get(t.square);
    if (!s) continue;
    const k = place(t.square);
    const cx = s.x * U + U / 2 + (k ? (k % 2 ? 9 : -9) : 0);
    const cy = s.y * U + U / 2 + (k > 1 ? 8 : 0);
    gThings.append(gem(cx, cy, 7, "#ffd43b", colours[t.owner], { class: "ww-treasure", "data-treasure": t.id }), svg("title", {}, `P${t.owner}'s treasure`));
  }
  const floorAt = new Map();
  for (const f of view.floor || []) floorAt.set(f.square, [...(floorAt.get(f.square) || []), f.object]);
  for (const [sq, objects] of floorAt) {
    const s = byId.get(sq);
    if (!s) continue;
    objects.forEach((obj, i) => {
      const x = s.x * U + U - 13 - i * 4;
      const y = s.y * U + 4 + i * 4;
      gThings.append(svg("g", { class: "ww-object", "data-object": obj }, svg("rect", { x, y, width: 10, height: 10, rx: 2 }), svg("title", {}, `${obj} lies here`)));
    });
  }
  root.append(gThings);

  const gWiz = svg("g", { class: "ww-wizards" });
  const atSquare = new Map();
  for (const w of view.wizards || []) {
    if (w.out) continue;
    atSquare.set(w.square, [...(atSquare.get(w.square) || []), w]);
  }
  for (const [sq, ws] of atSquare) {
    const s = byId.get(sq);
    if (!s) continue;
    ws.forEach((w, i) => {
      const n = ws.length;
      const r = n > 1 ? 10 : 13;
      const cx = s.x * U + U / 2 + (n > 1 ? (i - (n - 1) / 2) * 14 : 0);
      const cy = s.y * U + U / 2 + (n > 1 ? (i % 2 ? 5 : -5) : 0);
      const turnNow = (view.to_act || []).includes(w.seat) || (view.phase === "turn" && view.turn === w.seat);
      const acts = info.bySeat.get(w.seat) || [];
      const mine = cardActs ? acts.filter((a) => cardActs.includes(a)) : acts;
      const g = svg("g", { class: `ww-wizard${w.seat === me ? " ww-me" : ""}${turnNow ? " ww-acting" : ""}${mine.length ? " ww-targetable" : ""}`, "data-seat": w.seat, "data-square": w.square });
      if (mine.length) g.append(svg("circle", { cx, cy, r: r + 6, class: "ww-target-ring" }));
      g.append(svg("circle", { cx, cy, r, fill: colours[w.seat], class: "ww-wizard-body" }));
      g.append(svg("text", { x: cx, y: cy + 4, class: "ww-wizard-label" }, `${w.seat}`));
      if (w.carrying !== null && w.carrying !== undefined) g.append(gem(cx + r - 2, cy - r + 2, 5, "#ffd43b", colours[w.carrying]));
      const label = `P${w.seat}${w.seat === me ? " (you)" : ""}, ${w.life} life${w.carrying !== null && w.carrying !== undefined ? `, carrying P${w.carrying}'s treasure` : ""}`;
      if (mine.length && ctx.act) {
        clickable(g, `${label}: ${mine.length === 1 ? optionLabel(mine[0], me) + (mine[0].card ? ` (${mine[0].card})` : "") : "choose what to do at this wizard"}`, () => {
          if (mine.length === 1) go(ctx, mine[0].id);
          else choose(ctx, { x: cx, y: cy }, `At ${who(w.seat, me)}:`, mine.map((a) => ({ label: `${optionLabel(a, me)}${a.card ? ` (${a.card})` : ""}`, id: a.id })), { me, info, seat: w.seat });
        });
        if (mine.length === 1) g.dataset.actionId = mine[0].id;
      } else {
        g.append(svg("title", {}, label));
      }
      gWiz.append(g);
    });
  }
  root.append(gWiz);
  // home labels last, in a corner of their square, so that a wizard standing there hides none
  const gHomes = svg("g", { class: "ww-home-labels", "aria-hidden": "true" });
  for (const sq of squares) {
    if (!(sq.mark === "home" || homes.has(sq.id))) continue;
    const owner = homes.has(sq.id) ? homes.get(sq.id) : sq.sector;
    const x = sq.x * U;
    const y = sq.y * U;
    gHomes.append(svg("rect", { x: x + 1, y: y + 1, width: 15, height: 10, rx: 2, class: "ww-home-badge", stroke: colours[owner] }));
    gHomes.append(svg("text", { x: x + 8.5, y: y + 9, class: "ww-home-label", fill: colours[owner], "data-home": owner }, `H${owner}`));
  }
  root.append(gHomes);
  // the coordinates on the edges: columns a, b, ... above and below, rows 1, 2, ... at the sides
  const gCoords = svg("g", { class: "ww-coords", "aria-hidden": "true" });
  for (let x = 0; x < (board.width || 0); x++) {
    const letter = "abcdefghijklmnopqrstuvwxyz"[x];
    gCoords.append(svg("text", { x: x * U + U / 2, y: -EDGE / 2 + 3, class: "ww-coord" }, letter));
    gCoords.append(svg("text", { x: x * U + U / 2, y: H + EDGE / 2 + 3, class: "ww-coord" }, letter));
  }
  for (let y = 0; y < (board.height || 0); y++) {
    gCoords.append(svg("text", { x: -EDGE / 2, y: y * U + U / 2 + 3, class: "ww-coord" }, String(y + 1)));
    gCoords.append(svg("text", { x: W + EDGE / 2, y: y * U + U / 2 + 3, class: "ww-coord" }, String(y + 1)));
  }
  root.append(gCoords);
  // a click on the board outside what it offers closes an open choice
  root.addEventListener("click", () => {
    if (ui.choice) {
      ui.choice = null;
      ctx.rerender();
    }
  });
  return root;
}

/** Open a small choice beside a point of the board (SVG units): `items` are
 * {label, id} (an action) or {label, walk} (a path to walk). */
function choose(ctx, at, title, items, extra = {}) {
  ui.choice = { at, title, items, seq: ctx.seq, seat: extra.seat ?? null };
  ctx.rerender();
}

/** The open choice as an HTML panel over the board, placed beside its point once the
 * board is on the page (it follows the board's size, on a phone too). */
function chooser(ctx, me, info) {
  const c = ui.choice;
  if (!c) return null;
  const pick = (item) => {
    ui.choice = null;
    if (item.walk) walk(ctx, me, item.walk, info);
    else go(ctx, item.id);
  };
  return h(
    "div",
    { class: "ww-choice", role: "dialog", "aria-label": c.title, "data-testid": "ww-choice" },
    h("strong", {}, c.title),
    c.items.map((item) => h("button", { type: "button", class: "ww-option", "data-action-id": item.id, "data-walk-to": item.walk ? item.walk[item.walk.length - 1].to : undefined, disabled: !ctx.act, onclick: () => pick(item) }, item.label)),
    h("button", { type: "button", class: "ww-cancel", onclick: () => { ui.choice = null; ctx.rerender(); } }, "Cancel"),
  );
}

function placeChooser(wrap) {
  const panel = wrap.querySelector(".ww-choice");
  const board = wrap.querySelector("svg.ww-board");
  if (!panel || !board || !ui.choice || !board.getScreenCTM) return;
  const m = board.getScreenCTM();
  if (!m) return;
  const pt = new DOMPoint(ui.choice.at.x + U / 2, ui.choice.at.y - U / 2).matrixTransform(m);
  const box = wrap.getBoundingClientRect();
  const left = Math.max(4, Math.min(pt.x - box.left, box.width - panel.offsetWidth - 4));
  const top = Math.max(4, Math.min(pt.y - box.top, box.height - panel.offsetHeight - 4));
  panel.style.left = `${left}px`;
  panel.style.top = `${top}px`;
}

// ---- acting --------------------------------------------------------------------------------

function go(ctx, id) {
  ui.walk = null;
  ui.card = null;
  ui.seat = null;
  if (ctx.act) ctx.act(id);
}

/** Start a walk along `path` ([{dir, to}]): the first step now, the others as the states
 * come back (see continueWalk). */
function walk(ctx, me, path, info) {
  if (!path.length || !ctx.act) return;
  const first = info.moves.get(path[0].dir);
  if (!first) return;
  ui.card = null;
  ui.seat = null;
  ui.walk = { seat: me, path, i: 0, sentSeq: ctx.seq };
  ctx.act(first.id);
}

function continueWalk(view, me, info, ctx) {
  const w = ui.walk;
  if (!w) return;
  if (w.seat !== me || view.phase !== "turn" || !ctx.act) {
    if (w.seat !== me || view.phase !== "turn") ui.walk = null;
    return;
  }
  if (ctx.seq === w.sentSeq) return; // the last step has not come back yet (or failed)
  const wiz = (view.wizards || []).find((x) => x.seat === me);
  if (!wiz || wiz.square !== w.path[w.i].to || w.i + 1 >= w.path.length) {
    ui.walk = null;
    return;
  }
  const step = w.path[w.i + 1];
  const move = info.moves.get(step.dir);
  if (!move || move.square !== step.to) {
    ui.walk = null;
    return;
  }
  w.i += 1;
  w.sentSeq = ctx.seq;
  const act = ctx.act;
  setTimeout(() => act(move.id), 0);
}

// ---- panels --------------------------------------------------------------------------------

function head(view, me) {
  const phase = PHASES[view.phase] || view.phase || "";
  const turnOf = view.turn;
  return h(
    "header",
    { class: "ww-head" },
    h("span", { class: "ww-title" }, "Wiz-War"),
    h("span", { class: "ww-round" }, `Round ${view.round ?? "?"}`),
    h("span", { class: "ww-turn-of" }, turnOf === me ? "Your turn" : `${who(turnOf, me)}'s turn`),
    h("span", { class: "ww-phase", "data-phase": view.phase || "" }, phase),
    view.phase === "turn" || view.phase === "end of turn"
      ? h("span", { class: "ww-moves", "data-testid": "ww-moves" }, `${view.moves ?? 0} move${view.moves === 1 ? "" : "s"} left`)
      : null,
    h("span", { class: "ww-piles muted" }, `deck ${view.deck ?? "?"} · discard ${(view.discard || []).length}`),
  );
}

function button(label, id, ctx, extra = {}) {
  return h(
    "button",
    { type: "button", class: `ww-option ${extra.cls || ""}`, "data-action-id": id, disabled: !ctx.act, onclick: () => go(ctx, id), title: extra.title },
    label,
  );
}

/** What the moment asks: an attack to answer, a neutral to negate, a neutral to aim, a
 * discard; what others are waiting for. */
function prompt(view, me, legal, info, ctx) {
  const mineToAct = legal.length > 0;
  const acting = (view.to_act || []).filter((s) => s !== me);
  const nonCard = (pred) => info.all.filter((a) => pred(a));
  const attack = view.attack;
  const neutral = view.neutral;
  let title = null;
  let body = [];
  let options = [];
  if (view.phase === "counteraction window" && attack) {
    const what = attack.card === "punch" ? "a punch" : attack.card;
    const target = who(attack.target, me);
    title = attack.target === me ? `${who(attack.attacker, me)} attacks you with ${what}` : `${who(attack.attacker, me)} attacks ${target} with ${what}`;
    body.push(
      h("span", {}, attack.number ? `powered by ${attack.number}` : null, attack.strength ? ` strength ${attack.strength}` : null),
      attack.answers && attack.answers.length ? h("span", { class: "ww-answers" }, `answered so far: ${attack.answers.join(" → ")}`) : null,
    );
    options = nonCard((a) => ["take-it", "let-stand", "counter", "blink"].includes(a.kind));
  } else if (view.phase === "neutral window" && neutral) {
    const where = neutral.line !== null && neutral.line !== undefined ? ` on ${lineName(neutral.line)}` : neutral.square !== null && neutral.square !== undefined ? ` on ${sqName(neutral.square)}` : "";
    title = `${who(neutral.caster, me)} casts ${neutral.card}${where}`;
    if (neutral.answers && neutral.answers.length) body.push(h("span", { class: "ww-answers" }, `answered so far: ${neutral.answers.join(" → ")}`));
    options = nonCard((a) => ["let-be", "let-stand", "counter"].includes(a.kind));
  } else if (view.phase === "aiming" && view.aiming) {
    title = view.aiming.seat === me ? `Where does your ${view.aiming.card} go?` : `${who(view.aiming.seat, me)} aims ${view.aiming.card}`;
    if (view.aiming.seat === me) body.push(h("span", {}, "Click a highlighted line or square on the board."));
    options = nonCard((a) => a.kind === "put-back");
  } else if (view.phase === "discard") {
    const seat = view.discarding;
    title = seat === me ? "Too many cards: discard one" : `${who(seat, me)} discards down to the hand limit`;
    if (seat === me) body.push(h("span", {}, "Click a card of your hand to discard it."));
  } else if (view.phase === "turn" && mineToAct && view.put_back && view.put_back.length) {
    // ruling R8: a card put back is not aimed again before the wizard does something else
    title = "Your turn";
    body.push(h("span", { "data-testid": "ww-put-back" }, `Put back: ${view.put_back.join(", ")}. Take it up again after another move.`));
  } else if (!mineToAct && acting.length && view.phase !== "over") {
    return h("section", { class: "ww-prompt ww-waiting", "data-testid": "ww-prompt" }, h("p", {}, `Waiting for ${acting.map((s) => who(s, me)).join(", ")}…`));
  }
  if (!title) return null;
  const yours = mineToAct;
  return h(
    "section",
    { class: `ww-prompt${yours ? " ww-yours" : ""}`, "data-testid": "ww-prompt", role: yours ? "alert" : null },
    h("h3", {}, title),
    body.length ? h("p", { class: "ww-prompt-body" }, body) : null,
    yours && options.length
      ? h(
          "div",
          { class: "ww-options" },
          options.map((a) => {
            const number = a.f.number ? ` and ${nameOf(a.f.number)}` : "";
            const label = a.kind === "counter" ? `Counter with ${a.card}${number}` : a.card ? `${optionLabel(a, me)}: ${a.card}` : optionLabel(a, me);
            return button(label, a.id, ctx, { cls: a.card ? "ww-answer" : "ww-pass", title: a.card ? facts(a.card).text : undefined });
          }),
        )
      : null,
  );
}

function roster(view, me, info, ctx, colours) {
  const rows = (view.wizards || []).map((w) => {
    const conditions = Object.entries(w.conditions || {}).map(([k, v]) => `${k}${v && v.turns ? ` (${v.turns})` : ""}`);
    const acts = info.bySeat.get(w.seat) || [];
    const shownActs = acts.filter((a) => a.t && a.t.kind === "punch"); // a wizard's other choices open beside his token
    const notes = [];
    if (w.carrying !== null && w.carrying !== undefined) notes.push(h("span", { class: "ww-badge ww-carry" }, `carries P${w.carrying}'s treasure`));
    for (const c of conditions) notes.push(h("span", { class: "ww-badge ww-cond" }, c));
    if (w.lost_turns) notes.push(h("span", { class: "ww-badge ww-cond" }, `loses ${w.lost_turns} turn${w.lost_turns === 1 ? "" : "s"}`));
    if (w.extra_turns) notes.push(h("span", { class: "ww-badge" }, `+${w.extra_turns} turn${w.extra_turns === 1 ? "" : "s"}`));
    for (const s of w.shown || []) notes.push(h("span", { class: "ww-badge ww-shown", title: "a card of his hand everyone has seen" }, `shown: ${s}`));
    if (w.out) notes.push(h("span", { class: "ww-badge ww-out" }, "out of the game"));
    const side = (view.teams || []).findIndex((team) => team.includes(w.seat)); // team play (6e 11)
    if (side >= 0) {
      const mates = view.teams[side].filter((q) => q !== w.seat).map((q) => who(q, me)).join(", ");
      notes.unshift(h("span", { class: "ww-badge ww-team", "data-testid": `ww-team-${w.seat}`, title: `with ${mates}` }, `team ${"AB"[side]}`));
    }
    const acting = (view.to_act || []).includes(w.seat);
    return h(
      "li",
      { class: `ww-wiz-row${w.seat === me ? " ww-me" : ""}${acting ? " ww-acting" : ""}${w.out ? " ww-is-out" : ""}`, "data-seat": w.seat, "data-testid": `ww-wizard-${w.seat}` },
      h("span", { class: "ww-dot", style: `background:${colours[w.seat]}`, "aria-hidden": "true" }),
      h("strong", {}, who(w.seat, me)),
      h("span", { class: "ww-life", title: "life", "aria-label": `${w.life} life` }, `♥ ${w.life}`),
      h("span", { class: "ww-handsize", title: "cards in hand" }, `🂠 ${w.hand}`),
      h("span", { class: "ww-where muted" }, w.out ? "" : `on ${sqName(w.square)}`),
      notes.length ? h("span", { class: "ww-notes" }, notes) : null,
      shownActs.length ? h("span", { class: "ww-row-acts" }, shownActs.map((a) => button(optionLabel(a, me), a.id, ctx, { cls: "ww-small" }))) : null,
    );
  });
  return h("ol", { class: "ww-roster", "aria-label": "the wizards" }, rows);
}

function dpad(view, me, info, ctx) {
  if (view.phase !== "turn" || !(view.to_act || []).includes(me)) return null;
  const cell = (d) => {
    const m = info.moves.get(d);
    return m
      ? h("button", { type: "button", class: `ww-step ww-step-${d}`, "data-action-id": m.id, "aria-label": `move ${DIR_WORDS[d]}`, title: `move ${DIR_WORDS[d]} to ${sqName(m.square)}`, disabled: !ctx.act, onclick: () => go(ctx, m.id) }, ARROWS[d])
      : h("span", { class: `ww-step ww-step-${d} ww-step-none`, "aria-hidden": "true" }, ARROWS[d]);
  };
  if (!info.moves.size && !view.moves) {
    const boost = info.all.some((a) => a.kind === "boost");
    return h("p", { class: "ww-hint muted" }, boost ? "No moves left: a Number card of your hand walks you farther." : "No moves left.");
  }
  const extras = info.all.filter((a) => ["pick-up-treasure", "drop-treasure", "pick-up"].includes(a.kind));
  return h(
    "div",
    { class: "ww-walkbar" },
    h("div", { class: "ww-dpad", role: "group", "aria-label": "walk one square" }, DIRS.map(cell)),
    h("p", { class: "ww-hint muted" }, info.moves.size ? "Click a lit square to walk there, or step with the arrows." : view.moves ? "No way on from here." : "No moves left."),
    extras.length ? h("div", { class: "ww-options" }, extras.map((a) => button(optionLabel(a, me), a.id, ctx))) : null,
  );
}

function handPanel(view, me, info, ctx) {
  if (me === null || me === undefined) return null;
  const hand = view.hand || [];
  const direct = view.phase === "discard" || view.phase === "counteraction window" || view.phase === "neutral window";
  const counts = new Map();
  for (const c of hand) {
    const n = typeof c === "string" ? c : c.name;
    counts.set(n, (counts.get(n) || 0) + 1);
  }
  const faces = [...counts].map(([cardName, count]) => {
    const f = facts(cardName);
    const acts = info.byCard.get(cardName) || [];
    const body = [
      h("span", { class: "ww-card-top" }, h("span", { class: "ww-card-name" }, cardName), count > 1 ? h("span", { class: "ww-count" }, `×${count}`) : null),
      f.kind ? h("span", { class: "ww-card-kind" }, f.kind) : null,
      f.text ? h("span", { class: "ww-card-text" }, f.text) : null,
    ];
    const cls = `ww-card ww-kind-${String(f.kind || "card").replace(/[^a-z]/gi, "")}`;
    if (!acts.length) return readable(h("div", { class: `${cls} ww-idle`, "data-card": cardName, title: f.text || cardName }, body));
    if (direct && acts.length === 1) {
      return h("button", { type: "button", class: `${cls} ww-playable`, "data-card": cardName, "data-action-id": acts[0].id, disabled: !ctx.act, title: f.text || cardName, "aria-label": `${optionLabel(acts[0], me)}: ${cardName}`, onclick: () => go(ctx, acts[0].id) }, body);
    }
    const chosen = ui.card === cardName;
    return h(
      "button",
      {
        type: "button",
        class: `${cls} ww-playable${chosen ? " ww-chosen" : ""}`,
        "data-card": cardName,
        "aria-pressed": chosen ? "true" : "false",
        title: f.text || cardName,
        disabled: !ctx.act,
        onclick: () => {
          ui.card = chosen ? null : cardName;
          ui.seat = null;
          ctx.rerender();
        },
      },
      body,
    );
  });
  const chosenActs = ui.card ? info.byCard.get(ui.card) || [] : [];
  const options = ui.card && chosenActs.length
    ? h(
        "div",
        { class: "ww-card-options", "data-testid": "ww-card-options" },
        h("strong", {}, `${ui.card}:`),
        facts(ui.card).text ? h("span", { class: "ww-chosen-text" }, facts(ui.card).text) : null,
        chosenActs.filter((a) => !(a.t && (a.t.kind === "teleport" || a.t.kind === "aim"))).map((a) => button(optionLabel(a, me), a.id, ctx, { cls: a.t && a.t.kind === "discard" ? "ww-discard" : "" })),
        chosenActs.some((a) => a.t && a.t.kind === "teleport") ? h("span", { class: "muted" }, "or click a lit square on the board") : null,
        chosenActs.some((a) => a.t && a.t.seat !== undefined && a.t.seat !== null) ? h("span", { class: "muted" }, "(or click a ringed wizard)") : null,
        h("button", { type: "button", class: "ww-cancel", onclick: () => { ui.card = null; ui.seat = null; ctx.rerender(); } }, "Cancel"),
      )
    : null;
  return h(
    "section",
    { class: "ww-hand-area", "aria-label": "your hand" },
    h("div", { class: "ww-label" }, `Your hand (${hand.length})`),
    options,
    h("div", { class: "ww-hand", "data-testid": "ww-hand" }, faces.length ? faces : h("span", { class: "muted" }, "no cards")),
  );
}

function overPanel(view, me) {
  if (!view.outcome || !view.hands) return null;
  return h(
    "section",
    { class: "ww-over" },
    h("div", { class: "ww-label" }, "Hands at the end"),
    view.hands.map((cards, seat) => h("p", {}, h("strong", {}, `${who(seat, me)}: `), cards.length ? cards.join(", ") : "no cards")),
  );
}

/** Draw a Wiz-War view into root; returns {handled}: the action ids offered on the board. */
export function render(root, state, ctx = {}) {
  learn(ctx.cards);
  const view = state.view || {};
  const me = state.seat ?? view.seat ?? null;
  const legal = state.legal || [];
  const key = `${view.game}|${me}|${ctx.mode || ""}`;
  if (ui.key !== key) Object.assign(ui, { key, card: null, seat: null, walk: null, choice: null });
  const info = analyse(view, legal);
  if (ui.card && !info.byCard.has(ui.card)) ui.card = null;
  if (ui.seat !== null && !info.bySeat.has(ui.seat)) ui.seat = null;
  if (ui.choice && ui.choice.seq !== state.seq) ui.choice = null; // the table moved on
  learnPlaces(view.board);
  const inner = {
    act: ctx.act || null,
    seq: state.seq,
    rerender: () => render(root, state, ctx),
  };
  const colours = sectorColours(view);
  continueWalk(view, me, info, inner);
  const boardWrap = h("div", { class: "ww-board-wrap" }, drawBoard(view, me, info, inner, colours), chooser(inner, me, info));
  clear(
    root,
    h(
      "div",
      { class: `ww phase-${String(view.phase || "").replace(/[^a-z]/g, "-")}`, "data-testid": "view" },
      head(view, me),
      prompt(view, me, legal, info, inner),
      boardWrap,
      dpad(view, me, info, inner),
      handPanel(view, me, info, inner),
      roster(view, me, info, inner, colours),
      overPanel(view, me),
    ),
  );
  placeChooser(boardWrap);
  // Offered on the board: what carries an id, every step (the arrows and the lit squares),
  // what a lit line or square aims, and what a card of the hand or a wizard leads to.
  const handled = new Set([...root.querySelectorAll("[data-action-id]")].map((el) => Number(el.dataset.actionId)));
  for (const m of info.moves.values()) handled.add(m.id);
  for (const map of [info.bySquare, info.byLine, info.bySeat]) for (const acts of map.values()) for (const a of acts) handled.add(a.id);
  const inHand = new Set((view.hand || []).map((c) => (typeof c === "string" ? c : c.name)));
  for (const [cardName, acts] of info.byCard) if (inHand.has(cardName)) for (const a of acts) handled.add(a.id);
  return { handled: [...handled] };
}
