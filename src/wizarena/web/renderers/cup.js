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


// ---- the battle, one fight after another -------------------------------------------------
// The view keeps the last battle's fights (view.battle) until the next battle begins. At the
// table a battle that has just been fought plays as a reel at a pace the player sets; in a
// replay each fight is a frame of its own (`interludes`). Everything drawn comes from each
// fight's data: the wizards, their Magic Power with its changes, how it was decided, who won.
const PACES = { slow: 2600, normal: 1500, fast: 600 };
const PACE_KEY = "wizarena.cup.pace";
const DECIDED = { ability: "won by an ability", attribute: "Attribute Compatibility", power: "Magic Power compared" };

const reel = { key: null, at: 0, seen: 0, playing: false, timer: null, redraw: null };

function pace() {
  let name = "normal";
  try {
    name = localStorage.getItem(PACE_KEY) || "normal";
  } catch (_) {
    /* storage may be off */
  }
  return PACES[name] ? name : "normal";
}

function setPace(name) {
  try {
    localStorage.setItem(PACE_KEY, name);
  } catch (_) {
    /* storage may be off */
  }
  if (reel.playing) schedule();
}

function stopReel() {
  clearTimeout(reel.timer);
  reel.timer = null;
  reel.playing = false;
}

function schedule() {
  clearTimeout(reel.timer);
  reel.timer = setTimeout(() => {
    if (reel.at >= reel.seen - 1) {
      // the last fight has had its time: the table shows the battle's summary again
      stopReel();
      reel.done = true;
    } else {
      reel.at += 1;
      schedule();
    }
    if (reel.redraw) reel.redraw();
  }, PACES[pace()]);
}

/** Take in the battle of a new live view: a battle not yet watched starts playing from its
 * first fight not yet shown; the first view a page draws is taken as already watched. */
function followBattle(battle, first) {
  const key = battle ? battle.match : null;
  const count = battle ? battle.fights.length : 0;
  if (first || key === null) {
    stopReel();
    reel.key = key;
    reel.seen = count;
    reel.at = Math.max(0, count - 1);
    reel.done = true;
    return;
  }
  if (key !== reel.key) {
    reel.key = key;
    reel.seen = count;
    reel.at = 0;
  } else if (count > reel.seen) {
    if (reel.done) reel.at = reel.seen;
    reel.seen = count;
  } else {
    return;
  }
  reel.done = false;
  reel.playing = true;
  schedule();
}

function whoseCard(seat, cardName, me) {
  return `${seat === me ? "your" : `P${seat}'s`} ${cardName}`;
}

function modifierLine(m, me) {
  const amount = `${m.amount > 0 ? "+" : ""}${m.amount}`;
  const source = m.card ? whoseCard(m.seat, m.card, me) : "an ability";
  const how = m.how === "support" ? `Support of ${source} on top of a discard pile` : `attached by ${source}`;
  return h("li", { class: "fight-mod", "data-amount": m.amount, "data-how": m.how }, h("strong", {}, amount), " ", how, h("cite", { class: "rule" }, m.rule));
}

function fightSide(view, fight, side, me) {
  const won = fight.winner === side.seat || (fight.both_by_ability && side.lost);
  const result = fight.winner === side.seat ? "wins" : side.lost ? "discarded" : "stays";
  const tag = fight.winner === side.seat ? "wins" : side.lost ? (won ? "wins, discarded" : "loses") : "stays";
  return h(
    "div",
    { class: `fight-side ${side.seat === me ? "mine" : "theirs"} ${result}`, "data-seat": side.seat, "data-result": result },
    h(
      "div",
      { class: "fight-piles" },
      h("div", { class: "zone-label" }, who(side.seat, me)),
      zone(`Deck (${side.deck_count})`, deckStack(side.deck_count, `${side.deck_count} cards face down`)),
      zone("Sub Card", side.has_sub ? back("Sub Card", { size: "small" }) : slot("none")),
      zone("Discard (top last)", discardPile(view, { discard: side.discard })),
    ),
    h(
      "div",
      { class: "fight-wizard" },
      card(view, side.card, { power: side.power, tag }),
      side.modifiers.length ? h("ul", { class: "fight-mods" }, side.modifiers.map((m) => modifierLine(m, me))) : null,
    ),
  );
}

function verdict(fight, me) {
  const sides = fight.sides;
  let head;
  if (fight.winner === null || fight.winner === undefined) {
    head = fight.both_by_ability ? "Both win by their abilities: both are discarded" : "Equal Magic Power: both are discarded";
  } else {
    const w = sides.find((s) => s.seat === fight.winner);
    head = `${whoseCard(w.seat, w.card, me)} wins`;
  }
  const how = fight.decided_by === "power" && fight.lower_wins ? "Magic Power compared: the lower wins" : DECIDED[fight.decided_by] || fight.decided_by;
  return h(
    "div",
    { class: "fight-verdict", "data-winner": fight.winner ?? "none", "data-decided-by": fight.decided_by },
    h("strong", {}, head),
    h("span", { class: "fight-how" }, ` — ${how}`),
    h("cite", { class: "rule" }, fight.rule),
    (fight.said || []).length ? h("ul", { class: "fight-said" }, fight.said.map((line) => h("li", {}, line))) : null,
  );
}

