/**
 * ChatMessage — https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html
 * `rolls` are stored as JSON strings and exposed as Roll instances rebuilt through
 * CONFIG.Dice.rolls by class name. renderHTML() (v13) builds the message element and calls the
 * renderChatMessageHTML hook (message, html, context).
 */
import { Document, DocumentTypeField, TypeDataField, WorldCollection, type DocumentMetadata, type DocumentOperation } from "./document";
import { User } from "./documents";
import { ArrayField, BooleanField, DocumentIdField, FilePathField, HTMLField, JSONField, NumberField, ObjectField, SchemaField, StringField, type DataField } from "./fields";
import { Hooks } from "./hooks";
import { registerExtension } from "./registry";
import { CONFIG, CONST, game } from "./state";
import { TextEditor } from "./applications/ux";
import { escapeHTML, type AnyObject } from "./utils";
import type { Roll } from "./dice/roll";
import { harnessGeneration } from "./profile";

/**
 * Message visibility, per generation (evidence in README.md, "Message modes"):
 * v13 — `core.rollMode`, `CONFIG.Dice.rollModes` keyed publicroll/gmroll/blindroll/selfroll,
 * `ChatMessage.applyRollMode(data, mode)`; v14 — `core.messageMode`, `CONFIG.ChatMessage.modes`
 * keyed public/gm/blind/self/ic, `ChatMessage.applyMode(data, mode)`; the v13 names still work in
 * v14 through a mapping that logs a compatibility warning.
 */
const V13_ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
  gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
  blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
  selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
};
const V14_MESSAGE_MODES = {
  public: { label: "CHAT.MODES.public", icon: "fa-solid fa-globe" },
  gm: { label: "CHAT.MODES.gm", icon: "fa-solid fa-user-secret" },
  blind: { label: "CHAT.MODES.blind", icon: "fa-solid fa-eye-slash" },
  self: { label: "CHAT.MODES.self", icon: "fa-solid fa-user" },
  ic: { label: "CHAT.MODES.ic", icon: "fa-solid fa-comment" },
};
const LEGACY_TO_V14: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self", roll: "public" };

/** Whisper/blind (and style for "ic") for a mode in v14 names. */
function applyV14Mode(chatData: AnyObject, mode: string): AnyObject {
  const gmIds = () => game.users.filter((u: User) => u.isGM).map((u: User) => u.id);
  if (mode === "gm" || mode === "blind") chatData.whisper = gmIds();
  else if (mode === "self") chatData.whisper = [game.user.id];
  else if (mode === "public" || mode === "ic") chatData.whisper = [];
  else throw new Error(`"${mode}" is not a message mode in CONFIG.ChatMessage.modes`);
  chatData.blind = mode === "blind";
  if (mode === "ic") chatData.style = CONST.CHAT_MESSAGE_STYLES.IC;
  return chatData;
}

