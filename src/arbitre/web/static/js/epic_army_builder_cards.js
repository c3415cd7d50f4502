// What the army builder draws of a list (issue 16): the cards to add, grouped by kind, and
// the cards taken with their options, the card a Bound Character joins and the problems the
// server found on each; every card's units (profile, weapons, abilities by name and rule)
// open with a button (tap or keyboard, never hover only).

import { clear, h } from "./dom.js";
import { t, tx } from "./i18n.js";
import { cardsById, detachmentsOf, hosts } from "./epic_army_builder_model.js";

export const KINDS = ["compagnie", "soutien", "speciale", "obligatoire"];

let uid = 0;

function unitName(lst, id) {
  return tx(lst.units[id]?.name) || id;
}

function abilityText(a) {
  const name = tx(a.name);
  return a.param === null || a.param === undefined ? t("eab.ability", { name }) : t("eab.ability.param", { name, param: a.param });
}

function abilityItems(list) {
  return list.map((a) => h("li", {}, abilityText(a), a.rule ? h("span", { class: "eab-rule" }, a.rule) : null));
}

/** One unit's short profile (EPC-1): type, class, move, save, FA, weapons, abilities. */
export function unitProfile(u) {
  const save = u.sheet ? t("eab.sheet") : u.save;
  const head = t("eab.profile", { type: t(`eab.type.${u.type}`), cls: u.cls, move: u.move, save, fa: u.fa }) + (u.wounds > 1 ? t("eab.wounds", { n: u.wounds }) : "");
  const parts = [h("p", { class: "eab-profile" }, head)];
  if (u.weapons.length) {
    const items = u.weapons.map((w) =>
      h(
        "li",
        {},
        t("eab.weapon", { name: tx(w.name), range: w.range, dice: t("eab.dice", { n: w.dice }), to_hit: w.to_hit, pa: w.pa, arc: w.arc }),
        w.notes.length ? h("ul", { class: "eab-notes" }, abilityItems(w.notes)) : null,
      ),
    );
    parts.push(h("p", { class: "eab-sub" }, t("eab.weapons")), h("ul", { class: "eab-weapons" }, items));
  }
  if (u.powers.length) {
    const items = u.powers.map((p) => h("li", {}, t("eab.power", { name: tx(p.name), range: p.range, dice: t("eab.dice", { n: p.dice }), to_hit: p.to_hit })));
    parts.push(h("p", { class: "eab-sub" }, t("eab.powers")), h("ul", { class: "eab-weapons" }, items));
  }
  const abilities = u.abilities.filter((a) => a.id !== "wounds"); // in the profile's line
  parts.push(
    h("p", { class: "eab-sub" }, t("eab.abilities")),
    abilities.length ? h("ul", { class: "eab-abilities" }, abilityItems(abilities)) : h("p", { class: "muted" }, t("eab.abilities.none")),
  );
  return parts;
}

function groupBlock(lst, g) {
  const unit = lst.units[g.unit];
  const stands = t("eab.stands", { n: g.stands });
  const label = g.count > 1 ? t("eab.group", { count: g.count, stands, unit: unitName(lst, g.unit) }) : t("eab.group.one", { stands, unit: unitName(lst, g.unit) });
  return h("div", { class: "eab-unit" }, h("h4", {}, label), unit ? unitProfile(unit) : null);
}

function characterBlock(lst, id) {
  const unit = lst.units[id];
  return h("div", { class: "eab-unit" }, h("h4", {}, t("eab.character", { unit: unitName(lst, id) })), unit ? unitProfile(unit) : null);
}

