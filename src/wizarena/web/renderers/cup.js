// Wizards Cup renderer: draws a cup view (game.view(state, seat)) as a card table.
// Interface (docs/web.md): render(root, state, ctx) with state = {view, seat, legal, ...}
// and ctx.act(actionId) (null when the table cannot take a move now, e.g. in a replay).
import { clear, h, readable } from "/static/common.js";

export const name = "Wizards Cup";

// Card facts by name, from the game's own data (GET /api/games/cup/cards, handed over
// by the page as ctx.cards): a view only names cards, these give a face its attribute,
// power and ability. A card without facts is drawn with its name only.
let BY_NAME = new Map();

// What each attribute is weak to (rulebook, Cup 2 Battle/Attribute Compatibility).
export const WEAK_TO = { Fire: ["Water"], Water: ["Grass"], Grass: ["Fire"], Light: ["Fire", "Water", "Grass"], Dark: ["Light"], Non: [] };

const PHASES = {
  select: "0. Selection",
  order: "1. Order of Match",
  choice: "2. Battle — a “may” ability waits",
  swap: "Between matches — swap",
  over: "Game over",
};
const CHIPS_TO_WIN = 2;
const KIND_LABEL = { quick: "Quick", support: "Support", field: "Field" };

function facts(view, cardName) {
  const own = view && view.cards;
  if (own && !Array.isArray(own) && own[cardName]) return { name: cardName, ...own[cardName] };
  if (Array.isArray(own)) {
    const found = own.find((c) => c && c.name === cardName);
    if (found) return found;
  }
  return BY_NAME.get(cardName) || { name: cardName, attribute: "?", power: "?", kind: null, may: false, ability: "" };
}

function attrClass(attribute) {
  return `attr-${String(attribute || "unknown").toLowerCase().replace(/[^a-z]/g, "") || "unknown"}`;
}

/** One card face. opts: {size: "small"|"normal", power, note, actionId, act, tag, top}. */
function card(view, cardName, opts = {}) {
  const f = facts(view, cardName);
  const clickable = opts.actionId !== undefined && opts.actionId !== null;
  const power = opts.power !== undefined && opts.power !== null ? opts.power : f.power;
  const changed = opts.power !== undefined && opts.power !== null && opts.power !== f.power;
  const kind = f.kind ? `${KIND_LABEL[f.kind] || f.kind}${f.may ? " · may" : ""}` : "";
  const weak = WEAK_TO[f.attribute];
  const classes = ["card", attrClass(f.attribute), opts.size === "small" ? "small" : "normal"];
  if (clickable) classes.push("clickable");
  if (opts.dim) classes.push("dim");
  if (opts.top) classes.push("top");
  const title = [
    `${f.name} — ${f.attribute}, Magic Power ${f.power}`,
    kind ? `${kind}: ${f.ability}` : "no ability",
    weak && weak.length ? `weak to ${weak.join(", ")}` : f.attribute === "Non" ? "no weakness" : "",
  ].filter(Boolean).join("\n");
  const body = [
    h("span", { class: `card-name${longestWord(f.name) > 9 ? " long" : ""}` }, f.name),
    h(
      "span",
      { class: "card-meta" },
      h(
        "span",
        { class: "card-attr" },
        f.attribute,
        changed ? h("span", { class: "printed" }, ` (printed ${f.power})`) : null,
        kind ? h("span", { class: "card-kind" }, kind) : null,
      ),
      h("span", { class: `card-power${changed ? " changed" : ""}`, title: changed ? `printed ${f.power}` : "Magic Power" }, String(power)),
    ),
    f.ability ? h("span", { class: "card-text" }, f.ability) : h("span", { class: "card-text muted" }, "No ability."),
    opts.tag ? h("span", { class: "card-tag" }, opts.tag) : null,
  ];
  if (clickable) {
    return h(
      "button",
      {
        type: "button",
        class: classes.join(" "),
        title,
        "data-card": f.name,
        "data-action-id": opts.actionId,
        disabled: !opts.act,
        onclick: () => opts.act && opts.act(opts.actionId),
      },
      body,
    );
  }
  const face = h("div", { class: classes.join(" "), title, "data-card": f.name }, body);
  return f.ability ? readable(face) : face;
}

