// Wizard Wars renderer: draws a wars view (games/wars/view.py, build_view) as a Gwent-like
// table. Interface (docs/web.md): render(root, state, ctx) with state = {view, seat, legal,
// events, ...} and ctx.act(actionId) (null when the table cannot take a move now).
//
// The table, seen from the shown seat: the opponent's strip and row on top, the dice in the
// middle, my row and strip below, my hand under it. Each row is drawn left end to right end
// in slot order (slot numbers on the cards); equipment is tucked under its unit; a tapped card
// is turned to landscape; damage, armor, statuses, counters and upside-down cards are badges.
//
// Moves come from the legal actions' texts (games/wars/table.py): "mulligan X", "keep",
// "set your die 2 to Fire", "set common die 1 to Dark", "play X at left end" / "at right end",
// "play X" (tactic), "play X on slot 2" (equipment), "tap X at slot 1" / "tap X on slot 2",
// "discard X", "target P1 slot 3", "pass", "end turn". A hand card with one move makes it on
// a click; one with several (a unit: left or right end; equipment: which unit) is chosen
// first, then a slot end or a unit of the row. The choice lives in this drawing's DOM only.
// Anything the board does not map is a plain button of the prompt, so every legal action is
// one click away; `render` returns them all as handled.
import { clear, h, readable } from "/static/common.js";

export const name = "Wizard Wars";

const FACES = ["Fire", "Water", "Earth", "Air", "Light", "Dark"];
const PHASES = {
  mulligan: "Mulligans",
  dice: "Allied dice",
  main: "Round in play",
  choose: "An ability asks",
  over: "Game over",
};
const WAITING = {
  mulligan: "taking mulligans",
  dice: "setting allied dice",
  main: "playing",
  choose: "choosing for an ability",
};
const TYPE_MARK = { unit: "", tactic: "★", equipment: "⚒", emplacement: "♜" };
const STATUS_INFO = {
  locked: "Locked: all of the card's abilities are disabled",
  poison: "Poison: a second poison destroys the unit",
  doomed: "Doomed: banished when it leaves the battlefield",
  stalwart: "Stalwart: stays on the battlefield at round end, purified",
  protector: "Protector: adjacent units cannot be targeted by the opponent",
  invisible: "Invisible: the opponent cannot target it (except purify)",
  immune: "Immune: receives no additional statuses",
};
// Small icons for the six mana faces (24 x 24), drawn in white on the face's colour.
const ICONS = {
  Fire: '<path d="M12 2c.6 3.2 2.6 4.9 4.2 6.9 1.3 1.6 2.3 3.4 2.3 5.6a6.5 6.5 0 0 1-13 0c0-2.6 1.3-4.3 2.7-5.7.2 1.6.9 2.7 2 3.4-.4-3.6.4-7 1.8-10.2z"/>',
  Water: '<path d="M12 2.5C9.4 6.6 5.8 10.2 5.8 14.4a6.2 6.2 0 0 0 12.4 0c0-4.2-3.6-7.8-6.2-11.9z"/>',
  Earth: '<path d="M4.5 19.5C4.5 10.4 10.3 4.5 20 4.5c0 9.3-5.9 15-15.5 15z"/><path d="M4.5 19.5 14 10" stroke="rgba(0,0,0,.35)" stroke-width="1.6" fill="none"/>',
  Air: '<path d="M13.5 2 4.5 13.5h6l-1.5 8.5 10.5-12.5h-6.3z"/>',
  Light: '<circle cx="12" cy="12" r="4.6"/><g stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M12 1.8v3M12 19.2v3M1.8 12h3M19.2 12h3M4.8 4.8l2.1 2.1M17.1 17.1l2.1 2.1M4.8 19.2l2.1-2.1M17.1 6.9l2.1-2.1"/></g>',
  Dark: '<path d="M15.5 2.8a9.3 9.3 0 1 0 5.7 14.6A7.6 7.6 0 0 1 15.5 2.8z"/>',
};

// ---- small helpers ----------------------------------------------------------------------------

function who(seat, me) {
  return seat === me ? `P${seat} (you)` : `P${seat}`;
}

