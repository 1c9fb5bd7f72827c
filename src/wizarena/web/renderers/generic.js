// The fallback renderer: any game's view, pretty-printed. A game without its own module
// under /static/renderers/ is still playable (the page shows its legal actions as buttons).
import { clear, h } from "/static/common.js";

export const name = "generic";

function isScalar(value) {
  return value === null || typeof value !== "object";
}

function scalar(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return h("span", { class: "bool" }, value ? "yes" : "no");
  return h("span", { class: typeof value }, String(value));
}

function label(key) {
  return String(key).replace(/_/g, " ");
}

function tree(value, depth) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "(none)");
    if (value.every(isScalar)) return h("span", { class: "list" }, value.map((v) => (v === null ? "—" : String(v))).join(", "));
    return h("ol", { class: "tree-list", start: 0 }, value.map((v) => h("li", {}, tree(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "muted" }, "(empty)");
  return h(
    "dl",
    { class: `tree depth-${Math.min(depth, 3)}` },
    entries.map(([k, v]) => [h("dt", {}, label(k)), h("dd", {}, tree(v, depth + 1))]),
  );
}

/** render(root, state, ctx): see docs/web.md. */
export function render(root, state) {
  const view = state.view || {};
  clear(root, h("div", { class: "generic-view", "data-testid": "view" }, tree(view, 0)));
}
