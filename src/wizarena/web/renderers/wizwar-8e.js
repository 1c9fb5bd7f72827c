// Wiz-War 8th edition renderer: draws a wizwar/8e view (games/wizwar/eighth/view.py) as the
// labyrinth in SVG with its figures, treasures, items and cracks, each seat's life, victory
// points, stun, items and maintained spells with their energy tokens, the cast under way,
// and the seat's hand.
// Interface (docs/web.md): render(root, state, ctx) with state = {view, seat, legal, seq, ...}
// and ctx.act(actionId) (null when the table cannot take a move now, e.g. in a replay).
//
// Clicks map to action ids through the actions' own fields, never their texts: a lit square
// is a step (view.steps says where each direction leads) or an aim at that square; a lit
// figure an aim at it; a lit line an aim at that wall or door. Every other legal action (a
// cast, a power, an answer, a discard) is a button the table page lists under the board.
import { clear, h, readable } from "/static/common.js";

export const name = "Wiz-War, 8th edition";

const SVG = "http://www.w3.org/2000/svg";
const U = 40;
const EDGE = 22;
const SEAT_COLOURS = ["#1c7ed6", "#e03131", "#e8a200", "#2f9e44"];
const CREATURE = "#868e96";

let NAME_OF = new Map();
let TEXT_OF = new Map(); // a card's name -> its text, from the game's catalogue
let CARDS_SEEN = null;

function learn(cards) {
  if (!Array.isArray(cards) || cards === CARDS_SEEN) return;
  CARDS_SEEN = cards;
  const named = cards.filter((c) => c && c.name);
  NAME_OF = new Map(named.map((c) => [String(c.name).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, ""), c.name]));
  TEXT_OF = new Map(named.filter((c) => c.text).map((c) => [c.name, String(c.text)]));
}

/** A card by its catalogue id as a chip: its name, and its text on hover (title) or on a
 * tap (`readable`: a phone has no hover). `extra` follows the name (a spell's tokens). */
function cardChip(id, extra = "") {
  const name = nameOf(id);
  const text = TEXT_OF.get(name) || "";
  const chip = h(
    "span",
    { class: "ww8-card", title: text ? `${name}: ${text}` : name, "data-card": name, "data-testid": "card" },
    name + extra,
    text ? h("span", { class: "ww8-card-text" }, text) : null,
  );
  return text ? readable(chip) : chip;
}

/** A card's name from its catalogue id ("fire_darts" -> "Fire Darts"). */
function nameOf(id) {
  if (!id) return "";
  return NAME_OF.get(id) || String(id).split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An SVG element as a button: role, focus, a name, Enter/Space, and its action id. */
function clickable(el, label, id, ctx) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.setAttribute("data-action-id", String(id));
  el.classList.add("ww-hit");
  el.append(svg("title", {}, label));
  const go = (e) => {
    e.preventDefault();
    e.stopPropagation();
    if (ctx.act) ctx.act(id);
  };
  el.addEventListener("click", go);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") go(e);
  });
  return el;
}

/** What Add, Astral Projection and Around the Corner left for the turn's next spell, or null. */
function nextSpell(shaped) {
  if (!shaped) return null;
  const marks = [];
  if (shaped.pool) marks.push(`pool of ${shaped.pool} energy`);
  if (shaped.from !== null && shaped.from !== undefined) marks.push(`cast from square ${shaped.from}`);
  if (shaped.bend) marks.push("sight around one corner");
  return marks.length ? h("span", { class: "muted" }, "next spell: " + marks.join(", ")) : null;
}

/** The legal actions that aim at or walk to something on the board, by what they aim at. */
function onBoard(view, legal) {
  const squares = new Map();
  const figures = new Map();
  const lines = new Map();
  const put = (map, key, a) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(a);
  };
  const steps = view.steps || {};
  for (const a of legal) {
    const f = a.fields || {};
    if (a.kind === "move" && steps[f.direction] !== undefined) put(squares, steps[f.direction], a);
    else if ((a.kind === "aim-square" || a.kind === "aim-fill") && Number.isInteger(f.square)) put(squares, f.square, a);
    else if ((a.kind === "aim-figure" || a.kind === "aim-stun" || a.kind === "aim-stab" || a.kind === "aim-punch") && Number.isInteger(f.figure)) put(figures, f.figure, a);
    else if ((a.kind === "aim-wall" || a.kind === "aim-line") && Number.isInteger(f.line)) put(lines, f.line, a);
  }
  return { squares, figures, lines };
}