export class ChatMessage extends Document {
  static override metadata: DocumentMetadata = Object.freeze({ name: "ChatMessage", collection: "messages", embedded: {}, hasTypeData: true, label: "DOCUMENT.ChatMessage" });
  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      type: new DocumentTypeField("ChatMessage"),
      system: new TypeDataField("ChatMessage"),
      style: new NumberField({ required: true, nullable: false, integer: true, initial: CONST.CHAT_MESSAGE_STYLES.OTHER, choices: Object.values(CONST.CHAT_MESSAGE_STYLES) }),
      author: new StringField({ required: true, blank: false, nullable: false, initial: () => game.user?.id }),
      timestamp: new NumberField({ required: true, nullable: false, initial: () => Date.now() }),
      flavor: new HTMLField(),
      title: new StringField(),
      content: new HTMLField(),
      speaker: new SchemaField({
        scene: new StringField({ nullable: true, initial: null }),
        actor: new StringField({ nullable: true, initial: null }),
        token: new StringField({ nullable: true, initial: null }),
        alias: new StringField(),
      }),
      whisper: new ArrayField(new StringField({ required: true, blank: false })),
      blind: new BooleanField(),
      rolls: new ArrayField(new JSONField()),
      sound: new FilePathField(),
      emote: new BooleanField(),
      flags: new ObjectField(),
      _stats: new ObjectField(),
    };
  }
  declare content: string;
  declare flavor: string;
  declare speaker: AnyObject;
  declare whisper: string[];
  declare blind: boolean;
  declare rolls: Roll[];
  declare flags: AnyObject;
  declare style: number;

  protected override _initialize(options: AnyObject = {}): void {
    super._initialize(options);
    const RollCls = CONFIG.Dice.rolls[0];
    const rolls = (this._source.rolls ?? []).flatMap((r: string) => {
      try {
        return [RollCls.fromJSON(r)];
      } catch (err) {
        console.error(`Invalid roll data in ChatMessage ${this._source._id}`, err);
        return [];
      }
    });
    Object.defineProperty(this, "rolls", { value: rolls, writable: true, enumerable: true, configurable: true });
    // The author field initialises to the User document (ForeignDocumentField behaviour).
    Object.defineProperty(this, "author", { get: () => game.users?.get(this._source.author) ?? null, enumerable: true, configurable: true });
  }

  /**
   * Any user may create chat messages; updates and deletion need the author or a GM.
   * VERIFY (README "Message authors"): a player may set `author` to another user (the GM); public
   * sources do not say whether v13's server refuses it, so the harness takes the hostile case.
   */
  static override canUserCreate(user: AnyObject): boolean {
    return !!user;
  }
  override getUserLevel(user: AnyObject | null = game.user): number {
    if (!user) return CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
    if (user.isGM || user.id === this._source.author) return CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    return CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
  }

  declare author: User | null;
  /** Deprecated alias of author (v12+). */
  get user(): User | null {
    return this.author;
  }
  get isAuthor(): boolean {
    return game.user?.id === this._source.author;
  }
  get isRoll(): boolean {
    return this.rolls.length > 0;
  }
  get alias(): string {
    return this.speaker?.alias || this.speakerActor?.name || this.author?.name || "";
  }
  get speakerActor(): AnyObject | null {
    return ChatMessage.getSpeakerActor(this.speaker);
  }
  override get visible(): boolean {
    const user = game.user;
    if (!this.whisper.length) return true;
    return !!user && (user.isGM || user.id === this._source.author || this.whisper.includes(user.id));
  }
  /** Blind messages show their content to GMs only; whispers to recipients, author and GMs. */
  get isContentVisible(): boolean {
    if (!this.visible) return false;
    if (this.blind) return !!game.user?.isGM;
    return true;
  }

  getRollData(): AnyObject {
    return (this.speakerActor as AnyObject | null)?.getRollData?.() ?? {};
  }

  static getSpeaker({ scene, actor, token, alias }: { scene?: AnyObject | null; actor?: AnyObject | null; token?: AnyObject | null; alias?: string } = {}): AnyObject {
    if (!actor && !token) actor = game.user?.character && typeof game.user.character === "object" ? game.user.character : null;
    return {
      scene: scene?.id ?? null,
      actor: actor?.id ?? null,
      token: token?.id ?? null,
      alias: alias ?? token?.name ?? actor?.name ?? game.user?.name ?? "",
    };
  }

  static getSpeakerActor(speaker: AnyObject | null | undefined): AnyObject | null {
    if (!speaker?.actor) return null;
    return game.actors?.get(speaker.actor) ?? null;
  }

  /** Apply a roll mode to message data (whisper/blind). v14: deprecated, maps to applyMode. */
  static applyRollMode(chatData: AnyObject, rollMode: string): AnyObject {
    if (harnessGeneration() === "14") {
      const warn = (foundry.utils as AnyObject | undefined)?.logCompatibilityWarning;
      const message = "ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode, with a key of CONFIG.ChatMessage.modes";
      if (typeof warn === "function") warn(message, { since: 14, until: 16 });
      else console.warn(message);
      return applyV14Mode(chatData, LEGACY_TO_V14[rollMode] ?? rollMode);
    }
    const M = CONST.DICE_ROLL_MODES;
    if (rollMode === "roll") rollMode = M.PUBLIC;
    if (rollMode === M.PRIVATE || rollMode === M.BLIND) chatData.whisper = game.users.filter((u: User) => u.isGM).map((u: User) => u.id);
    else if (rollMode === M.SELF) chatData.whisper = [game.user.id];
    else if (rollMode === M.PUBLIC) chatData.whisper = [];
    chatData.blind = rollMode === M.BLIND;
    return chatData;
  }

  /**
   * VERIFY: a rollMode (v13) or messageMode (v14) in the create options (or data) is applied to
   * whisper/blind before creation.
   */
  override async _preCreate(data: AnyObject, options: DocumentOperation, user: AnyObject): Promise<boolean | void> {
    const r = await super._preCreate(data, options, user);
    if (r === false) return false;
    if (harnessGeneration() === "14") {
      const mode = (options.messageMode as string | undefined) ?? data.messageMode;
      if (mode) this.updateSource(applyV14Mode({}, mode));
      if ((options.rollMode as string | undefined) ?? data.rollMode) this.updateSource(ChatMessage.applyRollMode({}, (options.rollMode as string | undefined) ?? data.rollMode));
      return;
    }
    const mode = (options.rollMode as string | undefined) ?? data.rollMode;
    if (mode) this.updateSource(ChatMessage.applyRollMode({}, mode));
  }

  /** Render the message to an HTMLElement (v13) and call the renderChatMessageHTML hook. */
  async renderHTML({ canDelete, canClose = false }: { canDelete?: boolean; canClose?: boolean } = {}): Promise<HTMLElement> {
    const user = game.user;
    const context: AnyObject = {
      // A plain copy of the message data (Foundry's toObject(false) is a new object): rendering for
      // one user must never change what the next user's render starts from.
      message: this.toObject(true),
      user,
      author: this.author,
      alias: this.alias,
      cssClass: [this.style === CONST.CHAT_MESSAGE_STYLES.IC ? "ic" : null, this.style === CONST.CHAT_MESSAGE_STYLES.EMOTE ? "emote" : null, this.whisper.length ? "whisper" : null, this.blind ? "blind" : null].filter(Boolean).join(" "),
      isWhisper: this.whisper.length > 0,
      canDelete: canDelete ?? !!user?.isGM,
      canClose,
      whisperTo: this.whisper.map((id) => game.users.get(id)?.name).filter(Boolean).join(", "),
    };
    if (this.isRoll) await this._renderRollContent(context);
    const li = document.createElement("li");
    li.className = ["chat-message", "message", "flexcol", context.cssClass].filter(Boolean).join(" ");
    li.dataset.messageId = this.id ?? "";
    const flavor = context.message.flavor ? `<span class="flavor-text">${context.message.flavor}</span>` : "";
    const content = await TextEditor.enrichHTML(context.message.content ?? "");
    li.innerHTML = `<header class="message-header flexrow"><h4 class="message-sender">${escapeHTML(context.alias)}</h4><span class="message-metadata"><time class="message-timestamp"></time></span>${context.isWhisper ? `<span class="whisper-to">${escapeHTML(context.whisperTo)}</span>` : ""}${flavor}</header><div class="message-content">${content}</div>`;
    Hooks.callAll("renderChatMessageHTML", this, li, context);
    return li;
  }

  /**
   * Roll content: when the content has no HTML element (e.g. just the total), it is replaced by
   * the rendered rolls; private content is rendered as hidden rolls. VERIFY: mirrors the documented
   * behaviour of showing Roll#render() for plain roll messages.
   */
  async _renderRollContent(context: AnyObject): Promise<void> {
    const data = context.message;
    const renderRolls = async (isPrivate: boolean) => {
      let html = "";
      for (const r of this.rolls) html += await r.render({ isPrivate });
      return html;
    };
    if (!this.isContentVisible) {
      data.content = await renderRolls(true);
      return;
    }
    const probe = document.createElement("div");
    probe.innerHTML = data.content ?? "";
    if (!probe.childElementCount) data.content = await renderRolls(false);
  }
}