function cap(word) {
  const s = String(word ?? "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function safe(word) {
  return String(word ?? "").toLowerCase().replace(/[^a-z0-9]/g, "") || "none";
}

function num(x) {
  return typeof x === "number" && Number.isFinite(x) ? x : null;
}

function list(x) {
  return Array.isArray(x) ? x : [];
}

/** Card texts by name: the game's card data (ctx.cards, when it has any) and the faces this
 * view shows in full (hands). A card named nowhere has no text to show. */
function cardTexts(view, cards) {
  const out = new Map();
  for (const c of list(cards)) if (c && c.name && c.text) out.set(c.name, c);
  for (const p of list(view.players)) for (const c of list(p.hand)) if (c && c.name && !out.has(c.name)) out.set(c.name, c);
  return out;
}

/** A die: its face as a coloured icon with the face's name in words; a face not known
 * (hidden from this seat, or not set yet) is a "?" with `unknown` as its words. */
function die(face, label, unknown = "hidden") {
  const known = FACES.includes(face);
  const title = `${label}: ${known ? face : unknown}`;
  const pip = h("span", { class: `wars-pip wars-f-${known ? safe(face) : "hidden"}`, "aria-hidden": "true" });
  if (known) pip.innerHTML = `<svg viewBox="0 0 24 24" focusable="false">${ICONS[face]}</svg>`;
  else pip.textContent = "?";
  return h("span", { class: "wars-die", title, "data-face": known ? face : "?", "data-die": label }, pip, h("span", { class: "wars-face-name" }, known ? face : unknown));
}

function choiceButton(a, label, act, cls = "") {
  return h(
    "button",
    { type: "button", class: `wars-choice${cls ? ` ${cls}` : ""}`, "data-action-id": a.id, title: a.text, disabled: !act, onclick: () => act && act(a.id) },
    label,
  );
}

// ---- the legal actions, sorted by what they do ------------------------------------------------

function parseLegal(legal) {
  const L = {
    mull: new Map(), keep: null, setAllied: [], setDie: [], target: new Map(), left: new Map(), right: new Map(),
    tactic: new Map(), equip: new Map(), discard: new Map(), tap: new Map(), pass: null, end: null, expend: [], other: [],
  };
  const push = (map, key, value) => (map.has(key) ? map.get(key).push(value) : map.set(key, [value]));
  // Each action's kind says what it does and its fields with what (docs/web-protocol.md).
  for (const a of legal) {
    const f = a.fields || {};
    switch (a.kind) {
      case "mulligan": L.mull.set(f.card, a); break;
      case "keep": L.keep = a; break;
      case "pass": L.pass = a; break;
      case "end-turn": L.end = a; break;
      case "set-die": L.setDie.push({ ...a, common: f.pool === "common", n: f.die, face: f.face }); break;
      case "expend": L.expend.push({ ...a, face: f.face, allied: f.pool === "allied" }); break;
      case "target": L.target.set(`${f.seat}:${f.slot}`, a); break;
      case "play-left": L.left.set(f.card, a); break;
      case "play-right": L.right.set(f.card, a); break;
      case "equip": push(L.equip, f.card, { ...a, slot: f.slot }); break;
      case "tap": push(L.tap, String(f.slot), { ...a, card: f.card, slot: f.slot, gear: Boolean(f.on_equipment) }); break;
      case "discard": L.discard.set(f.card, a); break;
      case "play": L.tactic.set(f.card, a); break;
      default: L.other.push(a);
    }
  }
  return L;
}

/** Every move a hand card can make: [{a, kind: left|right|tactic|equip|discard|mulligan, slot}]. */
function handMoves(L, cardName) {
  const out = [];
  if (L.mull.has(cardName)) out.push({ a: L.mull.get(cardName), kind: "mulligan" });
  if (L.left.has(cardName)) out.push({ a: L.left.get(cardName), kind: "left" });
  if (L.right.has(cardName)) out.push({ a: L.right.get(cardName), kind: "right" });
  if (L.tactic.has(cardName)) out.push({ a: L.tactic.get(cardName), kind: "tactic" });
  for (const e of L.equip.get(cardName) || []) out.push({ a: e, kind: "equip", slot: e.slot });
  if (L.discard.has(cardName)) out.push({ a: L.discard.get(cardName), kind: "discard" });
  return out;
}

// ---- the parts of the table ---------------------------------------------------------------------

/** Past rounds: the winner and both scores (the view's `round_scores`). */
function roundResults(view, me) {
  const results = list(view.results);
  const scores = list(view.round_scores);
  return results.map((w, i) => {
    const sc = scores[i] || null;
    const draw = w === null || w === undefined || w < 0;
    const winner = draw ? "draw" : `${who(w, me)} won`;
    // The winner's score first ("P1 won 25–1"), a draw as it stands.
    const shown = sc ? (draw || w === 0 ? sc : [sc[1], sc[0]]) : null;
    const cls = w < 0 || me === null || me === undefined ? "" : w === me ? " wars-won" : " wars-lost";
    return h(
      "span",
      { class: `wars-result${cls}`, "data-round": i + 1, "data-winner": w < 0 ? "draw" : w },
      `Round ${i + 1}: ${winner}`,
      shown ? ` ${shown[0]}–${shown[1]}` : "",
    );
  });
}

function header(view, state, me) {
  const toAct = list(state.to_act).length ? state.to_act : list(view.to_act);
  const phase = view.phase || "";
  const turn = phase === "main" || phase === "choose" ? num(view.turn) : null;
  return h(
    "header",
    { class: "wars-head" },
    h("span", { class: "wars-title" }, "Wizard Wars"),
    num(view.round) !== null ? h("span", { class: "wars-round", "data-testid": "wars-round" }, `Round ${view.round} of 3`) : null,
    h("span", { class: "wars-phase", "data-phase": phase }, PHASES[phase] || phase),
    turn !== null && phase !== "over" ? h("span", { class: "wars-turnof" }, `${who(turn, me)} on turn`) : null,
    turn === null && toAct.length && phase !== "over" ? h("span", { class: "muted" }, `to act: ${toAct.map((s) => who(s, me)).join(", ")}`) : null,
    list(view.results).length ? h("span", { class: "wars-results", "data-testid": "wars-results" }, roundResults(view, me)) : null,
  );
}

function gems(n) {
  const won = num(n) || 0;
  const out = [];
  for (let i = 0; i < Math.max(2, won); i++) out.push(h("span", { class: `wars-gem${i < won ? " wars-on" : ""}`, "aria-hidden": "true" }));
  return h("span", { class: "wars-gems", title: `${won} round${won === 1 ? "" : "s"} won`, "data-won": won }, out, h("span", { class: "sr" }, `${won} rounds won`));
}

function pile(label, names, testid, texts = null) {
  const items = list(names);
  const tip = (n) => {
    const c = texts && texts.get(n);
    return c && c.text ? `${n} — ${c.type || "card"}${num(c.provisions) !== null ? `, ${c.provisions} prov.` : ""}\n${c.text}` : null;
  };
  return h(
    "details",
    { class: "wars-pile", "data-testid": testid, "data-count": items.length },
    h("summary", {}, `${label} ${items.length}`),
    items.length ? h("ul", {}, items.map((n) => h("li", { title: tip(n) }, n))) : h("span", { class: "wars-empty" }, "empty"),
  );
}

function alliedDice(p, q, me) {
  const dice = p.allied_dice;
  const owner = q === me ? "your" : `P${q}'s`;
  if (!Array.isArray(dice)) {
    return h(
      "span",
      { class: "wars-dice-line", "data-testid": "wars-allied", "data-seat": q, "data-hidden": "1" },
      h("span", { class: "wars-label" }, "Allied dice"),
      [0, 1, 2].map((i) => die(null, `${owner} allied die ${i + 1}`)),
      num(p.dice_to_set) ? h("span", { class: "wars-faction" }, `${p.dice_to_set} still to set`) : null,
    );
  }
  // While they are being set, the view lists the dice set so far only.
  const shown = [0, 1, 2].map((i) => (i < dice.length ? die(dice[i], `${owner} allied die ${i + 1}`) : die(null, `${owner} allied die ${i + 1}`, "not set")));
  return h(
    "span",
    { class: "wars-dice-line", "data-testid": "wars-allied", "data-seat": q },
    h("span", { class: "wars-label" }, "Allied dice"),
    shown,
    num(p.dice_to_set) ? h("span", { class: "wars-faction" }, `${p.dice_to_set} still to set`) : null,
  );
}

function strip(view, p, q, me, state, texts) {
  const mine = q === me;
  const toAct = list(state.to_act).length ? state.to_act : list(view.to_act);
  const acting = toAct.includes(q) && view.phase !== "over";
  const onTurn = (view.phase === "main" || view.phase === "choose") && view.turn === q;
  const counts = [];
  if (num(p.hand_count) !== null) counts.push(h("span", { "data-testid": "wars-hand-count" }, `Hand ${p.hand_count}`));
  if (num(p.deck_count) !== null) counts.push(h("span", { "data-testid": "wars-deck-count" }, `Deck ${p.deck_count}`));
  if (num(p.mulligan_count)) counts.push(h("span", {}, `Mulligan pile ${p.mulligan_count}`));
  if (view.phase === "mulligan" && num(p.mulligans_left) !== null) counts.push(h("span", {}, `mulligans left ${p.mulligans_left}`));
  if (num(p.points)) counts.push(h("span", { title: "points gained this round besides power (Plunder ...)" }, `+${p.points} points`));
  if (p.devoted) counts.push(h("span", { title: "Devotion: the starting deck has no unaffiliated card" }, "devoted"));
  const piles = [pile("Graveyard", p.graveyard, "wars-graveyard", texts), pile("Sideboard", p.sideboard, "wars-sideboard", texts)];
  if (Array.isArray(p.mulligan_pile) && p.mulligan_pile.length) piles.push(pile("Your mulligan pile", p.mulligan_pile, "wars-mulligan-pile", texts));
  if (Array.isArray(p.deck)) piles.push(pile("Deck (turned over)", p.deck, "wars-deck", texts));
  if (!mine && list(p.known_in_hand).length) piles.push(h("span", { class: "wars-pile" }, "Known in hand: ", p.known_in_hand.join(", ")));
  const backs = !mine && !Array.isArray(p.hand) && num(p.hand_count)
    ? h("span", { class: "wars-backs", "aria-hidden": "true" }, Array.from({ length: Math.min(p.hand_count, 12) }, () => h("span", { class: "wars-back" })))
    : null;
  return h(
    "section",
    { class: `wars-strip ${mine ? "wars-mine" : "wars-theirs"}${acting ? " wars-acting" : ""}`, "data-seat": q, "data-testid": "wars-strip", "aria-label": `${who(q, me)}` },
    h("span", { class: "wars-who" }, who(q, me)),
    p.faction ? h("span", { class: "wars-faction" }, p.faction) : null,
    h(
      "span",
      { class: "wars-score", title: "score this round", "data-testid": "wars-score", "data-score": p.score ?? "" },
      h("strong", {}, String(p.score ?? "–")),
      h("span", {}, "points"),
    ),
    gems(p.rounds_won),
    p.passed ? h("span", { class: "wars-badge wars-passed", "data-testid": "wars-passed" }, "Passed") : null,
    onTurn && !p.passed ? h("span", { class: "wars-badge wars-turn" }, "On turn") : null,
    alliedDice(p, q, me),
    h("span", { class: "wars-counts" }, counts, backs),
    h("div", { class: "wars-piles" }, piles),
  );
}

function centre(view, players, top, bottom, me, texts) {
  const common = view.common_dice;
  const sTop = num((players[top] || {}).score);
  const sBot = num((players[bottom] || {}).score);
  const banished = list(view.banished);
  return h(
    "div",
    { class: "wars-centre" },
    h(
      "span",
      { class: "wars-dice-line", "data-testid": "wars-common" },
      h("span", { class: "wars-label" }, "Common dice"),
      Array.isArray(common)
        ? common.map((f, i) => die(f, `common die ${i + 1}`))
        : h("span", { class: "wars-faction", "data-unrolled": "1" }, "rolled after the mulligans"),
    ),
    sTop !== null && sBot !== null
      ? h(
          "span",
          { class: "wars-tally", "data-testid": "wars-tally", title: "this round's scores" },
          h("span", { class: sBot > sTop ? "wars-lead" : "" }, `${who(bottom, me)} ${sBot}`),
          h("span", { class: "muted" }, "vs"),
          h("span", { class: sTop > sBot ? "wars-lead" : "" }, `${sTop} ${who(top, me)}`),
        )
      : null,
    pile("Banished", banished, "wars-banished", texts),
  );
}

/** One battlefield card (a unit or an emplacement) with its equipment under it. */
function slotEl(c, q, me, L, texts, act, targets) {
  const k = c.slot;
  const type = c.type || "unit";
  const isUnit = type === "unit";
  const statuses = list(c.statuses);
  const tags = [];
  if (c.tapped) tags.push(["Tapped", "wars-is-tapped", "tapped: turned until it is untapped"]);
  if (c.upside_down) tags.push([`Upside down (P${c.owner}'s)`, "wars-is-upside", `upside down: disloyal or seized, it returns to P${c.owner}'s graveyard`]);
  if (num(c.damage)) tags.push([`−${c.damage} damage`, "wars-damage", `damaged by ${c.damage} until its side's next turn`]);
  for (const s of statuses) tags.push([cap(s), `wars-s-${safe(s)}`, STATUS_INFO[s] || cap(s)]);
  if (num(c.bounty)) tags.push([`Bounty ${c.bounty}`, "wars-bounty", `Bounty ${c.bounty}: destroying it lets the opponent spawn ${c.bounty} mana`]);
  if (num(c.counters)) tags.push([`${c.counters} counter${c.counters === 1 ? "" : "s"}`, "wars-counters", "counters on the card"]);
  const power = num(c.power);
  const base = num(c.base_power);
  const dir = power !== null && base !== null && power !== base ? (power > base ? " wars-up" : " wars-down") : "";
  const facts = texts.get(c.name);
  const text = facts && facts.text;
  const races = list(c.races);
  const title = [
    `${c.name} — slot ${k}${c.owner !== undefined && c.owner !== q ? `, P${c.owner}'s card` : ""}`,
    isUnit ? `power ${power ?? "?"}${dir ? ` (base ${base})` : ""}${num(c.armor) ? `, armor ${c.armor}` : ""}` : cap(type),
    races.length ? races.join(", ") : "",
    text || "",
    tags.map((t) => t[0]).join(", "),
  ].filter(Boolean).join("\n");
  const tapHere = (L.tap.get(String(k)) || []).filter((t) => q === me && !t.gear && t.card === c.name);
  const target = L.target.get(`${q}:${k}`);
  const action = target || tapHere[0] || null;
  const body = [
    h(
      "span",
      { class: "wars-card-top" },
      isUnit
        ? h("span", { class: `wars-power${dir}`, title: dir ? `power ${power}, base ${base}` : "power", "data-testid": "wars-power" }, String(power ?? "?"))
        : h("span", { class: "wars-mark", title: cap(type) }, TYPE_MARK[type] || ""),
      h("span", { class: "wars-slotno", title: `slot ${k}` }, `#${k}`),
    ),
    h("span", { class: "wars-name" }, c.name),
    dir ? h("span", { class: "wars-base" }, `base ${base}`) : null,
    !isUnit ? h("span", { class: "wars-sub" }, cap(type)) : races.length ? h("span", { class: "wars-sub" }, races.join(" · ")) : null,
    text ? h("span", { class: "wars-text" }, text) : null,
    h(
      "span",
      { class: "wars-tags" },
      isUnit && num(c.armor) ? h("span", { class: "wars-armor", title: `armor ${c.armor}` }, String(c.armor), h("span", { class: "sr" }, " armor")) : null,
      tags.map(([t, cls, tip]) => h("span", { class: `wars-tag ${cls}`, title: tip }, t)),
      action && !target ? h("span", { class: "wars-tag wars-is-tapped" }, "Tap ↻") : null,
    ),
  ];
  const classes = ["wars-card", `wars-t-${safe(type)}`];
  if (q === me) classes.push("wars-mine");
  if (c.upside_down) classes.push("wars-upside");
  if (target) classes.push("wars-aim");
  else if (action) classes.push("wars-can");
  let face;
  const data = { "data-card": c.name, "data-slot": k, "data-seat": q };
  if (action) {
    const label = target ? `target ${who(q, me)}'s ${c.name} (slot ${k})` : `tap ${c.name} (slot ${k})`;
    face = h("button", { type: "button", class: classes.join(" "), title: `${label}\n${title}`, "aria-label": label, "data-action-id": action.id, disabled: !act, onclick: () => act && act(action.id), ...data }, body);
    if (target) targets.add(target.id);
  } else {
    face = h("div", { class: classes.join(" "), title, ...data }, body);
    readable(face);
  }
  const gear = list(c.equipment).map((e) => {
    const tap = (L.tap.get(String(k)) || []).find((t) => q === me && t.gear && t.card === e.name);
    const et = texts.get(e.name);
    const stat = `${num(e.power) ? `+${e.power}` : "+0"}/${num(e.armor) ? `+${e.armor}` : "+0"}`;
    const gtitle = [`${e.name} — equipment on ${c.name}: ${stat} power/armor`, et && et.text, e.tapped ? "tapped" : "", list(e.statuses).map(cap).join(", ")].filter(Boolean).join("\n");
    const inner = [
      h("span", { class: "wars-gear-name" }, "⚒ ", e.name, e.tapped ? " ↻" : "", e.upside_down ? " ⇅" : ""),
      h("span", { class: "wars-gear-stat" }, stat),
      e.tapped ? h("span", { class: "sr" }, " tapped") : null,
    ];
    const cls = `wars-gear-card${e.tapped ? " wars-tapped-gear" : ""}${tap ? " wars-can" : ""}`;
    return tap
      ? h("button", { type: "button", class: cls, title: `tap ${e.name}\n${gtitle}`, "data-action-id": tap.id, "data-card": e.name, "data-gear": "1", disabled: !act, onclick: () => act && act(tap.id) }, inner)
      : h("div", { class: cls, title: gtitle, "data-card": e.name, "data-gear": "1", "data-tapped": e.tapped ? "1" : "" }, inner);
  });
  return h(
    "div",
    { class: `wars-slot${c.tapped ? " wars-tapped" : ""}`, "data-slot": k, "data-seat": q, "data-card": c.name, "data-tapped": c.tapped ? "1" : "" },
    h("div", { class: "wars-cardbox" }, face),
    gear.length ? h("div", { class: "wars-gear", "aria-label": `equipment of ${c.name}` }, gear) : null,
  );
}

function rowEl(p, q, me, L, texts, act, targets, refs, last = null) {
  const cards = list(p.row).slice().sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0));
  const row = h("div", { class: "wars-row", "data-seat": q, "data-testid": "wars-row", role: "list", "aria-label": `${who(q, me)}'s row, left end to right end` });
  for (const c of cards) {
    const el = slotEl(c, q, me, L, texts, act, targets);
    el.setAttribute("role", "listitem");
    refs.push({ el, c });
    row.append(el);
  }
  if (!cards.length) row.append(h("span", { class: "wars-empty" }, last ? "no cards on the battlefield now" : "no cards on the battlefield"));
  return h(
    "section",
    { class: `wars-row-wrap ${q === me ? "wars-mine" : "wars-theirs"}`, "data-seat": q, "data-passed": p.passed ? "1" : "" },
    h("span", { class: "wars-label" }, `${who(q, me)}'s battlefield — left end → right end${p.passed ? " · passed" : ""}`),
    row,
    last ? lastRowEl(last, q, me, texts, targets) : null,
  );
}