/** The mouth of a portal (R8-2): a band of its colour along the outer line, named. */
function portalMark(l) {
  const colour = { purple: "#9c36b5", cyan: "#1098ad" }[l.portal] || "#868e96";
  return svg("line", { x1: l.from[0] * U, y1: l.from[1] * U, x2: l.to[0] * U, y2: l.to[1] * U, stroke: colour,
    "stroke-width": 6, "stroke-opacity": 0.7, class: "ww-portal", "data-portal": l.portal },
  svg("title", {}, `the ${l.portal} portal: a step through comes out of its twin`));
}

function lineShape(l, cracked) {
  const x1 = l.from[0] * U;
  const y1 = l.from[1] * U;
  const x2 = l.to[0] * U;
  const y2 = l.to[1] * U;
  const note = cracked ? `, ${cracked} crack${cracked === 1 ? "" : "s"}` : "";
  const title = (what) => svg("title", {}, `${l.name}: ${what}${note}`);
  if (l.kind === "wall") return svg("line", { x1, y1, x2, y2, class: `ww-wall${l.created ? " ww-created" : ""}`, "data-line": l.id }, title("wall"));
  if (l.kind === "door") {
    const g = svg("g", { class: `ww-door ww-door-${l.open ? "opened" : "locked"}`, "data-line": l.id }, title(l.open ? "open door" : "locked door"));
    const dx = (x2 - x1) * 0.2;
    const dy = (y2 - y1) * 0.2;
    g.append(svg("line", { x1, y1, x2: x1 + dx, y2: y1 + dy, class: "ww-wall" }));
    g.append(svg("line", { x1: x2 - dx, y1: y2 - dy, x2, y2, class: "ww-wall" }));
    g.append(svg("line", { x1: x1 + dx, y1: y1 + dy, x2: x2 - dx, y2: y2 - dy, class: "ww-leaf" }));
    return g;
  }
  if (l.kind === "firewall") return svg("line", { x1, y1, x2, y2, class: "ww-fire", "data-line": l.id }, title("wall of fire"));
  if (l.destroyed) return svg("line", { x1, y1, x2, y2, class: "ww-rubble" }, title("fallen"));
  return null;
}