function longestWord(text) {
  return Math.max(0, ...String(text).split(/\s+/).map((w) => w.length));
}

function back(label, opts = {}) {
  return h("div", { class: `card back${opts.size === "small" ? " small" : " normal"}`, title: label }, h("span", { class: "back-label" }, label));
}

function slot(label) {
  return h("div", { class: "card slot" }, h("span", {}, label));
}

function chips(n) {
  const out = [];
  for (let i = 0; i < Math.max(CHIPS_TO_WIN, n); i++) {
    out.push(h("span", { class: `chip${i < n ? " won" : ""}`, "aria-hidden": "true" }));
  }
  return h("span", { class: "chips", title: `${n} Victory Chip${n === 1 ? "" : "s"}` }, out, h("span", { class: "sr" }, `${n} chips`));
}

function who(seat, me) {
  return seat === me ? `P${seat} (you)` : `P${seat}`;
}

function zone(label, ...content) {
  return h("div", { class: "zone" }, h("div", { class: "zone-label" }, label), h("div", { class: "zone-cards" }, content));
}

function row(view, names, opts = {}) {
  if (!names || !names.length) return h("span", { class: "muted none" }, opts.empty || "none");
  return names.map((n, i) => card(view, n, { size: "small", ...(opts.each ? opts.each(n, i) : {}) }));
}

function deckStack(count, label) {
  if (!count) return slot("empty");
  const backs = [];
  for (let i = 0; i < Math.min(count, 5); i++) backs.push(h("span", { class: "stack-back", style: `--i:${i}` }));
  return h("div", { class: "stack", title: label }, backs, h("span", { class: "stack-count" }, `${count}`));
}

function discardPile(view, info) {
  const pile = info.discard || [];
  if (!pile.length) return slot("empty");
  return pile.map((n, i) => {
    const top = i === pile.length - 1;
    const f = facts(view, n);
    const tag = top ? (f.kind === "support" ? "top · Support works" : "top") : null;
    return card(view, n, { size: "small", top, tag });
  });
}

function fieldCard(view, info) {
  const field = info.field;
  if (!field) return slot("empty field");
  const mod = field.modifier || 0;
  return card(view, field.card, { power: field.power, tag: mod ? `${mod > 0 ? "+" : ""}${mod} attached` : null });
}

