/**
 * A world plays one ruleset (issue 23): the compendium sidebar lists only its packs. The other
 * rulesets' packs stay installed and reachable (game.packs, drag data and uuids of documents
 * already imported keep working); their rows are hidden from the sidebar, never deleted.
 *
 * Foundry has no per-system "hidden pack" switch (a pack's ownership NONE hides it from players
 * only, foundryvtt#9394, #13364), so the rows are hidden when the sidebar renders
 * (`renderCompendiumDirectory`), as systems and modules do (test/harness/README.md, VERIFY 53).
 * A pack row is `li.directory-item.compendium[data-pack="<package>.<name>"]` and a pack folder an
 * `li.folder`; a folder left with no shown pack is hidden with them.
 */
import { rulesetOfType } from "./registry";
import { worldRulesetId } from "./settings";
import { SYSTEM_ID } from "./ids";

/** Class added to the rows this system hides (so a re-render and a test can find them). */
export const HIDDEN_PACK_CLASS = "breadbox-other-ruleset-pack";

/**
 * The ruleset one of our packs belongs to, from its name (`<ruleset>-<contents>`, e.g.
 * "flange-skills"), or null for a pack of no ruleset (shown in every world).
 */
export function rulesetOfPack(name: string): string | null {
  const prefix = name.split("-")[0] ?? "";
  const id = prefix ? rulesetOfType(prefix) : undefined;
  return id === prefix && id !== undefined ? id : null;
}

/** The collection ids (`breadbox.<name>`) of our packs of another ruleset than the world's. */
export function hiddenPackIds(packs: Iterable<{ collection: string; metadata: { name: string; packageName?: string; packageType?: string } }>, world = worldRulesetId()): Set<string> {
  const out = new Set<string>();
  for (const pack of packs) {
    const { name, packageName } = pack.metadata;
    if (packageName !== SYSTEM_ID) continue;
    const ruleset = rulesetOfPack(name);
    if (ruleset !== null && ruleset !== world) out.add(pack.collection);
  }
  return out;
}

/** Hide the rows of `hidden` packs in a rendered compendium sidebar, and folders left empty. */
export function hidePackRows(root: HTMLElement, hidden: ReadonlySet<string>): void {
  for (const row of root.querySelectorAll<HTMLElement>("li.compendium[data-pack]")) {
    const id = row.dataset.pack ?? "";
    const hide = hidden.has(id);
    row.hidden = hide;
    row.classList.toggle(HIDDEN_PACK_CLASS, hide);
  }
  // A folder is shown while any pack row inside it, at any depth, is shown.
  for (const folder of root.querySelectorAll<HTMLElement>("li.folder")) {
    const rows = [...folder.querySelectorAll<HTMLElement>("li.compendium")];
    if (rows.length > 0) folder.hidden = rows.every((r) => r.hidden);
  }
}

/** Hide the other rulesets' packs whenever the compendium sidebar renders (registered at init). */
export function registerPackVisibility(): void {
  Hooks.on("renderCompendiumDirectory", (_app, html) => {
    if (!(html instanceof HTMLElement)) return;
    hidePackRows(html, hiddenPackIds(game.packs ?? []));
  });
}
