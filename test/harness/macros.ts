/**
 * Macros and the hotbar, minimal (v13), from the public API docs:
 *  - Macro https://foundryvtt.com/api/v13/classes/foundry.documents.Macro.html : name, type
 *    ("script" | "chat"), img, command, author, ownership, flags; `execute(scope)` runs a script
 *    macro's command as the body of an async function whose arguments are `speaker`, `actor`,
 *    `token`, `character` and `scope` (the speaker from ChatMessage.getSpeaker(), its actor, the
 *    user's assigned character); an error thrown by the command is reported through
 *    ui.notifications.error and the console (VERIFY: exact wording of that message).
 *  - game.macros: the world collection of Macros.
 *  - User#assignHotbarMacro(macro, slot) stores the macro id in `user.hotbar[slot]` (1–50);
 *    `null` clears the slot. User#getHotbarMacros(page) is not mirrored.
 *  - ui.hotbar (foundry.applications.ui.Hotbar): a drop on slot N calls
 *    `Hooks.call("hotbarDrop", hotbar, data, slot)`; a handler returning false stops the default.
 *    The default mirrored here assigns a dropped Macro to the slot; Foundry's default macros for
 *    other documents (a macro that opens the document's sheet) are not mirrored (VERIFY).
 *    `ui.hotbar.drop(data, slot)` is a harness helper standing in for the drag-and-drop event.
 */
import { Document, WorldCollection, fromUuid, type DocumentMetadata } from "./document";
import { User } from "./documents";
import { DocumentIdField, FilePathField, NumberField, ObjectField, StringField, type DataField } from "./fields";
import { Hooks } from "./hooks";
import { registerExtension } from "./registry";
import { CONST, game, ui } from "./state";
import type { AnyObject } from "./utils";

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<unknown>;

export class Macro extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "Macro", collection: "macros", embedded: {}, label: "DOCUMENT.Macro" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false, initial: "script", choices: ["script", "chat"] }),
      author: new StringField({ required: true, blank: false, nullable: false, initial: () => game.user?.id }),
      img: new FilePathField({ initial: "icons/svg/dice-target.svg" }),
      scope: new StringField({ required: true, blank: false, initial: "global" }),
      command: new StringField({ required: true, blank: true, initial: "" }),
      folder: new StringField({ nullable: true, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: new ObjectField({ initial: () => ({ default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE }) }),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare type: string;
  declare command: string;
  declare author: string;

  get isAuthor(): boolean {
    return this.author === game.user?.id;
  }

  /** Run the macro (script: the command as an async function body; chat: post the command). */
  async execute(scope: AnyObject = {}): Promise<unknown> {
    if (this.type === "chat") {
      const ChatMessage = (globalThis as AnyObject).ChatMessage;
      return ChatMessage.create({ content: this.command, speaker: ChatMessage.getSpeaker() });
    }
    const ChatMessage = (globalThis as AnyObject).ChatMessage;
    const speaker = ChatMessage.getSpeaker();
    const actor = ChatMessage.getSpeakerActor(speaker) ?? (typeof game.user?.character === "object" ? game.user.character : null);
    const token = null;
    const character = typeof game.user?.character === "object" ? game.user.character : null;
    const names = Object.keys(scope).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k));
    const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", ...names, `{${this.command}\n}`);
    try {
      return await fn.call(this, speaker, actor, token, character, scope, ...names.map((k) => scope[k]));
    } catch (err) {
      ui.notifications?.error(`There was an error in your macro syntax. See the console (F12) for details`, { console: false });
      console.error(err);
      return undefined;
    }
  }
}

export class Macros extends WorldCollection<Macro> {
  static override documentName = "Macro";
}

/** The macro bar (ui.hotbar). */
export class Hotbar {
  /** Harness stand-in for a drop on a slot: the hotbarDrop hook, then the default handling. */
  async drop(data: AnyObject, slot: number): Promise<void> {
    if (Hooks.call("hotbarDrop", this, data, slot) === false) return;
    if (data.type === "Macro" && typeof data.uuid === "string") {
      const macro = await fromUuid(data.uuid);
      if (macro) await (game.user as AnyObject).assignHotbarMacro(macro, slot);
    }
  }
}

registerExtension({
  name: "macros",
  install({ foundry, CONFIG: C, globals, ui: u }) {
    C.Macro = { documentClass: Macro, dataModels: {}, typeLabels: {}, sheetClasses: {} };
    foundry.documents.Macro = Macro;
    foundry.documents.collections.Macros = Macros;
    globals.Macro = Macro;
    const proto = User.prototype as unknown as AnyObject;
    proto.assignHotbarMacro = async function (this: AnyObject, macro: Macro | null, slot: number | string): Promise<AnyObject> {
      const n = Number(slot);
      if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error(`Invalid Hotbar slot ${slot}`);
      this.hotbar ??= {};
      this.hotbar[n] = macro?.id ?? null;
      return this;
    };
    u.hotbar = new Hotbar();
  },
  reset({ game: g, ui: u }) {
    g.macros = new Macros();
    u.hotbar = new Hotbar();
    for (const user of g.users ?? []) (user as AnyObject).hotbar = {};
  },
});
