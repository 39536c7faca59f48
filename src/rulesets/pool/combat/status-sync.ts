/**
 * Wound statuses kept in step with a character's wounds, and the heal buttons on its sheet:
 * runtime code, apart from combat/statuses.ts, whose status effects register at init
 * (docs/architecture.md "Load what the world needs").
 */
import { format, localize, modelOf } from "../../../core/game";
import { SYSTEM_ID } from "../../../core/ids";
import { postCard } from "../../../core/chat/post";
import { audienceForMode } from "../../../core/compat";
import { PoolActorModel } from "../data/actor";
import { BreadboxActor } from "../../../core/documents/actor";
import { noteCardHtml } from "../../../core/chat/note-card";

/** The status ids a character should carry for its wounds. */
export function wantedStatuses(model: PoolActorModel): Set<string> {
  const wanted = new Set<string>();
  if (model.status.dead) wanted.add("dead");
  else if (model.status.incapacitated) wanted.add("unconscious");
  return wanted;
}

export async function syncPoolStatuses(actor: Actor.Implementation): Promise<void> {
  const model = modelOf(actor, PoolActorModel);
  if (!model || !actor.isOwner) return;
  const wanted = wantedStatuses(model);
  for (const id of ["unconscious", "dead"]) {
    const has = actor.statuses.has(id);
    const want = wanted.has(id);
    if (has !== want) await actor.toggleStatusEffect(id, { active: want });
  }
}

/** Mark one wound healed (its owner's call, when its healing time has passed): removed, with a chat line. */
export async function healWound(actor: Actor.Implementation, index: number): Promise<boolean> {
  const model = modelOf(actor, PoolActorModel);
  if (!model || !actor.isOwner) return false;
  const view = model.woundViews[index];
  if (!Number.isInteger(index) || !view) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Heal.NoWound"));
    return false;
  }
  const wounds = model.wounds.filter((_w, i) => i !== index).map((w) => ({ kind: w.kind, degree: w.degree, nonlethal: w.nonlethal }));
  await actor.update({ system: { wounds } });
  await syncPoolStatuses(actor);
  const line = format("BREADBOX.Pool.Heal.Line", {
    name: actor.name ?? "",
    kind: localize(`BREADBOX.Pool.Wound.kind.${view.kind}`),
    severity: view.severity ? localize(`BREADBOX.Pool.Wound.severity.${view.severity}`) : String(view.degree),
  });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content: await noteCardHtml({ kind: "pool-heal", lines: [{ text: line }] }), flags: { [SYSTEM_ID]: { type: "poolHeal" } } }, audienceForMode(actor.hasPlayerOwner ? "public" : "gm"));
  return true;
}

/** Add a Heal button to each wound row of a Dice Pool sheet (play and edit mode), for owners. */
export function addHealButtons(app: { document?: unknown }, element: HTMLElement): void {
  const actor = app.document;
  if (!(actor instanceof BreadboxActor) || !actor.isOwner || !modelOf(actor, PoolActorModel)) return;
  const rows = element.querySelectorAll<HTMLTableRowElement>("table.pool-wounds tbody tr");
  const model = modelOf(actor, PoolActorModel);
  rows.forEach((row, index) => {
    if (!model?.woundViews[index] || row.querySelector("[data-pool-heal]")) return;
    const cell = row.querySelector("td.bb-actions") ?? row.lastElementChild;
    if (!cell) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "bb-icon";
    button.dataset.poolHeal = String(index);
    const label = localize("BREADBOX.Pool.Heal.Button");
    button.setAttribute("aria-label", `${label} ${index + 1}`);
    button.title = label;
    const icon = document.createElement("i");
    icon.className = "fa-solid fa-plus";
    icon.setAttribute("aria-hidden", "true");
    button.append(icon);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void healWound(actor, index);
    });
    cell.append(button);
  });
}

/** Keep statuses in step when the wounds change (on the client that changed them). */
export function registerPoolStatusSync(): void {
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id || !modelOf(actor, PoolActorModel)) return;
    const system: unknown = changes.system;
    if (!system || typeof system !== "object" || !("wounds" in system)) return;
    void syncPoolStatuses(actor);
  });
}
