/**
 * The compendium sidebar, minimal (issue 23, VERIFY 53): `renderCompendiumDirectory()` renders the
 * packs of game.packs in v13's row shapes — a pack row `li.directory-item.compendium` with
 * `data-pack="<package>.<name>"` and its title in `.compendium-name`, a folder `li.folder` holding
 * its packs — and fires `renderCompendiumDirectory(app, html, context, options)` as core does after
 * each render. Folders come from the caller (a package's `packFolders`); other packs sit at the root.
 * Not mirrored: banners, sorting modes, filters, search, the context menu, ownership icons.
 */
import { Hooks } from "../hooks";
import { game } from "../state";

export interface PackFolder {
  name: string;
  /** Collection ids of the packs inside. */
  packs: string[];
}

interface PackLike {
  collection: string;
  title: string;
  metadata: { name: string; type: string };
}

function packRow(pack: PackLike): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "directory-item entry compendium";
  li.dataset.pack = pack.collection;
  li.dataset.entryId = pack.collection;
  const name = document.createElement("a");
  name.className = "compendium-name";
  name.textContent = pack.title;
  li.append(name);
  return li;
}

/** Render the sidebar's compendium tab (a fresh element each call) and fire its render hook. */
export function renderCompendiumDirectory(folders: PackFolder[] = [], options: { isFirstRender?: boolean } = {}): HTMLElement {
  const packs = [...(game.packs?.values() ?? [])] as PackLike[];
  const root = document.createElement("section");
  root.id = "compendium";
  root.className = "tab sidebar-tab compendium-sidebar directory";
  const list = document.createElement("ol");
  list.className = "directory-list";
  const placed = new Set<string>();
  for (const folder of folders) {
    const li = document.createElement("li");
    li.className = "directory-item folder";
    const header = document.createElement("header");
    header.className = "folder-header";
    header.textContent = folder.name;
    const sub = document.createElement("ol");
    sub.className = "subdirectory";
    for (const id of folder.packs) {
      const pack = packs.find((p) => p.collection === id);
      if (!pack) continue;
      placed.add(id);
      sub.append(packRow(pack));
    }
    li.append(header, sub);
    list.append(li);
  }
  for (const pack of packs) if (!placed.has(pack.collection)) list.append(packRow(pack));
  root.append(list);
  const app = { id: "compendium", tabName: "compendium", collection: game.packs, element: root };
  Hooks.callAll("renderCompendiumDirectory", app, root, { packs }, { isFirstRender: options.isFirstRender ?? true });
  return root;
}