/** A row as the last round ended (the view's last_round): the rows are cleared at once at a
 * round's end, so until a card comes to the battlefield again the table shows them, marked. */
function lastRowEl(last, q, me, texts, targets) {
  const cards = list(last.rows[q]).slice().sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0));
  const none = parseLegal([]); // nothing of a past round can be chosen
  const row = h("div", { class: "wars-last-row", "data-seat": q, role: "list", "aria-label": `${who(q, me)}'s row as round ${last.round} ended` });
  for (const c of cards) {
    const el = slotEl(c, q, me, none, texts, null, targets);
    el.setAttribute("role", "listitem");
    row.append(el);
  }
  if (!cards.length) row.append(h("span", { class: "wars-empty" }, "no cards on the battlefield"));
  const score = list(last.scores)[q];
  return h(
    "div",
    { class: "wars-last", "data-testid": "wars-last-row", "data-seat": q, "data-round": last.round, "data-score": score ?? "" },
    h("span", { class: "wars-label" }, `as round ${last.round} ended — ${who(q, me)} scored ${score ?? "?"}${last.winner === q ? " and won the round" : ""}`),
    row,
  );
}

// ---- the hand ---------------------------------------------------------------------------------

function handFace(c, opts = {}) {
  const type = c.type || "unit";
  const stats = [];
  if (num(c.power) !== null) stats.push(h("span", { class: "wars-power", title: "power" }, String(c.power)));
  else if (TYPE_MARK[type]) stats.push(h("span", { class: "wars-mark", title: cap(type) }, TYPE_MARK[type]));
  const body = [
    h("span", { class: "wars-hcard-top" }, stats, h("span", { class: "wars-name" }, c.name)),
    h("span", { class: "wars-sub" }, cap(type), type === "equipment" && num(c.power) !== null ? ` +${c.power}/+${c.armor ?? 0}` : ""),
    c.text ? h("span", { class: "wars-text" }, c.text) : null,
    h(
      "span",
      { class: "wars-hcard-foot" },
      num(c.armor) ? h("span", { class: "wars-armor", title: `armor ${c.armor}` }, String(c.armor), h("span", { class: "sr" }, " armor")) : h("span"),
      opts.note ? h("span", { class: "wars-hint-tag" }, opts.note) : null,
      num(c.provisions) !== null ? h("span", { class: "wars-prov", title: "provision cost" }, `${c.provisions} prov.`) : null,
    ),
  ];
  const title = [`${c.name} — ${type}${num(c.power) !== null ? `, power ${c.power}` : ""}${num(c.armor) ? `, armor ${c.armor}` : ""}${num(c.provisions) !== null ? `, ${c.provisions} provisions` : ""}`, c.text || ""].filter(Boolean).join("\n");
  const cls = `wars-hcard wars-t-${safe(type)}${opts.cls ? ` ${opts.cls}` : ""}`;
  return h(opts.button ? "button" : "div", { class: cls, title, "data-card": c.name, ...(opts.button ? { type: "button" } : {}), ...(opts.props || {}) }, body);
}