function side(view, info, me, legalIds, act) {
  const mine = info.seat === me;
  // The view lists a side's six when the seat may see it: its own, and every side once
  // the game is over (all cards are turned over then).
  const revealed = !mine && Array.isArray(info.six);
  const phase = view.phase;
  const inSelect = phase === "select";
  const head = h(
    "header",
    { class: "side-head" },
    h("strong", {}, who(info.seat, me)),
    chips(info.chips || 0),
    info.six_total_power !== null && info.six_total_power !== undefined
      ? h("span", { class: "muted" }, `six total power ${info.six_total_power}`)
      : null,
    info.swaps ? h("span", { class: "muted" }, `swaps ${info.swaps}`) : null,
    info.drawn_at_random ? h("span", { class: "muted" }, `drawn at random: ${info.drawn_at_random}`) : null,
  );
  const zones = [];
  if (!inSelect) {
    if (mine || revealed) {
      const deck = info.deck || [];
      zones.push(zone(`Deck (${info.deck_count}) — next first`, deck.length ? deck.map((n, i) => card(view, n, { size: "small", tag: `#${i + 1}` })) : slot("empty")));
      const turned = phase === "over";  // every card is turned over at the end
      const subLabel = turned ? "Sub Card (turned over)" : "Sub Card (face down)";
      const subTag = turned ? "Sub Card" : "face down";
      zones.push(zone(subLabel, info.sub ? card(view, info.sub, { size: "small", dim: !turned, tag: subTag }) : slot(phase === "order" ? "the card left over" : "none")));
    } else {
      zones.push(zone(`Deck (${info.deck_count})`, deckStack(info.deck_count, `${info.deck_count} cards face down`)));
      zones.push(zone("Sub Card", info.has_sub ? back("Sub Card", { size: "small" }) : slot("none")));
    }
    zones.push(zone("Discard (top last)", discardPile(view, info)));
  }
  const extra = [];
  if (revealed) {
    extra.push(zone("Their six (turned over)", row(view, info.six, { each: (n) => (n === info.drawn_at_random ? { tag: "drawn at random" } : {}) })));
  } else if (mine) {
    const label = inSelect ? `Your cards so far (${(info.six || []).length}/6)` : "Your six";
    extra.push(zone(label, row(view, info.six, { each: (n) => (n === info.drawn_at_random ? { tag: "drawn at random" } : {}) })));
    if (info.unused && info.unused.length) {
      const swapIns = info.unused.map((n) => legalIds.get(`swap-in:${n}`));
      const open = swapIns.some((x) => x !== undefined);
      extra.push(
        h(
          "details",
          { class: "zone unused", open: open || undefined },
          h("summary", { class: "zone-label" }, `Unused (${info.unused.length})`),
          h("div", { class: "zone-cards" }, info.unused.map((n) => card(view, n, { size: "small", actionId: legalIds.get(`swap-in:${n}`), act }))),
        ),
      );
    }
  } else {
    const count = inSelect ? ` — ${1 + (info.selected_count || 0)}/6 chosen` : "";
    extra.push(zone(`Known in their six${count}`, row(view, info.known, { empty: "nothing yet" })));
    if (info.maybe_swapped_away && info.maybe_swapped_away.length) {
      extra.push(zone("Seen before a swap, maybe gone", row(view, info.maybe_swapped_away, { each: () => ({ dim: true }) })));
    }
  }
  return h(
    "section",
    { class: `cup-side ${mine ? "mine" : "theirs"}`, "data-seat": info.seat },
    head,
    zones.length ? h("div", { class: "zones" }, zones) : null,
    extra,
  );
}

function choicePanel(view, state, me, legalIds, act) {
  const legal = state.legal || [];
  if (!legal.length || me === null || me === undefined) return null;
  const mine = (view.players || []).find((p) => p.seat === me) || {};
  // An action's kind says what it does and its fields which card (docs/web-protocol.md).
  const pick = (kind) => legal.filter((a) => a.kind === kind).map((a) => ({ id: a.id, card: a.fields.card }));
  const selects = pick("select");
  const places = pick("place");
  const outs = pick("swap-out");
  let title = null;
  let cards = [];
  if (selects.length) {
    const chosen = Math.max(0, (mine.six || []).length - 1);
    title = `Choose your wizards: ${chosen} of 5 chosen besides the one drawn at random`;
    cards = selects;
  } else if (places.length) {
    const placed = (mine.deck || []).length;
    title = `Place wizard ${placed + 1} of 5 — the first placed fights first; the one left over is your Sub Card`;
    cards = places;
  } else if (outs.length) {
    title = "You may swap one of your six for an unused card: choose the one to send away";
    cards = outs;
  } else if (legal.some((a) => a.kind === "swap-in")) {
    title = "Choose the unused card to bring in (see Unused below)";
  }
  if (!title) return null;
  return h(
    "section",
    { class: "cup-choice", "data-testid": "choice" },
    h("h3", {}, title),
    cards.length ? h("div", { class: "choice-cards" }, cards.map((c) => card(view, c.card, { actionId: c.id, act }))) : null,
  );
}

