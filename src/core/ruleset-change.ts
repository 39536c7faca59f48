/**
 * Changing a world's ruleset (issue 23): the settings window says, before the change is saved,
 * what becomes of the documents of the ruleset the world plays now — how many actors and items
 * it has, that they stay unchanged and open read-only, and that nothing is deleted or converted.
 *
 * Core's settings window renders each setting as a form field named `<namespace>.<key>` and fires
 * `renderSettingsConfig(app, html)` (test/harness/README.md, VERIFY 54); the warning is added
 * under our `breadbox.ruleset` field when the GM picks another ruleset, and removed when the GM
 * picks the current one again.
 */
import { allRulesets, rulesetOfType } from "./registry";
import { worldRulesetId } from "./settings";
import { format, localize } from "./game";
import { SYSTEM_ID } from "./ids";

/** Class of the warning paragraph (one per settings window). */
export const RULESET_CHANGE_WARNING = "breadbox-ruleset-warning";

export interface RulesetDocuments {
  actors: number;
  items: number;
}

/** How many world actors and world items (with the items they carry) belong to `ruleset`. */
export function documentsOfRuleset(ruleset: string): RulesetDocuments {
  let actors = 0;
  let items = 0;
  for (const actor of game.actors ?? []) {
    if (rulesetOfType(actor.type) !== ruleset) continue;
    actors++;
    items += actor.items.size;
  }
  for (const item of game.items ?? []) if (rulesetOfType(item.type) === ruleset) items++;
  return { actors, items };
}

function label(id: string): string {
  return localize(allRulesets().find((r) => r.id === id)?.label ?? id);
}

/** The warning for a change from the world's ruleset to `to`, or null when `to` is the world's. */
export function rulesetChangeWarning(to: string, from = worldRulesetId()): string | null {
  if (to === from) return null;
  const counts = documentsOfRuleset(from);
  const data = { from: label(from), to: label(to), actors: counts.actors, items: counts.items };
  return counts.actors + counts.items === 0 ? format("BREADBOX.Setting.ruleset.ChangeNothing", data) : format("BREADBOX.Setting.ruleset.ChangeWarning", data);
}

/** Show (or clear) the warning under the ruleset field for the value it holds now. */
function showWarning(field: HTMLSelectElement): void {
  const group = field.closest(".form-group") ?? field.parentElement;
  if (!group) return;
  let warning = group.querySelector<HTMLElement>(`.${RULESET_CHANGE_WARNING}`);
  const text = rulesetChangeWarning(field.value);
  if (text === null) {
    warning?.remove();
    return;
  }
  if (!warning) {
    warning = document.createElement("p");
    warning.className = `${RULESET_CHANGE_WARNING} notification warning`;
    warning.setAttribute("role", "alert");
    warning.id = `${field.id || "breadbox-ruleset"}-warning`;
    group.append(warning);
    const described = field.getAttribute("aria-describedby");
    field.setAttribute("aria-describedby", described ? `${described} ${warning.id}` : warning.id);
  }
  warning.textContent = text;
}

/** Watch the ruleset field of the settings window (registered at init; GMs only see it). */
export function registerRulesetChangeWarning(): void {
  Hooks.on("renderSettingsConfig", (_app, html) => {
    if (!(html instanceof HTMLElement)) return;
    const field = html.querySelector<HTMLSelectElement>(`select[name="${SYSTEM_ID}.ruleset"]`);
    if (!field || field.dataset.breadboxWatched) return;
    field.dataset.breadboxWatched = "true";
    field.addEventListener("change", () => showWarning(field));
    showWarning(field);
  });
}