function moveLabel(m, cardName, rowCards) {
  if (m.kind === "left") return `Play ${cardName} at the left end`;
  if (m.kind === "right") return `Play ${cardName} at the right end`;
  if (m.kind === "equip") {
    const u = rowCards.find((c) => c.slot === m.slot);
    return `Equip ${cardName} on ${u ? u.name : "slot"} (slot ${m.slot})`;
  }
  if (m.kind === "tactic") return `Play ${cardName}`;
  if (m.kind === "discard") return `Discard ${cardName}`;
  return m.a.text;
}

function handArea(p, me, L, act, myRow, myRefs, box, reach) {
  const hand = list(p.hand);
  const main = L.left.size || L.right.size || L.tactic.size || L.equip.size || L.discard.size;
  const options = h("div", { class: "wars-options", "data-testid": "wars-options", hidden: true });
  const els = [];

  function reset() {
    for (const el of box.querySelectorAll(".wars-drop, .wars-equip-here")) el.remove();
    for (const el of els) {
      el.classList.remove("wars-selected");
      if (el.hasAttribute("aria-pressed")) el.setAttribute("aria-pressed", "false");
    }
    clear(options);
    options.hidden = true;
  }

  function select(el, c, moves) {
    const again = el.classList.contains("wars-selected");
    reset();
    if (again) return;
    el.classList.add("wars-selected");
    el.setAttribute("aria-pressed", "true");
    const go = (id) => (e) => {
      e.stopPropagation();
      if (act) act(id);
    };
    for (const m of moves) {
      const label = moveLabel(m, c.name, list(myRow.row));
      if (m.kind === "left" || m.kind === "right") {
        const drop = h(
          "button",
          { type: "button", class: "wars-drop", "data-action-id": m.a.id, "data-end": m.kind, title: label, "aria-label": label, disabled: !act, onclick: go(m.a.id) },
          m.kind === "left" ? "◀ Left end" : "Right end ▶",
        );
        const row = myRow.rowEl;
        if (m.kind === "left") row.prepend(drop);
        else row.append(drop);
      } else if (m.kind === "equip") {
        const ref = myRefs.find((r) => r.c.slot === m.slot);
        if (ref) {
          ref.el.querySelector(".wars-cardbox").append(
            h("button", { type: "button", class: "wars-equip-here", "data-action-id": m.a.id, title: label, "aria-label": label, disabled: !act, onclick: go(m.a.id) }, "Equip here"),
          );
        }
      }
    }
    clear(
      options,
      h("span", { class: "wars-label" }, `${c.name}:`),
      moves.map((m) => choiceButton(m.a, moveLabel(m, c.name, list(myRow.row)), act)),
      h("button", { type: "button", class: "wars-choice wars-cancel", onclick: reset }, "Cancel"),
    );
    options.hidden = false;
    const empty = myRow.rowEl.querySelector(".wars-empty");
    if (empty) empty.hidden = true;
  }

  for (const c of hand) {
    const moves = handMoves(L, c.name);
    let el;
    if (moves.length === 1) {
      const m = moves[0];
      const label = moveLabel(m, c.name, list(myRow.row));
      el = handFace(c, { button: true, cls: m.kind === "discard" ? "wars-discard" : "", note: m.kind === "discard" ? "click to discard" : m.kind === "tactic" ? "click to play" : null, props: { "data-action-id": m.a.id, "aria-label": `${label}: ${c.name}`, disabled: !act, onclick: () => act && act(m.a.id) } });
    } else if (moves.length > 1) {
      el = handFace(c, { button: true, cls: "wars-selectable", props: { "data-hand-card": c.name, "aria-pressed": "false", disabled: !act } });
      el.addEventListener("click", () => select(el, c, moves));
      for (const m of moves) reach.add(m.a.id);
    } else {
      el = handFace(c, { cls: main ? "wars-idle" : "", note: main ? "cannot be played now" : null });
      if (c.text) readable(el);
    }
    els.push(el);
  }
  const hint = L.mull.size ? "" : main ? " — click a card; a unit then goes to a slot end, equipment onto a unit" : "";
  return h(
    "section",
    { class: "wars-hand-area", "data-testid": "wars-hand", "aria-label": "your hand" },
    h("div", { class: "wars-label" }, `Your hand (${hand.length})${hint}`),
    h("div", { class: "wars-hand" }, els.length ? els : h("span", { class: "wars-empty" }, "empty")),
    options,
  );
}

