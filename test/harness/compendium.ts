/**
 * Compendium packs, minimal: game.packs holds CompendiumCollection objects whose documents carry
 * `pack` and Compendium uuids ("Compendium.<package>.<pack>.<Document>.<id>"), so fromUuid and
 * sheet drops from a pack work. Loaded from pack sources by registerPack (no LevelDB).
 * VERIFY: the v13 CompendiumCollection API is far larger (locking, folders, imports, the index
 * fields); only metadata, index, get, getDocument(s) and getIndex are mirrored.
 */
import { Collection, deepClone, type AnyObject } from "./utils";
import { CONFIG, game } from "./state";
import type { Document } from "./document";

export interface PackMetadata {
  id: string;
  name: string;
  label: string;
  type: string;
  system?: string;
  packageName: string;
  packageType: "system" | "module" | "world";
}

export class CompendiumCollection extends Collection<Document> {
  metadata: PackMetadata;
  locked = true;
  constructor(metadata: PackMetadata) {
    super();
    this.metadata = metadata;
  }
  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }
  get title(): string {
    return this.metadata.label;
  }
  get index(): Collection<AnyObject> {
    const index = new Collection<AnyObject>();
    for (const doc of this.values()) index.set(doc.id!, { _id: doc.id, name: (doc as AnyObject).name, type: (doc as AnyObject).type, uuid: doc.uuid });
    return index;
  }
  async getIndex(): Promise<Collection<AnyObject>> {
    return this.index;
  }
  async getDocument(id: string): Promise<Document | undefined> {
    return this.get(id);
  }
  async getDocuments(): Promise<Document[]> {
    return [...this.values()];
  }
}

/** Harness helper: add a pack built from source documents (as committed under packs/_source). */
export function registerPack(meta: Omit<PackMetadata, "id" | "packageType"> & { packageType?: PackMetadata["packageType"] }, sources: AnyObject[]): CompendiumCollection {
  const id = `${meta.packageName}.${meta.name}`;
  const pack = new CompendiumCollection({ packageType: "system", ...meta, id });
  const cls = CONFIG[meta.type]?.documentClass as (new (data: AnyObject, options?: AnyObject) => Document) | undefined;
  if (!cls) throw new Error(`registerPack: no document class for ${meta.type}`);
  for (const raw of sources) {
    const src = deepClone(raw);
    delete src._key;
    for (const child of src.items ?? []) delete child._key;
    for (const child of src.results ?? []) delete child._key;
    const doc = new cls(src, { pack: id, strict: true });
    pack.set(doc.id!, doc);
    (doc as AnyObject).prepareData?.();
  }
  (game.packs as Collection<CompendiumCollection>).set(id, pack);
  return pack;
}
