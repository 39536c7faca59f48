/**
 * foundry.applications.api.ApplicationV2 and HandlebarsApplicationMixin —
 * https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html
 * https://foundryvtt.com/api/v13/functions/foundry.applications.api.HandlebarsApplicationMixin.html
 *
 * Rendering runs in the test DOM (happy-dom or a browser): the element is appended to
 * document.body. Clicks on [data-action] elements dispatch options.actions[action] with `this`
 * bound to the application and (event, target) arguments. Forms (tag "form") collect data with
 * FormDataExtended and call options.form.handler(event, form, formData).
 */
import { pendingTurnEvents, turnEventsSettled } from "../combat";
import { Hooks } from "../hooks";
import { game, ui } from "../state";
import { deepClone, inheritanceChain, isPlainObject, mergeObject, type AnyObject } from "../utils";
import { FormDataExtended } from "./form-data";
import { loadTemplates, renderTemplate } from "./handlebars";

/** Promises of in-flight UI work (form submits, actions); see settle(). */
export const pending = new Set<Promise<unknown>>();
export function track<T>(p: Promise<T>): Promise<T> {
  pending.add(p);
  p.finally(() => pending.delete(p)).catch(() => undefined);
  return p;
}
/**
 * Wait until all tracked UI work (form submits, action handlers, dialog buttons) has finished,
 * or until that work is blocked waiting for an answer in an open dialog.
 */
/**
 * Environment fix, not Foundry behaviour: happy-dom does not always honour the `selected`
 * attribute of options parsed through innerHTML (a browser does). Set the property explicitly.
 */
export function applySelectedOptions(root: ParentNode): void {
  for (const option of root.querySelectorAll("option[selected]")) (option as HTMLOptionElement).selected = true;
}

export async function settle({ timeoutMs = 2000 }: { timeoutMs?: number } = {}): Promise<void> {
  const start = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 0));
    if (!pending.size && !pendingTurnEvents.size) return;
    if (!pending.size) {
      await turnEventsSettled();
      continue;
    }
    const dialogOpen = [...instances.values()].some((a) => a.rendered && a.element?.tagName === "DIALOG");
    if (dialogOpen) return;
    if (Date.now() - start > timeoutMs) throw new Error(`settle(): UI work still pending after ${timeoutMs} ms`);
    await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, 5))]);
  }
}

/** All rendered applications by id (foundry.applications.instances in v13). */
export const instances = new Map<string, ApplicationV2>();

export interface ApplicationTab {
  id: string;
  group: string;
  icon?: string;
  label?: string;
  active: boolean;
  cssClass: string;
}

let appCounter = 0;

type ActionHandler = ((this: ApplicationV2, event: Event, target: HTMLElement) => unknown) | { handler: (this: ApplicationV2, event: Event, target: HTMLElement) => unknown; buttons?: number[] };

