/**
 * Journal entries, minimal (v13), from the public API docs:
 *  - JournalEntry https://foundryvtt.com/api/v13/classes/foundry.documents.JournalEntry.html :
 *    name, folder, sort, ownership, flags, _stats (its pages are not mirrored: the system keeps
 *    GM-only records in one entry's flags and never uses pages).
 *  - game.journal: the world collection of JournalEntries.
 *  - Ownership: the shared Document rules (a GM owns everything; a player needs OWNER to update;
 *    world documents are created by GMs in this harness). An entry whose default ownership is
 *    NONE "may not be seen" by players (CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, public docs).
 *    VERIFY: whether Foundry's server withholds such an entry from players' clients altogether
 *    is not stated in the public docs; the harness keeps it in every client's collection (the
 *    cautious assumption) and the system never relies on it being withheld.
 */
import { Document, WorldCollection, type DocumentMetadata } from "./document";
import { DocumentIdField, NumberField, ObjectField, StringField, type DataField } from "./fields";
import { registerExtension } from "./registry";
import { CONST } from "./state";

export class JournalEntry extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "JournalEntry", collection: "journal", embedded: {}, label: "DOCUMENT.JournalEntry" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) }),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
}

export class Journal extends WorldCollection<JournalEntry> {
  static override documentName = "JournalEntry";
}

registerExtension({
  name: "journal",
  install({ foundry, CONFIG: C, globals }) {
    C.JournalEntry = { documentClass: JournalEntry, dataModels: {}, typeLabels: {}, sheetClasses: {} };
    foundry.documents.JournalEntry = JournalEntry;
    foundry.documents.collections.Journal = Journal;
    globals.JournalEntry = JournalEntry;
  },
  reset({ game: g }) {
    g.journal = new Journal();
  },
});
