/**
 * Roll tables, minimal (v13/v14), from the public API docs and the v13 CLI's own exports:
 *  - RollTable https://foundryvtt.com/api/v13/classes/foundry.documents.RollTable.html :
 *    name, img, description, results (embedded TableResult), formula, replacement, displayRoll,
 *    folder, sort, ownership, flags, _stats. game.tables is the world collection.
 *  - TableResult: type ("text" | "document", CONST.TABLE_RESULT_TYPES), name, img, description,
 *    documentUuid, weight, range (two ascending integers), drawn, flags, _stats. The v13 field
 *    names (name + description, no `text`) are those of packs/_source/toaster-tables, written by
 *    the v13.346 CLI (see VERIFY 65).
 * Drawing (RollTable#draw/roll) is not mirrored: the system rolls its own dice and reads results
 * by range.
 */
import { Document, EmbeddedCollectionField, WorldCollection, type DocumentMetadata, type EmbeddedCollection } from "./document";
import { ArrayField, BooleanField, DocumentIdField, FilePathField, NumberField, ObjectField, StringField, type DataField } from "./fields";
import { registerExtension } from "./registry";
import { CONST } from "./state";
import type { AnyObject } from "./utils";

export class TableResult extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "TableResult", collection: "results", embedded: {}, label: "DOCUMENT.TableResult" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, initial: "text", choices: ["text", "document"] }),
      name: new StringField({ initial: "" }),
      img: new FilePathField({ nullable: true, initial: null }),
      description: new StringField({ initial: "" }),
      documentUuid: new StringField({ nullable: true, initial: null }),
      weight: new NumberField({ integer: true, initial: 1 }),
      range: new ArrayField(new NumberField({ integer: true })),
      drawn: new BooleanField({ initial: false }),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare name: string;
  declare description: string;
  declare range: number[];
  declare flags: AnyObject;
}

export class RollTable extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "RollTable", collection: "tables", embedded: { TableResult: "results" }, label: "DOCUMENT.RollTable" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      img: new FilePathField({ nullable: true, initial: null }),
      description: new StringField({ initial: "" }),
      results: new EmbeddedCollectionField("TableResult"),
      formula: new StringField({ initial: "" }),
      replacement: new BooleanField({ initial: true }),
      displayRoll: new BooleanField({ initial: true }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) }),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare name: string;
  declare formula: string;
  declare flags: AnyObject;
  declare results: EmbeddedCollection<TableResult>;
}

export class RollTables extends WorldCollection<RollTable> {
  static override documentName = "RollTable";
}

registerExtension({
  name: "tables",
  install({ foundry, CONFIG: C, globals }) {
    C.RollTable = { documentClass: RollTable, dataModels: {}, typeLabels: {}, sheetClasses: {} };
    C.TableResult = { documentClass: TableResult, dataModels: {}, typeLabels: {}, sheetClasses: {} };
    foundry.documents.RollTable = RollTable;
    foundry.documents.TableResult = TableResult;
    foundry.documents.collections.RollTables = RollTables;
    globals.RollTable = RollTable;
    globals.TableResult = TableResult;
  },
  reset({ game: g }) {
    g.tables = new RollTables();
  },
});