/** A card's units, its characters, then what each option adds. */
function cardUnits(lst, card) {
  const out = [h("p", { class: "muted eab-stats" }, t("eab.card.stats", { bp: card.break_points, morale: card.morale }), " · ", t(card.source === "reconstructed" ? "eab.source.ours" : "eab.source.page"))];
  out.push(...card.detachments.map((g) => groupBlock(lst, g)), ...card.characters.map((c) => characterBlock(lst, c)));
  for (const o of card.options) {
    if (!o.detachments.length && !o.characters.length) continue;
    out.push(h("p", { class: "eab-sub" }, t("eab.option.adds", { name: tx(o.name) })));
    out.push(...o.detachments.map((g) => groupBlock(lst, g)), ...o.characters.map((c) => characterBlock(lst, c)));
  }
  return out;
}

/** The "Units" button and the region it opens (built when opened); `opened(open)` is told
 * of each change, `open` opens it at once (a card taken stays open across redraws). */
function unitsToggle(lst, card, { id = null, open = false, opened = null } = {}) {
  const regionId = `eab-units-${++uid}`;
  const region = h("div", { id: regionId, class: "eab-units", role: "region", "aria-label": t("eab.units.label", { card: tx(card.name) }), hidden: true });
  const button = h("button", { type: "button", id, class: "eab-units-toggle", "aria-expanded": "false", "aria-controls": regionId, "aria-label": t("eab.units.label", { card: tx(card.name) }) }, t("eab.units"));
  const show = (on) => {
    if (on && !region.firstChild) region.append(...cardUnits(lst, card));
    button.setAttribute("aria-expanded", String(on));
    region.hidden = !on;
  };
  button.addEventListener("click", () => {
    const on = button.getAttribute("aria-expanded") !== "true";
    show(on);
    opened?.(on);
  });
  if (open) show(true);
  return [button, region];
}

/** A short line of what a card holds: "3 × 4 Terminators, QG Terminator". */
function contents(lst, card) {
  const groups = card.detachments.map((g) => (g.count > 1 ? `${g.count} × ${g.stands} ${unitName(lst, g.unit)}` : `${g.stands} ${unitName(lst, g.unit)}`));
  return [...groups, ...card.characters.map((c) => unitName(lst, c))].join(", ");
}

/** The cards to add, grouped by kind (compagnies, soutiens, spéciales, obligatoires). */
export function renderCatalogue(root, lst, onAdd) {
  clear(root);
  const org = lst.organisation;
  root.append(h("p", { class: "muted eab-org" }, t("eab.org", { min: org.min_companies, supports: org.supports_per_company, specials: org.specials_per_company })));
  for (const kind of KINDS) {
    const cards = lst.cards.filter((c) => c.kind === kind);
    if (!cards.length) continue;
    const titleId = `eab-kind-${kind}`;
    const items = cards.map((card) => {
      const [toggle, region] = unitsToggle(lst, card);
      const name = tx(card.name);
      return h(
        "li",
        { class: "eab-card", dataset: { card: card.id } },
        h(
          "div",
          { class: "eab-card-main" },
          h("div", { class: "eab-card-head" }, h("span", { class: "eab-card-name" }, name), h("span", { class: "eab-pts" }, t("eab.pts", { n: card.points }))),
          h("p", { class: "muted eab-contents" }, contents(lst, card), card.limit ? ` · ${t("eab.limit", { n: card.limit })}` : ""),
        ),
        h("div", { class: "eab-actions" }, toggle, h("button", { type: "button", class: "primary eab-add", "aria-label": t("eab.add.label", { card: name }), onclick: () => onAdd(card.id) }, t("eab.add"))),
        region,
      );
    });
    root.append(h("section", { class: "eab-kind", "aria-labelledby": titleId }, h("h3", { id: titleId }, t(`eab.kind.${kind}`)), h("ul", { class: "eab-cards" }, items)));
  }
}

function select(id, label, choices, value, onchange) {
  const el = h("select", { id }, choices.map(([v, text]) => h("option", { value: v }, text)));
  el.value = value;
  el.addEventListener("change", () => onchange(el.value));
  return h("div", { class: "eab-field" }, h("label", { for: id }, label), el);
}