export class ApplicationV2 extends EventTarget {
  static BASE_APPLICATION: typeof ApplicationV2 = ApplicationV2;
  static DEFAULT_OPTIONS: AnyObject = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: { frame: true, positioned: true, title: "", icon: "", controls: [], minimizable: true, resizable: false, contentTag: "section", contentClasses: [] },
    actions: {},
    form: undefined,
    position: {},
  };
  static RENDER_STATES = Object.freeze({ ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 });
  /** v13 declarative tabs: {group: {tabs: [{id, icon, label}], initial, labelPrefix}}. */
  static TABS: Record<string, { tabs: { id: string; icon?: string; label?: string; cssClass?: string }[]; initial?: string; labelPrefix?: string }> = {};
  static emittedEvents = Object.freeze(["render", "close", "position"]);

  options: AnyObject;
  tabGroups: Record<string, string | null> = {};
  position: AnyObject;
  #id: string;
  #element: HTMLElement | null = null;
  #content: HTMLElement | null = null;
  #state: number = ApplicationV2.RENDER_STATES.NONE;
  #appId: number;

  constructor(options: AnyObject = {}) {
    super();
    this.#appId = ++appCounter;
    this.options = Object.freeze(this._initializeApplicationOptions(options));
    this.#id = String(this.options.id).replace("{id}", String(this.#appId));
    this.position = { ...(this.options.position ?? {}) };
    for (const [group, cfg] of Object.entries((this.constructor as typeof ApplicationV2).TABS ?? {})) {
      this.tabGroups[group] = cfg.initial ?? cfg.tabs?.[0]?.id ?? null;
    }
  }

  /** Merge DEFAULT_OPTIONS down the class chain (base first), then the passed options; classes accumulate. */
  _initializeApplicationOptions(options: AnyObject): AnyObject {
    const chain = inheritanceChain(this.constructor).reverse();
    const merged: AnyObject = {};
    const classes: string[] = [];
    for (const cls of chain) {
      if (!Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS")) continue;
      const d = (cls as typeof ApplicationV2).DEFAULT_OPTIONS;
      mergeObject(merged, deepClone(d), { inplace: true });
      classes.push(...(d.classes ?? []));
    }
    const { classes: extra = [], ...rest } = options;
    for (const [k, v] of Object.entries(rest)) {
      if (isPlainObject(v) && isPlainObject(merged[k])) mergeObject(merged[k], v, { inplace: true });
      else merged[k] = v;
    }
    classes.push(...extra);
    merged.classes = Array.from(new Set(classes));
    return merged;
  }

  get id(): string {
    return this.#id;
  }
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }
  get form(): HTMLFormElement | null {
    return this.#element instanceof HTMLFormElement ? this.#element : (this.#element?.querySelector("form") ?? null);
  }
  get state(): number {
    return this.#state;
  }
  get rendered(): boolean {
    return this.#state === ApplicationV2.RENDER_STATES.RENDERED;
  }
  get title(): string {
    const t = this.options.window?.title ?? "";
    return game.i18n ? game.i18n.localize(t) : t;
  }
  get hasFrame(): boolean {
    return !!this.options.window?.frame;
  }
  get minimized(): boolean {
    return false;
  }

  // ------------------------------------------------------------ rendering

  async render(options: AnyObject | boolean = {}, _options: AnyObject = {}): Promise<this> {
    if (typeof options === "boolean") options = { ..._options, force: options };
    options = { ...options };
    const S = ApplicationV2.RENDER_STATES;
    if (!options.force && this.#state !== S.RENDERED) return this;
    const isFirstRender = !this.#element;
    options.isFirstRender = isFirstRender;
    this._configureRenderOptions(options);
    this._canRender(options);
    this.#state = S.RENDERING;
    try {
      const context = await this._prepareContext(options);
      if (isFirstRender) await this._preFirstRender(context, options);
      await this._preRender(context, options);
      const result = await this._renderHTML(context, options);
      if (isFirstRender) {
        this.#element = this._createFrame(options);
        document.body.append(this.#element);
        this._attachFrameListeners();
        instances.set(this.id, this);
      }
      this._replaceHTML(result, this.#content!, options);
      this.#state = S.RENDERED;
      if (isFirstRender) await this._onFirstRender(context, options);
      await this._onRender(context, options);
      this.#callHooks("render", this.#element, context, options);
      this.dispatchEvent(new Event("render"));
    } catch (err) {
      this.#state = isFirstRender ? S.ERROR : S.RENDERED;
      throw err;
    }
    return this;
  }

  #callHooks(prefix: string, ...args: unknown[]): void {
    for (const cls of inheritanceChain(this.constructor)) {
      Hooks.callAll(`${prefix}${cls.name}`, this, ...args);
      if (cls === ApplicationV2) break;
    }
  }

  _configureRenderOptions(options: AnyObject): void {
    options.window ??= {};
    options.position ??= {};
  }
  /** Throw to prevent rendering. */
  _canRender(_options: AnyObject): void | false {}

  /** v13 ApplicationV2 context. VERIFY: `tabs` is prepared from static TABS.primary when configured. */
  async _prepareContext(_options: AnyObject): Promise<AnyObject> {
    const context: AnyObject = {};
    if ((this.constructor as typeof ApplicationV2).TABS?.primary) context.tabs = this._prepareTabs("primary");
    return context;
  }
  async _preFirstRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
  async _preRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
  async _renderHTML(_context: AnyObject, _options: AnyObject): Promise<unknown> {
    throw new Error("The ApplicationV2 subclass must implement _renderHTML");
  }
  _replaceHTML(_result: unknown, _content: HTMLElement, _options: AnyObject): void {
    throw new Error("The ApplicationV2 subclass must implement _replaceHTML");
  }
  async _onFirstRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
  async _onRender(_context: AnyObject, _options: AnyObject): Promise<void> {}

  /** Build the outer element: tag with id and classes; a window header and content section when framed. */
  _createFrame(_options: AnyObject): HTMLElement {
    const frame = document.createElement(this.options.tag ?? "div");
    frame.id = this.id;
    frame.classList.add("application", ...(this.options.classes ?? []));
    if (this.hasFrame) {
      const header = document.createElement("header");
      header.className = "window-header";
      const title = document.createElement("h1");
      title.className = "window-title";
      title.textContent = this.title;
      header.append(title);
      const content = document.createElement(this.options.window?.contentTag ?? "section");
      content.classList.add("window-content", ...(this.options.window?.contentClasses ?? []));
      frame.append(header, content);
      this.#content = content;
    } else this.#content = frame;
    return frame;
  }

  _attachFrameListeners(): void {
    const el = this.#element!;
    el.addEventListener("click", (event) => this.#onClick(event));
    if (this.options.tag === "form" && this.options.form) {
      el.addEventListener("submit", (event) => {
        event.preventDefault();
        void track(this._onSubmitForm(this.options.form, event));
      });
      el.addEventListener("change", (event) => void track(this._onChangeForm(this.options.form, event)));
    }
  }

  #onClick(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest?.("[data-action]") as HTMLElement | null;
    if (!target || !this.#element?.contains(target)) return;
    const action = target.dataset.action!;
    const handler = (this.options.actions as Record<string, ActionHandler>)[action];
    if (handler) {
      const fn = typeof handler === "function" ? handler : handler.handler;
      const buttons = typeof handler === "function" ? [0] : (handler.buttons ?? [0]);
      if (!buttons.includes((event as MouseEvent).button ?? 0)) return;
      const r = fn.call(this, event, target);
      if (r instanceof Promise) void track(r);
      return;
    }
    switch (action) {
      case "close":
        event.preventDefault();
        void track(this.close());
        return;
      case "tab":
        this.changeTab(target.dataset.tab!, target.dataset.group!, { event, navElement: target });
        return;
    }
    this._onClickAction(event, target);
  }

  /** Called for [data-action] clicks with no handler in options.actions. */
  _onClickAction(_event: Event, _target: HTMLElement): void {}

  // ------------------------------------------------------------ forms

  async _onSubmitForm(formConfig: AnyObject, event: Event | SubmitEvent): Promise<void> {
    event.preventDefault?.();
    const form = this.form;
    if (!form) return;
    const formData = new FormDataExtended(form);
    if (typeof formConfig?.handler === "function") {
      try {
        await formConfig.handler.call(this, event, form, formData);
      } catch (err) {
        // VERIFY: a failing submit handler is reported through ui.notifications.error.
        ui.notifications?.error((err as Error).message ?? String(err), { console: true });
        return;
      }
    }
    if (formConfig?.closeOnSubmit) await this.close({ submitted: true });
  }

  async _onChangeForm(formConfig: AnyObject, event: Event): Promise<void> {
    if (formConfig?.submitOnChange) await this._onSubmitForm(formConfig, event);
  }

  /** Programmatically submit the application's form (v13). */
  async submit(_options: AnyObject = {}): Promise<void> {
    return track(this._onSubmitForm(this.options.form, new Event("submit", { cancelable: true })));
  }

  // ------------------------------------------------------------ tabs

  _getTabsConfig(group: string): (typeof ApplicationV2.TABS)[string] | null {
    return (this.constructor as typeof ApplicationV2).TABS?.[group] ?? null;
  }

  _prepareTabs(group: string): Record<string, ApplicationTab> {
    const config = this._getTabsConfig(group);
    if (!config) return {};
    this.tabGroups[group] ??= config.initial ?? config.tabs[0]?.id ?? null;
    const tabs: Record<string, ApplicationTab> = {};
    for (const t of config.tabs) {
      const active = this.tabGroups[group] === t.id;
      tabs[t.id] = { ...t, group, active, cssClass: [t.cssClass, active ? "active" : ""].filter(Boolean).join(" "), label: t.label ?? (config.labelPrefix ? `${config.labelPrefix}.${t.id}` : undefined) };
    }
    return tabs;
  }

  changeTab(tab: string, group: string, { force = false }: { event?: Event; navElement?: HTMLElement; force?: boolean; updatePosition?: boolean } = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !force) return;
    this.tabGroups[group] = tab;
    if (!this.#element) return;
    for (const el of Array.from(this.#element.querySelectorAll(`[data-group="${group}"][data-tab]`)) as HTMLElement[]) {
      el.classList.toggle("active", el.dataset.tab === tab);
    }
  }

  // ------------------------------------------------------------ close & misc

  async close(options: AnyObject = {}): Promise<this> {
    const S = ApplicationV2.RENDER_STATES;
    if (!this.#element) {
      this.#state = S.CLOSED;
      return this;
    }
    this.#state = S.CLOSING;
    await this._preClose(options);
    this.#element.remove();
    this.#element = null;
    this.#content = null;
    this.#state = S.CLOSED;
    instances.delete(this.id);
    this._onClose(options);
    this.#callHooks("close", null);
    this.dispatchEvent(new Event("close"));
    return this;
  }
  async _preClose(_options: AnyObject): Promise<void> {}
  _onClose(_options: AnyObject): void {}

  setPosition(position: AnyObject = {}): AnyObject {
    Object.assign(this.position, position);
    return this.position;
  }
  bringToFront(): void {}
  async minimize(): Promise<void> {}
  async maximize(): Promise<void> {}
}

// --------------------------------------------------------------------- Handlebars mixin

export interface HandlebarsPart {
  template: string;
  id?: string;
  classes?: string[];
  templates?: string[];
  scrollable?: string[];
  forms?: Record<string, AnyObject>;
  root?: boolean;
}

type AppClass = abstract new (...args: any[]) => ApplicationV2;

export function HandlebarsApplicationMixin<B extends AppClass>(Base: B) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, HandlebarsPart> = {};
    parts: Record<string, HTMLElement> = {};

    override _configureRenderOptions(options: AnyObject): void {
      super._configureRenderOptions(options);
      const all = Object.keys((this.constructor as unknown as typeof HandlebarsApplication).PARTS);
      if (options.isFirstRender || !options.parts) options.parts = all;
      else options.parts = (options.parts as string[]).filter((p) => all.includes(p));
    }

    override async _preFirstRender(context: AnyObject, options: AnyObject): Promise<void> {
      await super._preFirstRender(context, options);
      const templates = new Set<string>();
      for (const part of Object.values((this.constructor as unknown as typeof HandlebarsApplication).PARTS)) {
        templates.add(part.template);
        for (const t of part.templates ?? []) templates.add(t);
      }
      await loadTemplates([...templates]);
    }

    /** Per-part context (override). VERIFY: each part receives a shallow copy of the shared context. */
    async _preparePartContext(partId: string, context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    override async _renderHTML(context: AnyObject, options: AnyObject): Promise<Record<string, HTMLElement>> {
      const out: Record<string, HTMLElement> = {};
      const PARTS = (this.constructor as unknown as typeof HandlebarsApplication).PARTS;
      for (const partId of options.parts as string[]) {
        const part = PARTS[partId];
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const html = await renderTemplate(part.template, partContext);
        const t = document.createElement("template");
        t.innerHTML = html.trim();
        applySelectedOptions(t.content);
        const els = Array.from(t.content.children);
        if (els.length !== 1) throw new Error(`Template part "${partId}" must render a single HTML element.`);
        const el = els[0] as HTMLElement;
        el.dataset.applicationPart = partId;
        if (part.id) el.id = `${this.id}-${part.id}`;
        if (part.classes) el.classList.add(...part.classes);
        out[partId] = el;
      }
      return out;
    }

    override _replaceHTML(result: Record<string, HTMLElement>, content: HTMLElement, options: AnyObject): void {
      const PARTS = (this.constructor as unknown as typeof HandlebarsApplication).PARTS;
      for (const [partId, el] of Object.entries(result)) {
        const prior = this.parts[partId];
        if (prior && prior.isConnected) {
          const scroll = (PARTS[partId].scrollable ?? []).map((sel) => {
            const node = sel === "" ? prior : prior.querySelector(sel);
            return { sel, top: (node as HTMLElement | null)?.scrollTop ?? 0 };
          });
          prior.replaceWith(el);
          for (const { sel, top } of scroll) {
            const node = sel === "" ? el : el.querySelector(sel);
            if (node) (node as HTMLElement).scrollTop = top;
          }
        } else content.append(el);
        this.parts[partId] = el;
        this._attachPartListeners(partId, el, options);
      }
    }

    _attachPartListeners(_partId: string, _element: HTMLElement, _options: AnyObject): void {}

    override async close(options: AnyObject = {}): Promise<this> {
      const r = await super.close(options);
      this.parts = {};
      return r;
    }
  }
  return HandlebarsApplication;
}
