// The replay page: every step of a table from one point of view (a seat this browser
// holds, or the public one), drawn with the game's renderer.
import { renderFairness } from "/static/fairness.js";
import { api, clear, gameCards, gameLabel, getTokens, h, heldSeats, loadRenderer, outcomeText, pathId, renderLog } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const AUTOPLAY_MS = 900;

const replay = {
  id: pathId("/replay/"),
  seat: null,
  summary: null,
  frames: [],
  events: [], // events[i] = all events up to and including frame i
  // What the page steps through: each frame, and before a frame the renderer's own frames of
  // what the rules did on their own in that step (a Cup battle's fights: `interludes`).
  slots: [],
  index: 0,
  renderer: null,
  timer: null,
};

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = false;
}

function seatFromUrl() {
  const wanted = new URLSearchParams(window.location.search).get("seat");
  return wanted !== null && wanted !== "" && Number.isInteger(Number(wanted)) ? Number(wanted) : null;
}

async function load() {
  const token = replay.seat === null ? null : getTokens(replay.id)[replay.seat] || null;
  const query = replay.seat === null ? "" : `?seat=${replay.seat}`;
  const data = await api(`/api/tables/${encodeURIComponent(replay.id)}/replay${query}`, { token });
  replay.frames = data.frames || [];
  if (data.table) renderFairness($("fairness"), replay.id, data.table.fairness);
  replay.events = [];
  let all = [];
  for (const frame of replay.frames) {
    all = all.concat(frame.events || []);
    replay.events.push(all);
  }
  replay.slots = [];
  const extra = replay.renderer && typeof replay.renderer.interludes === "function" ? replay.renderer.interludes : null;
  replay.frames.forEach((frame, i) => {
    if (extra && i > 0) {
      for (const interlude of extra(replay.frames[i - 1].view, frame.view) || []) replay.slots.push({ frame: i, interlude });
    }
    replay.slots.push({ frame: i, interlude: null });
  });
}

function renderPov() {
  const seats = heldSeats(replay.id);
  const choices = [null, ...seats];
  if (replay.seat !== null && !seats.includes(replay.seat)) choices.push(replay.seat);
  clear(
    $("pov"),
    h("span", { class: "muted" }, "Point of view: "),
    h(
      "span",
      { class: "seat-switch" },
      choices.map((s) =>
        h(
          "a",
          {
            class: `button${s === replay.seat ? " active" : ""}`,
            href: s === null ? `/replay/${encodeURIComponent(replay.id)}` : `/replay/${encodeURIComponent(replay.id)}?seat=${s}`,
          },
          s === null ? "public" : `P${s}`,
        ),
      ),
    ),
  );
}

function show(index) {
  const n = replay.slots.length;
  if (!n) return;
  replay.index = Math.max(0, Math.min(n - 1, index));
  const slot = replay.slots[replay.index];
  const interlude = slot.interlude;
  const i = slot.frame;
  const frame = replay.frames[i];
  const view = frame.view || {};
  const steps = replay.frames.length - 1;
  const last = replay.index === n - 1;
  // A frame between two steps shows what happened before the step's result: no outcome yet,
  // and the log as it was before the step.
  const outcome = interlude ? null : view.outcome || (last && replay.summary && replay.summary.status === "finished" ? replay.summary.outcome : null);
  const shownEvents = interlude ? replay.events[i - 1] : replay.events[i];
  const state = {
    view,
    seat: replay.seat,
    seq: frame.step,
    legal: [],
    to_act: interlude ? [] : view.to_act || [],
    outcome: outcome || null,
    events: shownEvents,
    seats: (replay.summary && replay.summary.seats) || [],
    status: last && replay.summary ? replay.summary.status : "active",
  };
  try {
    replay.renderer.render($("board"), state, { act: null, pending: false, mode: "replay", cards: replay.cards, interlude });
  } catch (err) {
    clear($("board"), h("p", { class: "error" }, `The renderer failed: ${err.message}`), h("pre", {}, JSON.stringify(view, null, 2)));
  }
  const before = interlude ? shownEvents.length : i ? replay.events[i - 1].length : 0;
  renderLog($("log"), shownEvents, { highlightFrom: before });
  const step = frame.step ?? i;
  $("position").textContent = `step ${step} of ${steps}${interlude ? ` · ${interlude.label || "on its own"}` : ""}`;
  $("scrub").max = String(n - 1);
  $("scrub").value = String(replay.index);
  $("first").disabled = $("prev").disabled = replay.index === 0;
  $("last").disabled = $("next").disabled = last;
  const banner = $("banner");
  banner.hidden = !outcome;
  banner.textContent = outcome ? outcomeText(outcome, replay.seat) : "";
  $("replay").dataset.step = String(step);
  $("replay").dataset.interlude = interlude ? "true" : "false";
  if (last) stop();
}

/** The page's position of a decision step (the frame after move `step`). */
function slotOfStep(step) {
  const at = replay.slots.findIndex((s) => s.frame === step && !s.interlude);
  return at < 0 ? 0 : at;
}

function stop() {
  clearInterval(replay.timer);
  replay.timer = null;
  $("play").textContent = "▷ play";
}

function togglePlay() {
  if (replay.timer) {
    stop();
    return;
  }
  if (replay.index >= replay.slots.length - 1) show(0);
  $("play").textContent = "■ pause";
  replay.timer = setInterval(() => show(replay.index + 1), AUTOPLAY_MS);
}

function bind() {
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(replay.index - 1));
  $("next").addEventListener("click", () => show(replay.index + 1));
  $("last").addEventListener("click", () => show(replay.slots.length - 1));
  $("play").addEventListener("click", togglePlay);
  $("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: () => show(replay.index + 1),
      ArrowLeft: () => show(replay.index - 1),
      Home: () => show(0),
      End: () => show(replay.slots.length - 1),
      " ": togglePlay,
    };
    const fn = keys[e.key];
    if (fn) {
      e.preventDefault();
      fn();
    }
  });
}

async function main() {
  bind();
  replay.seat = seatFromUrl();
  $("table-link").href = `/table/${encodeURIComponent(replay.id)}`;
  if (replay.seat !== null) $("table-link").href += `?seat=${replay.seat}`;
  try {
    replay.summary = await api(`/api/tables/${encodeURIComponent(replay.id)}`);
    $("title").textContent = `replay · ${gameLabel(replay.summary)} · table ${replay.id}`;
    document.title = `wizarena — replay of ${gameLabel(replay.summary)}`;
    replay.renderer = await loadRenderer(replay.summary.game, replay.summary.variant);
    replay.cards = await gameCards(replay.summary);
    renderPov();
    await load();
  } catch (err) {
    showError(err.message);
    return;
  }
  if (!replay.frames.length) {
    showError("This table has no history yet.");
    return;
  }
  const hash = Number(window.location.hash.slice(1));
  show(Number.isInteger(hash) && hash > 0 ? slotOfStep(hash) : 0);
}

main();