function reelControls(n) {
  const go = (i) => {
    stopReel();
    reel.at = Math.max(0, Math.min(n - 1, i));
    reel.done = false;
    if (reel.redraw) reel.redraw();
  };
  const close = () => {
    stopReel();
    reel.done = true;
    if (reel.redraw) reel.redraw();
  };
  const toggle = () => {
    if (reel.playing) {
      stopReel();
    } else {
      if (reel.at >= n - 1) reel.at = 0;
      reel.done = false;
      reel.playing = true;
      schedule();
    }
    if (reel.redraw) reel.redraw();
  };
  const now = pace();
  return h(
    "div",
    { class: "reel-controls", role: "group", "aria-label": "the battle's fights" },
    h("button", { type: "button", "data-reel": "first", title: "first fight", disabled: reel.at === 0, onclick: () => go(0) }, "|◀"),
    h("button", { type: "button", "data-reel": "prev", title: "previous fight", disabled: reel.at === 0, onclick: () => go(reel.at - 1) }, "◀"),
    h("button", { type: "button", "data-reel": "play", class: "primary", onclick: toggle }, reel.playing ? "❚❚ pause" : "▶ play"),
    h("button", { type: "button", "data-reel": "next", title: "next fight", disabled: reel.at >= n - 1, onclick: () => go(reel.at + 1) }, "▶"),
    h("button", { type: "button", "data-reel": "last", title: "last fight", disabled: reel.at >= n - 1, onclick: () => go(n - 1) }, "▶|"),
    h(
      "label",
      { class: "reel-pace" },
      "pace ",
      h(
        "select",
        { "data-reel": "pace", onchange: (e) => setPace(e.target.value) },
        Object.keys(PACES).map((k) => h("option", { value: k, selected: k === now || undefined }, k)),
      ),
    ),
    h("button", { type: "button", "data-reel": "close", title: "back to the table", onclick: close }, "✕ done"),
  );
}

/** One fight of view.battle drawn as a table: both sides with their piles and wizard, the
 * verdict below. `controls`: the reel's buttons (live play), none in a replay frame. */
function fightPanel(view, battle, index, me, controls) {
  const fights = battle.fights;
  const fight = fights[index];
  const sides = fight.sides.slice();
  const mineFirst = (s) => (s.seat === (me ?? 0) ? 1 : 0);
  sides.sort((a, b) => mineFirst(a) - mineFirst(b));
  return h(
    "section",
    {
      class: "cup-reel",
      "data-testid": "battle-reel",
      "data-match": battle.match,
      "data-fight": fight.number,
      "data-fights": fights.length,
      "data-playing": controls && reel.playing ? "true" : "false",
    },
    h(
      "header",
      { class: "reel-head" },
      h("strong", {}, `Match ${battle.match} battle — fight ${fight.number} of ${fights.length}`),
      battle.over && index === fights.length - 1 ? h("span", { class: "muted" }, ` · ${battleResult(battle, me)}`) : null,
      controls ? reelControls(fights.length) : null,
    ),
    (fight.notes || []).length ? h("ul", { class: "fight-notes" }, fight.notes.map((line) => h("li", {}, line))) : null,
    h("div", { class: "fight-board" }, fightSide(view, fight, sides[0], me), h("div", { class: "versus", "aria-hidden": "true" }, "vs"), fightSide(view, fight, sides[1], me)),
    verdict(fight, me),
  );
}

function battleResult(battle, me) {
  const w = battle.winners;
  if (!w) return "the battle goes on";
  if (!w.length) return "nobody wins the match";
  return w.length > 1 ? "both win the match" : `${who(w[0], me)} wins the match`;
}