// ---- the decision panel ---------------------------------------------------------------------------

function dieLabel(view, p, d, me) {
  const common = list(view.common_dice);
  const allied = list(p && p.allied_dice);
  const now = d.common ? common[d.n - 1] : allied[d.n - 1];
  const name = d.common ? `Common die ${d.n}` : `Your die ${d.n}`;
  return [
    h("span", { class: "wars-die-name" }, name),
    FACES.includes(now) ? die(now, `${name} now`) : null,
    h("span", { "aria-hidden": "true" }, "→"),
    die(d.face, `${name} set to`),
  ];
}

function decision(view, state, me, L, act, players, hand, texts) {
  const legal = list(state.legal);
  const toAct = list(state.to_act).length ? state.to_act : list(view.to_act);
  if (state.outcome || view.outcome || view.phase === "over") return null;
  if (!legal.length) {
    const others = toAct.filter((s) => s !== me);
    if (!others.length) return null;
    return h(
      "section",
      { class: "wars-prompt wars-waiting", "data-testid": "wars-prompt" },
      h("p", {}, `Waiting for ${others.map((s) => who(s, me)).join(", ")}: ${WAITING[view.phase] || view.phase || "…"}`),
    );
  }
  const mine = players[me] || {};
  const rows = [];
  let title = "Your move";
  let hint = null;
  const ch = view.choice;
  if (L.mull.size || L.keep) {
    const left = num(mine.mulligans_left);
    title = `Mulligans${left !== null ? `: ${left} left` : ""}`;
    hint = "Click a card of your hand to set it aside and draw a new one (the set-aside cards go to the bottom of your deck), or keep this hand.";
    if (hand.length) {
      rows.push(
        h(
          "div",
          { class: "wars-choice-cards", "data-testid": "wars-mulligan" },
          hand.map((c) => {
            const a = L.mull.get(c.name);
            return a
              ? handFace(c, { button: true, cls: "wars-mulligan", note: "mulligan", props: { "data-action-id": a.id, "aria-label": `mulligan ${c.name}`, disabled: !act, onclick: () => act && act(a.id) } })
              : handFace(c, {});
          }),
        ),
      );
    }
    if (list(mine.mulligan_pile).length) rows.push(h("p", { class: "wars-label" }, `Set aside: ${mine.mulligan_pile.join(", ")}`));
    if (L.keep) rows.push(h("div", { class: "wars-choices" }, choiceButton(L.keep, "Keep this hand", act, "primary")));
  }
  if (view.phase === "dice" && L.setDie.length) {
    const d0 = L.setDie[0];
    title = `Set your allied die ${d0.n} of 3`;
    hint = "Choose the face it shows. The common dice are rolled; your allied dice stay hidden from the opponent until both of you have set all three.";
    rows.push(
      h(
        "div",
        { class: "wars-choices", "data-testid": "wars-faces" },
        L.setDie.map((d) => choiceButton(d, [die(d.face, `allied die ${d.n}`)], act, "wars-face")),
      ),
    );
  } else if (ch || view.phase === "choose") {
    title = ch ? `${ch.card}: ${ch.ability || "choose"}` : "An ability asks";
    const card = ch && texts.get(ch.card);
    if (card && card.text) rows.push(h("p", { class: "wars-ability-text" }, `${ch.card}: ${card.text}`));
    if (L.target.size) hint = "Choose the target: click a card ringed in red on the battlefield, or a button.";
    else if (L.setDie.length) hint = "Choose the die to set.";
    if (L.target.size) {
      rows.push(
        h(
          "div",
          { class: "wars-choices", "data-testid": "wars-targets" },
          [...L.target.entries()].map(([key, a]) => {
            const [q, k] = key.split(":").map(Number);
            const c = list((players[q] || {}).row).find((x) => x.slot === k);
            return choiceButton(a, `${who(q, me)} slot ${k}${c ? `: ${c.name}` : ""}`, act);
          }),
        ),
      );
    }
    if (L.setDie.length) {
      rows.push(h("div", { class: "wars-choices", "data-testid": "wars-faces" }, L.setDie.map((d) => choiceButton(d, dieLabel(view, mine, d, me), act, "wars-spawn"))));
    }
    if (L.expend.length) {
      // Which die pays the expend (it is rerolled): an allied one or a common one showing the face.
      hint = "Choose the die that pays: it is rerolled.";
      rows.push(
        h(
          "div",
          { class: "wars-choices", "data-testid": "wars-expend" },
          L.expend.map((e) => choiceButton(e, [die(e.face, `${e.allied ? "an allied" : "a common"} die showing ${e.face}`), h("span", { class: "wars-die-name" }, `Expend ${e.face} from ${e.allied ? "one of your allied dice" : "a common die"}`)], act, "wars-spawn")),
        ),
      );
    }
  } else if (L.setDie.length) {
    rows.push(h("div", { class: "wars-choices", "data-testid": "wars-faces" }, L.setDie.map((d) => choiceButton(d, dieLabel(view, mine, d, me), act, "wars-spawn"))));
  }
  if (view.phase === "main") {
    const plays = L.left.size || L.right.size || L.tactic.size || L.equip.size;
    title = view.played_this_turn ? "Your turn: card played" : "Your turn";
    if (view.played_this_turn) hint = `You may still tap cards, then end the turn.`;
    else if (plays) hint = "Play one card: click it in your hand, then a slot end of your row (or the unit to equip). Ringed cards can tap, before or after the card. Or pass for the round.";
    else if (L.discard.size) hint = "No card can be played: discard one from your hand to stay in the round, or pass.";
    const taps = [...L.tap.values()].flat();
    if (taps.length) {
      rows.push(h("div", { class: "wars-choices", "data-testid": "wars-taps" }, taps.map((t) => choiceButton(t, `Tap ${t.card} (slot ${t.slot})`, act))));
    }
  }
  const ends = [];
  if (L.end) ends.push(choiceButton(L.end, "End turn", act, "primary"));
  if (L.pass) ends.push(choiceButton(L.pass, "Pass — play nothing more this round", act, "wars-pass"));
  if (ends.length) rows.push(h("div", { class: "wars-choices" }, ends));
  if (L.other.length) rows.push(h("div", { class: "wars-choices" }, L.other.map((a) => choiceButton(a, a.text, act))));
  return h(
    "section",
    { class: "wars-prompt wars-yours", "data-testid": "wars-prompt" },
    h("h3", {}, title),
    hint ? h("p", {}, hint) : null,
    rows,
  );
}