export class ChatMessages extends WorldCollection<ChatMessage> {
  static override documentName = "ChatMessage";
}

registerExtension({
  name: "chat",
  install({ foundry, CONFIG: C, globals, game: g }) {
    C.ChatMessage = { documentClass: ChatMessage, dataModels: {}, typeLabels: {}, sheetClasses: {}, batchSize: 100 };
    const statics = ChatMessage as unknown as AnyObject;
    if (harnessGeneration() === "14") {
      C.ChatMessage.modes = structuredClone(V14_MESSAGE_MODES);
      statics.applyMode = (chatData: AnyObject, mode?: string): AnyObject => applyV14Mode(chatData, mode ?? String(game.settings.get("core", "messageMode") ?? "public"));
      if (C.Dice) delete C.Dice.rollModes;
      if (!g.settings.settings?.has?.("core.messageMode")) {
        g.settings.register("core", "messageMode", { scope: "client", config: false, type: String, default: "public", choices: Object.fromEntries(Object.keys(V14_MESSAGE_MODES).map((k) => [k, k])) });
      }
    } else {
      delete statics.applyMode;
      if (C.Dice) C.Dice.rollModes = structuredClone(V13_ROLL_MODES);
    }
    foundry.documents.ChatMessage = ChatMessage;
    foundry.documents.collections.ChatMessages = ChatMessages;
    globals.ChatMessage = ChatMessage;
  },
  reset({ game: g }) {
    g.messages = new ChatMessages();
  },
});