/** The battle once watched: a line per fight, and a button to watch it again. */
function battleSummary(view, battle, me, live) {
  const again = () => {
    reel.at = 0;
    reel.done = false;
    reel.playing = true;
    schedule();
    if (reel.redraw) reel.redraw();
  };
  return h(
    "section",
    { class: "cup-reel summary", "data-testid": "battle-summary", "data-match": battle.match, "data-fights": battle.fights.length },
    h(
      "header",
      { class: "reel-head" },
      h("strong", {}, `Match ${battle.match} battle: ${battle.fights.length} fight${battle.fights.length === 1 ? "" : "s"}`),
      battle.over ? h("span", { class: "muted" }, battleResult(battle, me)) : null,
      live ? h("span", { class: "reel-controls" }, h("button", { type: "button", "data-reel": "again", onclick: again }, "▶ watch the fights")) : null,
    ),
    h(
      "details",
      {},
      h("summary", {}, "each fight"),
      h(
        "ol",
        { class: "fight-list" },
        battle.fights.map((f) => {
          const [a, b] = f.sides;
          const line = `${whoseCard(a.seat, a.card, me)}${a.power !== null ? ` (${a.power})` : ""} against ${whoseCard(b.seat, b.card, me)}${b.power !== null ? ` (${b.power})` : ""}`;
          const w = f.winner === null || f.winner === undefined ? "both discarded" : `${who(f.winner, me)} wins`;
          return h("li", { "data-fight": f.number }, line, ": ", h("strong", {}, w), h("span", { class: "muted" }, ` (${DECIDED[f.decided_by] || f.decided_by})`));
        }),
      ),
    ),
  );
}

/** The frames a replay puts between two decision steps: one per fight fought between them. */
export function interludes(before, after) {
  const b = after && after.battle;
  if (!b || !b.fights.length) return [];
  const old = before && before.battle && before.battle.match === b.match ? before.battle.fights.length : 0;
  const out = [];
  for (let i = old; i < b.fights.length; i++) out.push({ fight: i, label: `fight ${i + 1} of ${b.fights.length}` });
  return out;
}

/** Draw a Wizards Cup view into root; returns {handled}: the action ids offered as cards. */
let drawn = false;

export function render(root, state, ctx = {}) {
  if (ctx.cards && BY_NAME.size !== ctx.cards.length) BY_NAME = new Map(ctx.cards.map((c) => [c.name, c]));
  const view = state.view || {};
  const me = state.seat ?? view.seat ?? null;
  const live = ctx.mode === "play";
  const battleData = view.battle && view.battle.fights && view.battle.fights.length ? view.battle : null;
  let reelPanel = null;
  if (ctx.interlude && battleData) {
    reelPanel = fightPanel(view, battleData, Math.min(ctx.interlude.fight, battleData.fights.length - 1), me, false);
  } else if (live) {
    if (state.view !== reel.view) {
      followBattle(battleData, !drawn);
      reel.view = state.view;
    }
    drawn = true;
    reel.redraw = () => render(root, state, ctx);
    if (battleData && !reel.done) reelPanel = fightPanel(view, battleData, Math.min(reel.at, battleData.fights.length - 1), me, true);
  }
  // A replay's frame of a fight is the battle alone; at the table the reel plays above the
  // board as it is now, which stays in reach (the next decision need not wait for the reel).
  const watching = Boolean(ctx.interlude) && reelPanel !== null;
  const summaryPanel = reelPanel === null && battleData ? battleSummary(view, battleData, me, live) : null;
  const act = ctx.act || null;
  // Each legal action by what it means: its kind, and the card it names if any ("swap-in:Bard").
  const legalIds = new Map((state.legal || []).map((a) => [a.fields && a.fields.card ? `${a.kind}:${a.fields.card}` : a.kind, a.id]));
  const players = (view.players || []).slice();
  const bottomSeat = me ?? 0;
  const top = players.filter((p) => p.seat !== bottomSeat);
  const bottom = players.filter((p) => p.seat === bottomSeat);
  const phaseLabel = PHASES[view.phase] || view.phase || "";
  // While a battle is watched the score is the one it was fought at: the chip it won comes
  // when its last fight has been shown.
  const chipsShown = (p) => {
    const won = watching && battleData.over && (battleData.winners || []).includes(p.seat) ? 1 : 0;
    return Math.max(0, (p.chips || 0) - won);
  };
  const header = h(
    "header",
    { class: "cup-head" },
    h("span", { class: "cup-title" }, "Wizards Cup", view.swap ? " (swap)" : ""),
    h("span", { class: "cup-match" }, `Match ${watching ? battleData.match : view.match ?? "?"}`),
    h("span", { class: "cup-phase", "data-phase": watching ? "battle" : view.phase || "" }, watching ? "2. Battle" : phaseLabel),
    h("span", { class: "cup-score" }, players.map((p) => h("span", { class: "score" }, who(p.seat, me), " ", chips(chipsShown(p))))),
    matchesLine(watching ? { matches: (view.matches || []).slice(0, battleData.match - 1) } : view, me),
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
      reelPanel,
      ctx.interlude ? null : pendingBox(view, state, me, legalIds, act),
      ctx.interlude ? null : choicePanel(view, state, me, legalIds, act),
      watching ? null : summaryPanel,
      watching ? null : top.map((p) => side(view, p, me, legalIds, act)),
      watching ? null : battle,
      watching ? null : bottom.map((p) => side(view, p, me, legalIds, act)),
    ),
  );
  const handled = [...root.querySelectorAll("[data-action-id]")].map((el) => Number(el.dataset.actionId));
  return { handled };
}
