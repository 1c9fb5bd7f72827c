// Wizards of Mickey renderer: draws a mickey view (game.view(state, seat)) as a card table.
// Interface (docs/web.md): render(root, state, ctx) with state = {view, seat, legal, ...}
// and ctx.act(actionId) (null when the table cannot take a move now, e.g. in a replay).
//
// The table, seen from the shown seat: the opponent's team on top, mirrored so that
// opposite Wizards face each other (their position i above my position 2 - i), the Castle
// in play with the Diamagic at stake in the middle, my team below and my hand under it.
// Each Wizard has its cast Magic in front of it (towards the middle) and its face-down
// Magic and kept Continue Magics behind it.
//
// Casting is two clicks: a Magic in the hand, then a Wizard (or one of the "Cast here" /
// "Hide here" targets the hand card puts on the table, or the list under the hand). The
// choice lives in the DOM of this drawing only; a new state draws everything afresh.
import { clear, h, readable } from "/static/common.js";

export const name = "Wizards of Mickey";

const POS = ["left", "centre", "right"];
const FORMATS = { mini: "MiniSfida", grande: "Grande Sfida", official: "Official Challenge" };
const PHASES = {
  "first player": "Who goes first",
  support: "Support deck",
  "line-up": "Line-up",
  castle: "Bring a Castle",
  challenge: "Challenge",
  choice: "An effect asks",
  assign: "Assign the Diamagic",
  discard: "Draw and discard",
  over: "Game over",
};
const WAITING = {
  "first player": "choosing who goes first",
  support: "working on the Support deck",
  "line-up": "lining up Wizards",
  castle: "choosing a Castle",
  challenge: "casting",
  choice: "deciding an effect",
  assign: "placing the Diamagic won",
  discard: "discarding down to 5 cards",
};
// The effect decisions of the queue (view.pending.effect): a name and what is asked.
const EFFECTS = {
  limit: ["Hand limit", "Discard down to 5 cards (WoM 7.13)."],
  corrode: ["Corrode", "You may discard a card from your hand to discard the Magic it strikes (WoM 9.6)."],
  corrupt: ["Corrupt", "You may discard two cards to send a Diamagic of an opposing Wizard back to the reserve (WoM 9.7)."],
  swap: ["Swap", "Exchange one Diamagic between two Wizards (WoM 9.11)."],
  break: ["Break", "Choose a Continue Magic to discard from play (WoM 9.14)."],
  tele: ["Teletrasporto", "Bring one of your Castles in place of the Castle in play; the Diamagic at stake move onto it (WoM 9.16)."],
};

// Card facts from the game's data (GET /api/games/mickey/cards, handed over as ctx.cards):
// a view names cards (and gives ids), these give a face its colours and text.
let CARDS_SEEN = null;
let BY_ID = new Map();
let BY_LABEL = new Map();

function labelOf(c) {
  if (c.kind !== "wizard") return c.name;
  return `${c.name} (${c.title})${c.solitary ? ` [${c.solitary}]` : ""}`;
}

function learn(cards) {
  if (!Array.isArray(cards) || cards === CARDS_SEEN) return;
  CARDS_SEEN = cards;
  BY_ID = new Map(cards.map((c) => [c.id, c]));
  BY_LABEL = new Map();
  for (const c of cards) {
    BY_LABEL.set(labelOf(c), c);
    if (!BY_LABEL.has(c.name)) BY_LABEL.set(c.name, c);
  }
}

function facts(id, cardName) {
  if (id !== undefined && id !== null && BY_ID.has(id)) return BY_ID.get(id);
  return BY_LABEL.get(cardName) || { name: cardName, kind: null, colours: "", text: "" };
}

function coloursOf(value) {
  if (Array.isArray(value)) return value;
  return String(value || "").split("/").filter(Boolean);
}

function safe(word) {
  return String(word || "").toLowerCase().replace(/[^a-z]/g, "") || "none";
}