// ---- the whole table --------------------------------------------------------------------------------

/** Draw a Wizard Wars view into root; returns {handled}: every legal action (the board offers them). */
export function render(root, state, ctx = {}) {
  const view = state.view || {};
  const players = list(view.players);
  const me = state.seat ?? view.seat ?? null;
  const bottom = me === 0 || me === 1 ? me : 0;
  const top = 1 - bottom;
  const act = ctx.act || null;
  const legal = list(state.legal);
  const L = parseLegal(legal);
  const texts = cardTexts(view, ctx.cards);
  const targets = new Set();
  const reach = new Set();
  const topP = players[top] || {};
  const botP = players[bottom] || {};
  const box = h("div", { class: `wars wars-phase-${safe(view.phase)}`, "data-testid": "view", "data-phase": view.phase || "" });
  const topRefs = [];
  const botRefs = [];
  // A round's rows are cleared as it ends: at the game's end, and while the next round has no
  // card on the battlefield yet, the rows as the last round ended are shown under them.
  const emptyRows = !list(topP.row).length && !list(botP.row).length;
  const last = (emptyRows || view.phase === "over") && view.last_round ? view.last_round : null;
  const topRow = rowEl(topP, top, me, L, texts, act, targets, topRefs, last);
  const botRow = rowEl(botP, bottom, me, L, texts, act, targets, botRefs, last);
  const felt = h(
    "div",
    { class: "wars-felt" },
    strip(view, topP, top, me, state, texts),
    topRow,
    centre(view, players, top, bottom, me, texts),
    botRow,
    strip(view, botP, bottom, me, state, texts),
  );
  const hand = Array.isArray(botP.hand) && bottom === me ? botP.hand : [];
  const mulligan = L.mull.size > 0 || Boolean(L.keep);
  const panel = decision(view, state, me, L, act, players, hand, texts);
  const handEl = Array.isArray(botP.hand) && !mulligan
    ? handArea(botP, me, L, act, { row: botP.row, rowEl: botRow.querySelector(".wars-row") }, botRefs, box, reach)
    : null;
  // At the end every card is turned over: the opponent's hand is drawn as faces too.
  const theirHand = Array.isArray(topP.hand) && top !== me && topP.hand.length
    ? h(
        "section",
        { class: "wars-hand-area", "data-testid": "wars-their-hand" },
        h("div", { class: "wars-label" }, `${who(top, me)}'s hand, turned over (${topP.hand.length})`),
        h("div", { class: "wars-hand" }, topP.hand.map((c) => readable(handFace(c, {})))),
      )
    : null;
  clear(box, header(view, state, me), panel, felt, handEl, theirHand);
  clear(root, box);
  const handled = new Set([...root.querySelectorAll("[data-action-id]")].map((el) => Number(el.dataset.actionId)));
  for (const id of reach) handled.add(id);
  return { handled: legal.map((a) => a.id).filter((id) => handled.has(id)) };
}