function drawBoard(view, me, lit, ctx) {
  const board = view.board || {};
  const W = (board.width || 10) * U;
  const H = (board.height || 10) * U;
  const root = svg("svg", { viewBox: `${-EDGE} ${-EDGE} ${W + 2 * EDGE} ${H + 2 * EDGE}`, class: "ww-board", role: "img", "aria-label": "the labyrinth" });
  const crackedLine = new Map();
  const crackedSquare = new Map();
  for (const c of view.cracks || []) {
    if (c.line !== undefined) crackedLine.set(c.line, c.cracks);
    else crackedSquare.set(c.square, c.cracks);
  }
  const squares = board.squares || [];
  for (const s of squares) {
    const x = s.x * U;
    const y = s.y * U;
    const fill = s.fill === "stone" ? " ww-stone" : s.fill === "thornbush" ? " ww-thornbush" : "";
    root.append(svg("rect", { x, y, width: U, height: U, class: `ww-square${fill}`, "data-square": s.id }, svg("title", {}, s.name)));
    if (s.mark === "home") root.append(svg("text", { x: x + U / 2, y: y + U - 5, class: "ww-coord", fill: SEAT_COLOURS[s.sector] }, `H${s.sector}`));
    if (s.mark === "treasure") root.append(svg("circle", { cx: x + U / 2, cy: y + U / 2, r: 4, fill: "none", stroke: "#999" }));
    if (crackedSquare.has(s.id)) root.append(svg("text", { x: x + 4, y: y + 12, class: "ww-coord" }, `✕${crackedSquare.get(s.id)}`));
  }
  for (const l of board.lines || []) {
    if (l.portal) root.append(portalMark(l));
    const shape = lineShape(l, crackedLine.get(l.id));
    if (shape) root.append(shape);
    if (crackedLine.has(l.id)) {
      const [x0, y0] = l.from;
      const [x1, y1] = l.to;
      root.append(svg("text", { x: ((x0 + x1) / 2) * U, y: ((y0 + y1) / 2) * U - 3, class: "ww-coord", fill: "#ffd43b" }, `✕${crackedLine.get(l.id)}`));
    }
  }
  // treasures and items lying about
  const at = (sq) => squares[sq] || { x: 0, y: 0 };
  for (const t of view.treasures || []) {
    if (t.square === null || t.square === undefined) continue;
    const s = at(t.square);
    root.append(svg("text", { x: s.x * U + U - 10, y: s.y * U + 14, fill: t.spent ? "#adb5bd" : SEAT_COLOURS[t.owner], "font-weight": 700 }, "$", svg("title", {}, `P${t.owner}'s treasure${t.spent ? " (scored)" : ""}`)));
  }
  for (const item of view.floor || []) {
    const s = at(item.square);
    root.append(svg("text", { x: s.x * U + 4, y: s.y * U + U - 4, fill: "#495057" }, "◆", svg("title", {}, nameOf(item.item))));
  }
  // what a click walks to or aims at
  for (const [sq, acts] of lit.squares) {
    const s = at(sq);
    const a = acts[0];
    const label = a.kind === "move" ? `step ${a.fields.direction} to ${s.name}` : `${a.text} (${s.name})`;
    root.append(clickable(svg("rect", { x: s.x * U + 3, y: s.y * U + 3, width: U - 6, height: U - 6, rx: 4, class: a.kind === "move" ? "ww-walk" : "ww-card-square" }), label, a.id, ctx));
  }
  for (const [line, acts] of lit.lines) {
    const l = (board.lines || []).find((x) => x.id === line);
    if (!l) continue;
    // a band over the line, wide enough to tap (a bare line has no area to click)
    const [x0, y0] = [Math.min(l.from[0], l.to[0]) * U, Math.min(l.from[1], l.to[1]) * U];
    const across = l.from[0] === l.to[0];
    const band = svg("rect", { x: across ? x0 - 5 : x0, y: across ? y0 : y0 - 5, width: across ? 10 : U, height: across ? U : 10, rx: 3, class: "ww-aim-line", fill: "#7950f2", "fill-opacity": 0.55 });
    root.append(clickable(band, `${acts[0].text} (${l.name})`, acts[0].id, ctx));
  }
  // the figures, several in a square side by side
  const bySquare = new Map();
  for (const f of view.figures || []) {
    if (f.out || f.life <= 0) continue;
    if (!bySquare.has(f.square)) bySquare.set(f.square, []);
    bySquare.get(f.square).push(f);
  }
  for (const [sq, here] of bySquare) {
    const s = at(sq);
    here.forEach((f, k) => {
      const cx = s.x * U + U / 2 + (k - (here.length - 1) / 2) * 12;
      const cy = s.y * U + U / 2;
      const colour = f.wizard ? SEAT_COLOURS[f.controller] : CREATURE;
      const g = svg("g", { class: "ww-wizard", "data-figure": f.figure },
        svg("circle", { cx, cy, r: 10, fill: colour, stroke: f.figure === me ? "#fff" : "#222", "stroke-width": 2 }),
        svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", fill: "#fff", "font-size": 11, "font-weight": 700 }, f.wizard ? String(f.figure) : "c"));
      if (f.stun) g.append(svg("text", { x: cx + 8, y: cy - 8, fill: "#ffd43b", "font-size": 10 }, "★"));
      const acts = lit.figures.get(f.figure);
      if (acts && acts.length) {
        g.prepend(svg("circle", { cx, cy, r: 14, fill: "none", stroke: "#7950f2", "stroke-width": 3 }));
        root.append(clickable(g, `${acts[0].text}`, acts[0].id, ctx));
      } else {
        // a figure that is not a target lets a click through to the lit square under it
        g.setAttribute("pointer-events", "none");
        g.append(svg("title", {}, `${f.wizard ? `P${f.figure}` : "creature"}: ${f.life} life`));
        root.append(g);
      }
    });
  }
  return root;
}

function seatsPanel(view, me) {
  return h(
    "section",
    { class: "ww-roster" },
    (view.seats || []).map((seat) => {
      const fig = (view.figures || [])[seat.seat] || {};
      const who = seat.seat === me ? "You" : `P${seat.seat}`;
      const bits = [`${fig.life} life`, `${seat.points}/${view.target} points`, `${seat.hand} cards`];
      if (fig.stun) bits.push(`stunned ${fig.stun}`);
      if (seat.carrying !== null && seat.carrying !== undefined) bits.push(`carries P${Math.floor(seat.carrying / 2)}'s treasure`);
      return h(
        "div",
        { class: `ww-seat${fig.out ? " ww-out" : ""}`, style: `border-left: 5px solid ${SEAT_COLOURS[seat.seat]}`, "data-seat": seat.seat },
        h("strong", {}, `${who}${fig.out ? " (out)" : ""}`),
        h("span", {}, " " + bits.join(" · ")),
        seat.items.length ? h("div", { class: "muted" }, "items: ", seat.items.map((c) => cardChip(c))) : null,
        seat.maintained.length
          ? h("div", { class: "muted" }, "spells: ", seat.maintained.map((m) => cardChip(m.card, m.tokens === null ? "" : ` (${m.tokens})`)))
          : null,
      );
    }),
  );
}

function head(view, me) {
  const cast = view.cast;
  const what = cast ? `P${cast.seat}'s ${cast.punch ? "punch" : nameOf(cast.card)}, energy ${cast.energy}${cast.picked.length ? `, picked: ${cast.picked.join("; ")}` : ""}${cast.cancelled_by ? `, cancelled by ${nameOf(cast.cancelled_by)}` : ""}` : null;
  const yours = (view.to_act || []).includes(me);
  return h(
    "div",
    { class: "ww-head" },
    h("span", { class: "ww-title" }, `Round ${view.round} · P${view.turn}'s turn`),
    h("span", { class: "ww-phase" }, view.phase),
    view.phase === "move and cast" ? h("span", { class: "ww-moves" }, `${view.moves} movement · ${view.attacks} attack`) : null,
    nextSpell(view.next_spell),
    h("span", { class: "ww-piles muted" }, `${(view.schools || []).join(", ")} · deck ${view.deck}`),
    what ? h("div", { class: "ww-prompt" }, `Under way: ${what}`) : null,
    view.outcome || !(view.to_act || []).length
      ? null
      : h("div", { class: `ww-prompt ${yours ? "ww-yours" : "ww-waiting"}` }, yours ? "Your decision: click the board or pick below." : `Waiting for P${view.to_act[0]}.`),
  );
}

function handPanel(view) {
  const hand = view.hand || [];
  if (!hand.length) return null;
  return h("section", { class: "ww8-hand", "data-testid": "hand" }, h("strong", {}, "Your hand: "), hand.map((c) => cardChip(c)));
}

function overPanel(view) {
  if (!view.outcome) return null;
  return h("section", { class: "ww-over" }, h("strong", {}, "Game over: "), view.outcome.reason || "");
}

/** Draw an 8e view into root; returns {handled}: the action ids offered on the board. */
export function render(root, state, ctx = {}) {
  learn(ctx.cards);
  const view = state.view || {};
  const me = state.seat ?? view.seat ?? null;
  const lit = onBoard(view, state.legal || []);
  clear(
    root,
    h(
      "div",
      { class: "ww ww8", "data-testid": "view" },
      head(view, me),
      h("div", { class: "ww-board-wrap" }, drawBoard(view, me, lit, { act: ctx.act || null })),
      handPanel(view),
      seatsPanel(view, me),
      overPanel(view),
    ),
  );
  const handled = new Set([...root.querySelectorAll("[data-action-id]")].map((el) => Number(el.dataset.actionId)));
  return { handled: [...handled] };
}