function cap(word) {
  const s = String(word || "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function who(seat, me) {
  return seat === me ? `P${seat} (you)` : `P${seat}`;
}

function band(colours) {
  const cs = coloursOf(colours);
  return h("span", { class: "wom-band", "aria-hidden": "true" }, (cs.length ? cs : ["none"]).map((c) => h("span", { class: `wom-bg-${safe(c)}` })));
}

function token(colour, extra = "") {
  const title = colour ? `${colour} Diamagic` : "a Diamagic you have not seen";
  return h(
    "span",
    { class: `wom-token ${colour ? `wom-bg-${safe(colour)}` : "wom-unseen"}${extra ? ` ${extra}` : ""}`, title, "data-colour": colour || "?" },
    h("span", { class: "sr" }, title),
  );
}

// ---- card faces -----------------------------------------------------------------------

/** A Magic face. m: a view Magic ({card, name, power, face_down, plain, without_effect,
 * gained, made}) or {name}. opts: {tag, cls, el, props, inButton} — el "button" makes it
 * clickable; inButton: it is drawn inside a button, so a tap chooses rather than opens it. */
function magicFace(m, opts = {}) {
  const f = facts(m.card, m.name);
  const cardName = m.name || f.name;
  const power = m.power ?? f.power ?? "?";
  const colours = coloursOf(f.colours);
  const tags = [];
  if (m.face_down) tags.push(["face-down", "down"]);
  if (m.plain) tags.push(["Plain", "plain"]);
  if (m.without_effect) tags.push(["without effect", "noeffect"]);
  for (const k of m.gained || []) tags.push([`+${cap(k)}`, "gained"]);
  for (const k of m.made || []) tags.push([cap(k), "made"]);
  if (opts.tag) tags.push([opts.tag, "note"]);
  const title = [
    `${cardName} — ${colours.join("/") || "?"} Magic, Magic Power ${power}`,
    f.text || "",
    tags.map((t) => t[0]).join(", "),
  ].filter(Boolean).join("\n");
  const classes = ["wom-card", "wom-magic"];
  if (m.face_down) classes.push("wom-is-down");
  if (m.plain || m.without_effect) classes.push("wom-is-plain");
  if (opts.cls) classes.push(opts.cls);
  const body = [
    band(colours),
    h(
      "span",
      { class: "wom-card-top" },
      h("span", { class: "wom-card-name" }, cardName),
      h("span", { class: "wom-powers" }, h("span", { class: "wom-power", title: "Magic Power (printed)" }, String(power)), modifiedBadge(m)),
    ),
    f.text ? h("span", { class: "wom-card-text" }, f.text) : null,
    tags.length ? h("span", { class: "wom-tags" }, tags.map(([t, k]) => h("span", { class: `wom-tag wom-tag-${k}` }, t))) : null,
  ];
  const face = h(opts.el || "div", { class: classes.join(" "), title, "data-card": cardName, ...(opts.props || {}) }, body);
  return opts.el === "button" || opts.inButton || !f.text ? face : readable(face);
}

/** While a Magic is counted (WoM 7.8) the view gives its Modified Magic Power: null when it
 * reads a face-down Magic this seat cannot see. Drawn after the printed power as "→ 4". */
function modifiedBadge(m) {
  if (!("modified_power" in m)) return null;
  const now = m.modified_power;
  const known = now !== null && now !== undefined;
  const title = known
    ? `Modified Magic Power ${now} (printed ${m.power}), as the rules count it now`
    : "Modified Magic Power unknown: it reads a face-down Magic you cannot see";
  const changed = known && now !== m.power;
  return h(
    "span",
    { class: `wom-modified${changed ? " wom-changed" : ""}${known ? "" : " wom-unknown"}`, title, "data-testid": "wom-modified", "data-value": known ? String(now) : "?" },
    `→ ${known ? now : "?"}`,
  );
}

/** A side's running Final Magic Power (WoM 7.8) as the view gives it: exact, or a floor
 * ("≥ n") while face-down Magics hide part of it. */
function totalBadge(p) {
  const mp = p.magic_power;
  if (!mp) return null;
  const text = mp.exact ? `Magic Power ${mp.power}` : `Magic Power ≥ ${mp.power}`;
  const title = mp.exact
    ? "Final Magic Power if the challenge ended now (WoM 7.8)"
    : "At least this: face-down Magics you cannot see may add more (WoM 7.8)";
  return h("span", { class: `wom-badge wom-total${mp.exact ? "" : " wom-floor"}`, title, "data-testid": "wom-total", "data-exact": mp.exact ? "1" : "0" }, text);
}

function magicBack(label) {
  return h(
    "div",
    { class: "wom-card wom-magic wom-back", title: `a face-down Magic (${label})` },
    h("span", { class: "wom-back-mark", "aria-hidden": "true" }, "✦"),
    h("span", { class: "wom-back-label" }, label),
  );
}

/** A Castle face; `inButton`: it is drawn inside a button (a choice), so a tap chooses it. */
function castleCard(c, me, cardName, inButton = false) {
  const f = facts(c ? c.card : undefined, c ? c.name : cardName);
  const text = c ? c.text : f.text;
  const plain = c && c.plain;
  const face = h(
    "div",
    { class: `wom-card wom-castle${plain ? " wom-is-plain" : ""}`, title: `${f.name} — Castle\n${text || "No effect."}`, "data-card": f.name },
    band(f.colours),
    h("span", { class: "wom-castle-kind" }, "Castle", c && c.owner !== undefined ? ` of ${who(c.owner, me)}` : ""),
    h("span", { class: "wom-card-name" }, f.name),
    h("span", { class: "wom-card-text" }, text || "No effect."),
    plain ? h("span", { class: "wom-tags" }, h("span", { class: "wom-tag wom-tag-plain" }, "Plain")) : null,
    c && c.covered && c.covered.length
      ? h("span", { class: "wom-covered", title: "Castles under this one (Teletrasporto)" }, `covers ${c.covered.join(", ")}`)
      : null,
  );
  return text && !inButton ? readable(face) : face;
}

function wizardFace(w, q, me, extra = {}) {
  const f = facts(w.card, w.name);
  const owned = w.diamagic || [];
  const title = [
    `${w.name}, ${w.title} — ${(w.colours || []).join("/")} Wizard of ${w.team}`,
    f.text || "",
    owned.length ? `Diamagic: ${owned.join(", ")}` : "no Diamagic",
    w.blocked ? "Blocked: cannot cast Magics this challenge" : "",
  ].filter(Boolean).join("\n");
  const face = h(
    "div",
    {
      class: `wom-card wom-wizard${w.blocked ? " wom-is-blocked" : ""}`,
      title,
      "data-card": w.name,
      "data-seat": q,
      "data-pos": w.position,
      ...extra,
    },
    band(w.colours),
    h("span", { class: "wom-wiz-pos" }, q === me ? w.position : `their ${w.position}`),
    h("span", { class: "wom-card-name" }, w.name),
    h("span", { class: "wom-wiz-title" }, w.title),
    h("span", { class: "wom-wiz-team" }, w.team),
    f.text ? h("span", { class: "wom-card-text" }, f.text) : null,
    h(
      "span",
      { class: "wom-owned", title: owned.length ? `Diamagic owned: ${owned.join(", ")}` : "no Diamagic yet" },
      owned.length ? owned.map((k) => token(k, "wom-small")) : h("span", { class: "wom-none" }, "no Diamagic"),
    ),
    w.blocked ? h("span", { class: "wom-blocked-badge" }, "Blocked") : null,
  );
  return readable(face);
}

// ---- the legal actions, sorted by what they do ------------------------------------------

function parseLegal(legal) {
  const L = {
    cast: new Map(), discard: new Map(), pass: null, decline: null, pick: [], colour: [], bring: [], assign: [],
    lineup: new Map(), out: [], in: [], done: null, first: [], other: [],
  };
  const push = (map, key, value) => (map.has(key) ? map.get(key).push(value) : map.set(key, [value]));
  // Each action's kind says what it does and its fields with what (docs/web-protocol.md).
  for (const a of legal) {
    const f = a.fields || {};
    switch (a.kind) {
      case "cast": push(L.cast, f.card, { ...a, pos: POS.indexOf(f.position), down: false }); break;
      case "hide": push(L.cast, f.card, { ...a, pos: POS.indexOf(f.position), down: true }); break;
      case "pass": L.pass = a; break;
      case "decline": L.decline = a; break;
      case "discard": L.discard.set(f.card, a); break;
      case "choose-position": L.pick.push({ ...a, seat: f.seat, pos: POS.indexOf(f.position) }); break;
      case "choose-diamagic": L.colour.push({ ...a, colour: f.colour }); break;
      case "bring": L.bring.push({ ...a, card: f.card }); break;
      case "assign": L.assign.push({ ...a, pos: POS.indexOf(f.position) }); break;
      case "line-up": push(L.lineup, f.card, { ...a, pos: POS.indexOf(f.position) }); break;
      case "take-out": L.out.push({ ...a, card: f.card }); break;
      case "put-in": L.in.push({ ...a, card: f.card }); break;
      case "keep-deck": L.done = a; break;
      case "first": L.first.push({ ...a, seat: f.seat }); break;
      default: L.other.push(a);
    }
  }
  return L;
}

// ---- the parts of the table ----------------------------------------------------------------

function header(view, state, me) {
  const players = view.players || [];
  const toAct = state.to_act || view.to_act || [];
  return h(
    "header",
    { class: "wom-head" },
    h("span", { class: "wom-title" }, "Wizards of Mickey"),
    view.format ? h("span", { class: "wom-format" }, FORMATS[view.format] || view.format) : null,
    view.turn ? h("span", { class: "wom-turn" }, `Turn ${view.turn} · ${who(view.turn_player, me)} takes the turn`) : null,
    h(
      "span",
      { class: "wom-phase", "data-phase": view.phase || "" },
      view.pending && EFFECTS[view.pending.effect] ? `Effect: ${EFFECTS[view.pending.effect][0]}` : PHASES[view.phase] || view.phase || "",
    ),
    h(
      "span",
      { class: "wom-scores" },
      players.map((p, q) =>
        h(
          "span",
          { class: `wom-score${toAct.includes(q) ? " wom-acting" : ""}`, "data-seat": q },
          who(q, me),
          " ",
          h("strong", {}, String(p.diamagic ?? 0)),
          `/${view.target ?? "?"}`,
        ),
      ),
    ),
  );
}

/** How the last challenge ended, from the view's record of it: the final count and the winner. */
function lastLine(last, me) {
  if (!last) return null;
  const [p0, p1] = last.power;
  const result = last.winner === null || last.winner === undefined
    ? `a tie: the ${last.stake} Diamagic at stake stay`
    : `${who(last.winner, me)} won ${last.stake} Diamagic`;
  return h(
    "span",
    { class: "wom-last", "data-testid": "wom-last", "data-winner": last.winner ?? "none", "data-power": `${p0},${p1}`, title: "how the last challenge ended" },
    `Last challenge (turn ${last.turn}) — Final Magic Power: ${who(0, me)} ${p0}, ${who(1, me)} ${p1} · ${result}`,
    h("cite", { class: "rule" }, last.rule),
  );
}

function centre(view, me, state, showLast) {
  const stake = view.stake || [];
  const last = view.last_challenge || null;
  let castle;
  if (view.castle) castle = castleCard(view.castle, me);
  else if (showLast && last && last.castle) castle = h("div", { class: "wom-last-castle" }, h("span", { class: "wom-label" }, "last challenge's Castle"), castleCard(last.castle, me));
  else castle = h("div", { class: "wom-card wom-castle wom-slot" }, "No Castle in play");
  return h(
    "section",
    { class: "wom-centre", "aria-label": "the Castle in play" },
    castle,
    h(
      "div",
      { class: "wom-stake", "data-testid": "wom-stake" },
      h("span", { class: "wom-label" }, `At stake${stake.length ? ` (${stake.length})` : ""}`),
      h("span", { class: "wom-tokens" }, stake.length ? stake.map((k) => token(k)) : h("span", { class: "wom-none" }, "nothing")),
      h("span", { class: "wom-reserve" }, `reserve ${view.reserve ?? "?"} face-down · ${view.target ?? "?"} Diamagic win`),
      lastLine(last, me),
    ),
  );
}

function pileDetails(label, names, opts = {}) {
  const list = names || [];
  return h(
    "details",
    { class: "wom-pile" },
    h("summary", {}, `${label} ${list.length}`),
    list.length
      ? h("div", { class: "wom-pile-cards" }, list.map((n, i) => (opts.castle ? castleCard(null, null, n) : magicFace({ name: n }, { tag: opts.top && i === list.length - 1 ? "top" : null, cls: "wom-mini" }))))
      : h("span", { class: "wom-none" }, "empty"),
  );
}

function playerStrip(view, p, q, me, state) {
  const mine = q === me;
  // A hand the view lists in full: one's own, and both once the game is over (every card
  // is turned over then).
  const shown = Array.isArray(p.hand);
  const toAct = state.to_act || view.to_act || [];
  const owned = (p.team || []).flatMap((w) => w.diamagic || []);
  const badges = [];
  if (view.turn_player === q && view.turn) badges.push(h("span", { class: "wom-badge wom-badge-turn" }, "takes the turn"));
  if (toAct.includes(q) && !view.outcome) badges.push(h("span", { class: "wom-badge wom-badge-act" }, "to move"));
  if (p.passed) badges.push(h("span", { class: "wom-badge wom-badge-passed" }, "passed"));
  const total = totalBadge(p);
  if (total) badges.unshift(total);
  if (p.affiliation) badges.push(h("span", { class: "wom-badge" }, p.affiliation));
  if (p.penalty) badges.push(h("span", { class: "wom-badge wom-badge-penalty", title: "Wizards not of the declared affiliation (WoM 10.25)" }, `−${p.penalty} power`));
  const counts = [
    h("span", { class: "wom-count", title: "cards in hand" }, `hand ${p.hand_size ?? 0}`),
    h("span", { class: "wom-count", title: "Magic deck" }, `deck ${p.deck ?? 0}`),
    h("span", { class: "wom-count", title: "Castle deck" }, `castles ${p.castle_deck ?? 0}`),
  ];
  if (p.support !== undefined) counts.push(h("span", { class: "wom-count", title: "Support deck" }, `support ${Array.isArray(p.support) ? p.support.length : p.support}`));
  if (!mine && p.to_line_up) counts.push(h("span", { class: "wom-count" }, `to line up ${p.to_line_up}`));
  const piles = [pileDetails("Discard", p.discard, { top: true }), pileDetails("Castle discard", p.castle_discard, { castle: true })];
  if ((mine || shown) && p.castles) piles.unshift(pileDetails("Castle deck", p.castles, { castle: true }));
  if (Array.isArray(p.support) && p.support.length) piles.push(pileDetails("Support deck", p.support));
  let theirHand = null;
  if (!mine && shown) {
    theirHand = h(
      "div",
      { class: "wom-their-hand wom-turned-over", "data-testid": "wom-their-hand" },
      h("span", { class: "wom-label" }, `${who(q, me)}'s hand, turned over`),
      p.hand.length ? p.hand.map((c) => magicFace(c, { cls: "wom-mini" })) : h("span", { class: "wom-none" }, "empty"),
    );
  } else if (!mine) {
    const known = p.known_hand || [];
    const unknown = Math.max(0, (p.hand_size ?? 0) - known.length);
    const backs = [];
    for (let i = 0; i < unknown; i++) backs.push(h("span", { class: "wom-mini-back", "aria-hidden": "true" }));
    theirHand = h(
      "div",
      { class: "wom-their-hand", "data-testid": "wom-their-hand" },
      h("span", { class: "wom-label" }, `${who(q, me)}'s hand`),
      backs.length ? h("span", { class: "wom-backs", title: `${unknown} unseen card${unknown === 1 ? "" : "s"}` }, backs) : null,
      known.map((n) => magicFace({ name: n }, { tag: "seen in hand", cls: "wom-mini wom-known" })),
      !backs.length && !known.length ? h("span", { class: "wom-none" }, "empty") : null,
    );
  }
  return h(
    "section",
    { class: `wom-player ${mine ? "wom-mine" : "wom-theirs"}`, "data-seat": q },
    h(
      "div",
      { class: "wom-player-head" },
      h("strong", { class: "wom-who" }, who(q, me)),
      h("span", { class: "wom-owned", title: `${owned.length} Diamagic of ${view.target}` }, owned.map((k) => token(k, "wom-small")), h("span", { class: "wom-of" }, `${owned.length}/${view.target ?? "?"}`)),
      badges,
      h("span", { class: "wom-counts" }, counts),
    ),
    theirHand,
    (p.confused || []).map((pick) => h(
      "div",
      { class: "wom-confused", "data-testid": "wom-confused" },
      `Confused (9.4): the ${pick.position} Wizard must cast ${pick.magic || "a Magic of its owner's choice"}`,
    )),
    h("div", { class: "wom-piles" }, piles),
  );
}

/** One Wizard with its Magics: refs[q][pos] gets {col, wizard, front, behind}. */
function column(p, q, pos, me, top, refs, act, started, last) {
  const w = (p.team || [])[pos] || { position: POS[pos] };
  // Between two challenges the last one's Magics stay where they were cast, marked as such.
  const was = last ? last.team[q][pos] : null;
  const front = h("div", { class: "wom-front", "data-slot": "cast" });
  if (w.cast) front.append(magicFace(w.cast));
  else if (was && was.cast) front.append(magicFace(was.cast, { cls: "wom-last-magic", tag: "last challenge" }));
  else if (started) front.append(h("div", { class: "wom-empty" }, was ? "no Magic cast last challenge" : "no Magic cast"));
  const behind = h("div", { class: "wom-behind", "data-slot": "behind" });
  if (w.hidden) behind.append(w.hidden.name ? magicFace(w.hidden) : magicBack("face-down"));
  else if (was && was.hidden) behind.append(magicFace(was.hidden, { cls: "wom-last-magic", tag: "last challenge, face-down" }));
  for (const k of w.kept || []) behind.append(k.name ? magicFace(k, { tag: "Continue, kept" }) : magicBack("Continue, kept"));
  let wizard;
  if (w.card === undefined) {
    wizard = h("div", { class: "wom-card wom-wizard wom-slot", "data-seat": q, "data-pos": POS[pos] }, h("span", { class: "wom-wiz-pos" }, POS[pos]), "not lined up yet");
  } else {
    wizard = wizardFace(w, q, me, {
      onclick: (e) => {
        const id = e.currentTarget.dataset.actionId;
        if (id !== undefined && act) act(Number(id));
      },
      onkeydown: (e) => {
        const id = e.currentTarget.dataset.actionId;
        if ((e.key === "Enter" || e.key === " ") && id !== undefined && act) {
          e.preventDefault();
          act(Number(id));
        }
      },
    });
  }
  const col = h("div", { class: "wom-col", "data-seat": q, "data-pos": POS[pos] }, top ? [behind, wizard, front] : [front, wizard, behind]);
  refs[q][pos] = { col, wizard, front, behind, w };
  return col;
}

function team(p, q, me, top, refs, act, started, last) {
  const order = top ? [2, 1, 0] : [0, 1, 2];
  return h(
    "section",
    { class: `wom-team ${top ? "wom-team-top" : "wom-team-bottom"}`, "data-seat": q, "aria-label": `${who(q, me)}'s Wizards` },
    order.map((pos) => column(p, q, pos, me, top, refs, act, started, last)),
  );
}

function wizardLabel(refs, q, pos, me) {
  const r = refs[q] && refs[q][pos];
  const nm = r && r.w && r.w.name ? r.w.name : POS[pos];
  return q === me ? `your ${nm} (${POS[pos]})` : `P${q}'s ${nm} (${POS[pos]})`;
}

// ---- the decision panel -----------------------------------------------------------------------

function choiceButton(a, label, act, cls = "") {
  return h(
    "button",
    { type: "button", class: `wom-choice${cls ? ` ${cls}` : ""}`, "data-action-id": a.id, title: a.text, disabled: !act, onclick: () => act && act(a.id) },
    label,
  );
}

function decision(view, state, me, L, act, refs) {
  const legal = state.legal || [];
  const toAct = state.to_act || [];
  if (state.outcome || view.outcome) return null;
  if (!legal.length) {
    const others = toAct.filter((s) => s !== me);
    if (!others.length) return null;
    const pending = view.pending && EFFECTS[view.pending.effect] ? ` (${EFFECTS[view.pending.effect][0]})` : "";
    return h(
      "section",
      { class: "wom-prompt wom-waiting", "data-testid": "wom-prompt" },
      h("p", {}, `Waiting for ${others.map((s) => who(s, me)).join(", ")}: ${WAITING[view.phase] || view.phase || "…"}${pending}`),
    );
  }
  let title = null;
  let hint = null;
  const rows = [];
  const pending = view.pending && view.pending.player === me ? view.pending : null;
  if (L.first.length) {
    title = "Choose who takes the first turn";
    rows.push(h("div", { class: "wom-choices" }, L.first.map((a) => choiceButton(a, `${who(a.seat, me)} goes first`, act, "primary"))));
  }
  if (L.out.length || L.in.length || L.done) {
    title = "Support deck: you may swap cards of your deck for Support cards (WoM 6.3.3)";
    if (L.in.length) {
      hint = "Put in one of these Support cards for the card you took out:";
      rows.push(h("div", { class: "wom-choice-cards" }, L.in.map((a) => supportCard(a, act))));
    }
    if (L.out.length) {
      rows.push(h("p", { class: "wom-hint" }, "Take a card out of your deck:"));
      rows.push(h("div", { class: "wom-choices wom-chips" }, L.out.map((a) => choiceButton(a, a.card, act, "wom-chip"))));
    }
    if (L.done) rows.push(h("div", { class: "wom-choices" }, choiceButton(L.done, "Keep this deck", act, "primary")));
    const mine = (view.players || [])[me] || {};
    if (Array.isArray(mine.support) && mine.support.length && !L.in.length) {
      rows.push(h("p", { class: "wom-hint wom-support-list" }, `Your Support deck (${mine.support.length}): ${mine.support.join(", ")}`));
    }
  }
  if (L.lineup.size) {
    title = "Line up your Wizards: choose one and its position (WoM 6.3.6)";
    rows.push(
      h(
        "div",
        { class: "wom-choice-cards" },
        [...L.lineup.entries()].map(([label, opts]) => {
          const f = facts(undefined, label);
          const w = { card: f.id, name: f.name || label, title: f.title || "", team: f.team || "", colours: coloursOf(f.colours), position: "", diamagic: [] };
          return h(
            "div",
            { class: "wom-lineup" },
            wizardFace(w, me, me, { class: "wom-card wom-wizard wom-mini-wizard" }),
            h("div", { class: "wom-choices" }, opts.map((a) => choiceButton(a, `at ${POS[a.pos]}`, act))),
          );
        }),
      ),
    );
  }
  if (L.bring.length) {
    title = pending && pending.effect === "tele" ? `${EFFECTS.tele[0]}: choose the Castle to bring` : "Bring one of your Castles into play (WoM 7.2)";
    if (pending && pending.effect === "tele") hint = EFFECTS.tele[1];
    rows.push(
      h(
        "div",
        { class: "wom-choice-cards" },
        L.bring.map((a) =>
          h(
            "button",
            { type: "button", class: "wom-pickable", "data-action-id": a.id, "data-card": a.card, title: a.text, disabled: !act, onclick: () => act && act(a.id) },
            castleCard(null, me, a.card, true),
          ),
        ),
      ),
    );
  }
  if (pending || view.phase === "discard") {
    const effect = pending ? pending.effect : "limit";
    const [nm, text] = EFFECTS[effect] || [cap(effect), ""];
    title = pending && pending.source ? `${nm} (${pending.source}): your decision` : `${nm}: your decision`;
    hint = text + (pending && pending.step ? ` Now: the ${pending.step}.` : "");
    if (effect === "corrupt") {
      if (L.discard.size && L.decline) hint += " Discard the first card, or decline.";
      else if (L.discard.size) hint += " Discard the second card.";
      else if (L.pick.length) hint += " Choose the Wizard.";
      else if (L.colour.length) hint += " Choose the colour.";
    }
    if (effect === "swap") {
      if (L.pick.length) hint += " Choose a Wizard.";
      else if (L.colour.length) hint += " Choose the colour of the Diamagic it gives.";
    }
    if (L.discard.size) rows.push(h("p", { class: "wom-hint" }, "Click a card in your hand to discard it, or:"));
    if (L.discard.size) rows.push(h("div", { class: "wom-choices wom-chips" }, [...L.discard.entries()].map(([n, a]) => choiceButton(a, `discard ${n}`, act, "wom-chip"))));
  }
  if (L.pick.length) {
    rows.push(h("div", { class: "wom-choices" }, L.pick.map((a) => choiceButton(a, wizardLabel(refs, a.seat, a.pos, me), act))));
    for (const a of L.pick) {
      const r = refs[a.seat] && refs[a.seat][a.pos];
      if (r) r.wizard.append(choiceButton(a, "Choose", act, "wom-pick primary"));
    }
  }
  if (L.colour.length) {
    rows.push(h("div", { class: "wom-choices" }, L.colour.map((a) => choiceButton(a, [token(a.colour, "wom-small"), ` ${a.colour}`], act))));
  }
  if (L.assign.length) {
    title = "You won the challenge: put the Diamagic at stake on one of your Wizards (WoM 7.10)";
    rows.push(h("div", { class: "wom-choices" }, L.assign.map((a) => choiceButton(a, `On ${wizardLabel(refs, me, a.pos, me)}`, act))));
    for (const a of L.assign) {
      const r = refs[me] && refs[me][a.pos];
      if (r) r.wizard.append(choiceButton(a, "Place here", act, "wom-pick primary"));
    }
  }
  if (L.cast.size || (L.pass && view.phase === "challenge")) {
    title = title || "Your move: cast a Magic";
    if (L.cast.size) hint = "Click a Magic in your hand, then the Wizard to cast it with.";
    else hint = "None of your Magics can be cast now.";
  }
  if (L.decline) rows.push(h("div", { class: "wom-choices" }, choiceButton(L.decline, "Decline", act)));
  if (L.pass) rows.push(h("div", { class: "wom-choices" }, choiceButton(L.pass, "Pass — cast nothing more this challenge", act)));
  if (L.other.length) rows.push(h("div", { class: "wom-choices" }, L.other.map((a) => choiceButton(a, a.text, act))));
  return h(
    "section",
    { class: "wom-prompt wom-yours", "data-testid": "wom-prompt" },
    h("h3", {}, title || "Your decision"),
    hint ? h("p", { class: "wom-hint" }, hint) : null,
    rows,
  );
}

function supportCard(a, act) {
  const f = facts(undefined, a.card);
  const face = f.kind === "castle" ? castleCard(null, null, a.card, true) : f.kind === "wizard" ? h("span", { class: "wom-chip-face" }, a.card) : magicFace({ name: a.card }, { inButton: true });
  return h("button", { type: "button", class: "wom-pickable", "data-action-id": a.id, "data-card": a.card, title: a.text, disabled: !act, onclick: () => act && act(a.id) }, face);
}

// ---- my hand and the two-click cast -------------------------------------------------------------

function handArea(p, me, L, act, refs, box) {
  const hand = p.hand || [];
  const discarding = L.discard.size > 0;
  const casting = !discarding && L.cast.size > 0;
  const options = h("div", { class: "wom-options", "data-testid": "wom-options", hidden: true });
  const els = [];

  function reset() {
    for (const el of box.querySelectorAll(".wom-target")) el.remove();
    for (const r of refs[me] || []) {
      if (!r || !r.wizard) continue;
      r.wizard.removeAttribute("data-action-id");
      if (r.wizard.dataset.expand === undefined) {
        r.wizard.removeAttribute("tabindex");
        r.wizard.removeAttribute("role");
      }
      r.wizard.classList.remove("wom-targetable");
    }
    for (const el of els) {
      el.classList.remove("wom-selected");
      el.setAttribute("aria-pressed", "false");
    }
    clear(options);
    options.hidden = true;
  }

  function select(el, cardName) {
    const again = el.classList.contains("wom-selected");
    reset();
    if (again) return;
    el.classList.add("wom-selected");
    el.setAttribute("aria-pressed", "true");
    const opts = L.cast.get(cardName) || [];
    const buttons = [];
    for (const o of opts) {
      const r = refs[me][o.pos];
      const label = o.down ? `Hide ${cardName} behind ${wizardLabel(refs, me, o.pos, me)}` : `Cast ${cardName} with ${wizardLabel(refs, me, o.pos, me)}`;
      const target = h(
        "button",
        { type: "button", class: `wom-target ${o.down ? "wom-target-hide" : "wom-target-cast"}`, "data-action-id": o.id, title: label, disabled: !act, onclick: (e) => { e.stopPropagation(); if (act) act(o.id); } },
        o.down ? "Hide here" : "Cast here",
      );
      if (r) {
        const slot = o.down ? r.behind : r.front;
        slot.append(target);
        if (!o.down || r.wizard.dataset.actionId === undefined) {
          r.wizard.dataset.actionId = o.id;
          r.wizard.classList.add("wom-targetable");
          r.wizard.setAttribute("tabindex", "0");
          r.wizard.setAttribute("role", "button");
        }
      }
      buttons.push(h("button", { type: "button", class: `wom-target wom-target-list${o.down ? " wom-target-hide" : ""}`, "data-action-id": o.id, title: o.text, disabled: !act, onclick: () => act && act(o.id) }, label));
    }
    clear(options, h("span", { class: "wom-label" }, `${cardName}:`), buttons, h("button", { type: "button", class: "wom-cancel", onclick: reset }, "Cancel"));
    options.hidden = false;
  }

  for (const c of hand) {
    const discard = L.discard.get(c.name);
    const castable = L.cast.has(c.name);
    let props;
    let cls = "wom-hand-card";
    if (discarding && discard) {
      props = { type: "button", "data-action-id": discard.id, disabled: !act, onclick: () => act && act(discard.id) };
      cls += " wom-discardable";
    } else if (casting && castable) {
      props = { type: "button", "data-hand-card": c.name, "aria-pressed": "false", disabled: !act };
      cls += " wom-selectable";
    } else if (casting) {
      cls += " wom-unplayable";
    }
    const el = magicFace(c, { el: props ? "button" : "div", cls, props, tag: casting && !castable ? "cannot be cast now" : null });
    if (casting && castable) el.addEventListener("click", () => select(el, c.name));
    els.push(el);
  }
  const label = discarding ? "Your hand — click a card to discard it" : casting ? "Your hand — click a Magic, then a Wizard" : "Your hand";
  return h(
    "section",
    { class: "wom-hand-area", "data-testid": "wom-hand" },
    h("div", { class: "wom-label" }, `${label} (${hand.length})`),
    h("div", { class: "wom-hand" }, els.length ? els : h("span", { class: "wom-none" }, "empty")),
    options,
  );
}

// ---- the whole table -----------------------------------------------------------------------------

/** Draw a Wizards of Mickey view into root; returns {handled}: the legal actions the board offers. */
export function render(root, state, ctx = {}) {
  learn(ctx.cards);
  const view = state.view || {};
  const players = view.players || [];
  const me = state.seat ?? view.seat ?? null;
  const bottom = me ?? 0;
  const top = 1 - bottom;
  const act = ctx.act || null;
  const legal = state.legal || [];
  const L = parseLegal(legal);
  const refs = [[], []];
  const box = h("div", { class: `wom wom-phase-${safe(view.phase)}`, "data-testid": "view" });
  const topP = players[top] || {};
  const botP = players[bottom] || {};
  // The last challenge's Magics stay on the board, marked, until this challenge's first cast;
  // its result stays in the centre until the next challenge is counted.
  const castNow = players.some((p) => (p.team || []).some((w) => w.cast || w.hidden));
  const last = view.last_challenge && !castNow ? view.last_challenge : null;
  const felt = h(
    "div",
    { class: `wom-felt${last ? " wom-showing-last" : ""}` },
    playerStrip(view, topP, top, me, state),
    team(topP, top, me, true, refs, act, Boolean(view.turn), last),
    centre(view, me, state, Boolean(last)),
    team(botP, bottom, me, false, refs, act, Boolean(view.turn), last),
    playerStrip(view, botP, bottom, me, state),
  );
  const panel = decision(view, state, me, L, act, refs);
  const hand = botP.hand && bottom === me ? handArea(botP, bottom, L, act, refs, box) : null;
  // The outcome is the page's banner (#banner, on the table and the replay), drawn once.
  clear(box, header(view, state, me), panel, felt, hand);
  clear(root, box);
  return { handled: legal.map((a) => a.id) };
}