/** Where a card of Bound Characters goes: the card it joins, and which detachment. */
function attachFields(army, lst, taken, n, on) {
  const byId = cardsById(lst);
  const choices = [["", t("eab.attach.none")], ...hosts(army, lst).map((x) => [String(x.n), t("eab.attach.card", { n: x.n, card: tx(x.card.name) })])];
  const fields = [
    select(`eab-attach-${n}`, t("eab.attach"), choices, taken.attach ? String(taken.attach) : "", (v) => on.attach(n, v ? Number(v) : null)),
  ];
  const host = taken.attach ? army.cards[taken.attach - 1] : null;
  if (host && byId[host.card] && !byId[host.card].character) {
    const units = detachmentsOf(host, lst);
    const dets = [["", t("eab.detachment.auto")], ...units.map((u, i) => [String(i + 1), t("eab.detachment.n", { n: i + 1, unit: unitName(lst, u) })])];
    fields.push(select(`eab-det-${n}`, t("eab.detachment"), dets, taken.detachment ? String(taken.detachment) : "", (v) => on.detachment(n, v ? Number(v) : null)));
  }
  return h("div", { class: "eab-attach" }, fields);
}

/** The cards taken, numbered as the file numbers them, with what the server says of each. */
export function renderTaken(root, army, lst, problems, on) {
  clear(root);
  const byId = cardsById(lst);
  army.cards.forEach((taken, i) => {
    const n = i + 1;
    const card = byId[taken.card];
    const name = card ? tx(card.name) : taken.card;
    const mine = problems.filter((p) => p.card === n);
    const titleId = `eab-taken-${n}-title`;
    const parts = [
      h(
        "div",
        { class: "eab-card-head" },
        h("span", { class: "eab-num", "aria-hidden": "true" }, String(n)),
        h("h3", { id: titleId, class: "eab-card-name" }, h("span", { class: "visually-hidden" }, t("eab.card_n", { n })), name),
        card ? h("span", { class: "eab-kind-chip" }, t(`eab.kind1.${card.kind}`)) : null,
        h("span", { class: "eab-pts" }, t("eab.pts", { n: card ? card.points + card.options.filter((o) => taken.options.includes(o.id)).reduce((s, o) => s + o.points, 0) : 0 })),
      ),
    ];
    // its buttons next (the order they are seen in: beside the name on a laptop)
    const actions = [];
    let region = null;
    if (card) {
      const [toggle, r] = unitsToggle(lst, card, { id: `eab-units-btn-${n}`, open: on.isOpen(n), opened: (v) => on.opened(n, v) });
      actions.push(toggle);
      region = r;
    }
    actions.push(h("button", { type: "button", id: `eab-remove-${n}`, class: "danger eab-remove", "aria-label": t("eab.remove.label", { n, card: name }), onclick: () => on.remove(n) }, t("eab.remove")));
    parts.push(h("div", { class: "eab-actions" }, actions));
    if (card && card.options.length) {
      const boxes = card.options.map((o) => {
        const id = `eab-opt-${n}-${o.id}`;
        const box = h("input", { type: "checkbox", id, checked: taken.options.includes(o.id) });
        box.addEventListener("change", () => on.option(n, o.id, box.checked));
        return h("label", { class: "check eab-option", for: id }, box, " ", t("eab.option", { name: tx(o.name), points: o.points }));
      });
      parts.push(h("fieldset", { class: "eab-options" }, h("legend", {}, t("eab.options")), boxes));
    }
    if (card?.character) parts.push(attachFields(army, lst, taken, n, on));
    if (mine.length) parts.push(h("ul", { class: "eab-card-problems" }, mine.map((p) => h("li", { class: "alert" }, tx(p.text)))));
    parts.push(region);
    root.append(h("li", { id: `eab-taken-${n}`, class: `eab-card${mine.length ? " bad" : ""}`, "aria-labelledby": titleId, tabindex: "-1", dataset: { card: taken.card } }, parts));
  });
}