function pendingBox(view, state, me, legalIds, act) {
  const p = view.pending;
  if (!p) return null;
  const yours = p.seat === me;
  const use = legalIds.get("use");
  const decline = legalIds.get("decline");
  return h(
    "section",
    { class: `cup-pending${yours ? " yours" : ""}`, "data-testid": "pending" },
    h("p", {}, h("strong", {}, `${who(p.seat, me)} may use ${p.card}'s ability`), h("span", { class: "ability" }, p.ability || facts(view, p.card).ability)),
    yours && (use !== undefined || decline !== undefined)
      ? h(
          "div",
          { class: "pending-buttons" },
          use !== undefined ? h("button", { type: "button", class: "primary", "data-action-id": use, disabled: !act, onclick: () => act(use) }, "Use it") : null,
          decline !== undefined ? h("button", { type: "button", "data-action-id": decline, disabled: !act, onclick: () => act(decline) }, "Decline") : null,
        )
      : null,
  );
}

function matchesLine(view, me) {
  const matches = view.matches || [];
  if (!matches.length) return null;
  return h(
    "span",
    { class: "matches" },
    matches.map((w, i) => h("span", { class: "match-result" }, `Match ${i + 1}: ${!w || !w.length ? "nobody" : w.length > 1 ? "both" : who(w[0], me)}`)),
  );
}

/** Draw a Wizards Cup view into root; returns {handled}: the action ids offered as cards. */
export function render(root, state, ctx = {}) {
  if (ctx.cards && BY_NAME.size !== ctx.cards.length) BY_NAME = new Map(ctx.cards.map((c) => [c.name, c]));
  const view = state.view || {};
  const me = state.seat ?? view.seat ?? null;
  const act = ctx.act || null;
  // Each legal action by what it means: its kind, and the card it names if any ("swap-in:Bard").
  const legalIds = new Map((state.legal || []).map((a) => [a.fields && a.fields.card ? `${a.kind}:${a.fields.card}` : a.kind, a.id]));
  const players = (view.players || []).slice();
  const bottomSeat = me ?? 0;
  const top = players.filter((p) => p.seat !== bottomSeat);
  const bottom = players.filter((p) => p.seat === bottomSeat);
  const phaseLabel = PHASES[view.phase] || view.phase || "";
  const header = h(
    "header",
    { class: "cup-head" },
    h("span", { class: "cup-title" }, "Wizards Cup", view.swap ? " (swap)" : ""),
    h("span", { class: "cup-match" }, `Match ${view.match ?? "?"}`),
    h("span", { class: "cup-phase", "data-phase": view.phase || "" }, phaseLabel),
    h("span", { class: "cup-score" }, players.map((p) => h("span", { class: "score" }, who(p.seat, me), " ", chips(p.chips || 0)))),
    matchesLine(view, me),
  );
  const fieldsInUse = players.some((p) => p.field) || view.phase === "choice";
  const battle = !fieldsInUse
    ? null
    : h(
        "section",
        { class: "cup-battle", "aria-label": "the fields" },
        top.map((p) => h("div", { class: "field theirs" }, h("div", { class: "zone-label" }, `${who(p.seat, me)} field`), fieldCard(view, p))),
        h("div", { class: "versus", "aria-hidden": "true" }, "vs"),
        bottom.map((p) => h("div", { class: "field mine" }, h("div", { class: "zone-label" }, `${who(p.seat, me)} field`), fieldCard(view, p))),
      );
  clear(
    root,
    h(
      "div",
      { class: `cup phase-${view.phase || "unknown"}`, "data-testid": "view" },
      header,
      pendingBox(view, state, me, legalIds, act),
      choicePanel(view, state, me, legalIds, act),
      top.map((p) => side(view, p, me, legalIds, act)),
      battle,
      bottom.map((p) => side(view, p, me, legalIds, act)),
    ),
  );
  const handled = [...root.querySelectorAll("[data-action-id]")].map((el) => Number(el.dataset.actionId));
  return { handled };
}
