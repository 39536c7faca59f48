/**
 * foundry.applications.api.DialogV2 — https://foundryvtt.com/api/v13/classes/foundry.applications.api.DialogV2.html
 * Renders <dialog> > form.dialog-form > div.dialog-content + footer.form-footer > buttons.
 * Pressing a button calls button.callback(event, button, dialog) (or yields button.action), passes
 * the result to options.submit(result, dialog), and closes the dialog.
 * wait() resolves with that result; closing without a button resolves null, or rejects when
 * rejectClose is true (VERIFY: v13 default rejectClose false).
 */
import { escapeHTML, type AnyObject } from "../utils";
import { game } from "../state";
import { ApplicationV2, applySelectedOptions, instances, settle, track } from "./application";
import { FormDataExtended } from "./form-data";

export interface DialogButton {
  action: string;
  label?: string;
  icon?: string;
  class?: string;
  default?: boolean;
  type?: string;
  callback?: (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;
}

export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    form: { closeOnSubmit: true },
    window: { frame: true, positioned: true, minimizable: false },
    buttons: [],
    content: "",
    modal: false,
  };

  #submitted = false;

  override async _renderHTML(_context: AnyObject, _options: AnyObject): Promise<HTMLFormElement> {
    const form = document.createElement("form");
    form.className = "dialog-form standard-form";
    form.autocomplete = "off";
    const content = document.createElement("div");
    content.className = "dialog-content standard-form";
    const c = this.options.content;
    if (c instanceof HTMLElement) content.append(c);
    else content.innerHTML = String(c ?? "");
    applySelectedOptions(content);
    const footer = document.createElement("footer");
    footer.className = "form-footer";
    const buttons = (this.options.buttons ?? []) as DialogButton[];
    const hasDefault = buttons.some((b) => b.default);
    buttons.forEach((b, i) => {
      const el = document.createElement("button");
      el.type = (b.type as "submit" | "button") ?? "submit";
      el.dataset.action = b.action;
      if (b.class) el.className = b.class;
      if (b.default || (!hasDefault && i === 0)) el.autofocus = true;
      const label = game.i18n ? game.i18n.localize(b.label ?? b.action) : (b.label ?? b.action);
      el.innerHTML = `${b.icon ? `<i class="${escapeHTML(b.icon)}"></i>` : ""}<span>${escapeHTML(label)}</span>`;
      el.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        void track(this._onSubmit(el, event));
      });
      footer.append(el);
    });
    form.append(content, footer);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const submitter = ((event as SubmitEvent).submitter as HTMLButtonElement | null) ?? (form.querySelector("button[autofocus]") as HTMLButtonElement | null);
      if (submitter) void track(this._onSubmit(submitter, event));
    });
    return form;
  }

  override _replaceHTML(result: unknown, content: HTMLElement, _options: AnyObject): void {
    content.replaceChildren(result as HTMLElement);
  }

  override async _onFirstRender(context: AnyObject, options: AnyObject): Promise<void> {
    await super._onFirstRender(context, options);
    const el = this.element as HTMLDialogElement;
    try {
      if (this.options.modal) el.showModal?.();
      else el.show?.();
    } catch {
      el.setAttribute("open", "");
    }
  }

  async _onSubmit(target: HTMLButtonElement, event: Event): Promise<this> {
    const button = ((this.options.buttons ?? []) as DialogButton[]).find((b) => b.action === target.dataset.action);
    if (!button) throw new Error(`Unknown dialog button "${target.dataset.action}"`);
    const result = button.callback ? await button.callback(event, target, this) : button.action;
    this.#submitted = true;
    await this.options.submit?.(result, this);
    return this.options.form?.closeOnSubmit !== false ? this.close({ submitted: true }) : this;
  }

  get submitted(): boolean {
    return this.#submitted;
  }

  static async wait({ rejectClose = false, close, render, ...options }: AnyObject = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const userSubmit = options.submit;
      const dialog = new this({
        ...options,
        submit: async (result: unknown, d: DialogV2) => {
          await userSubmit?.(result, d);
          resolve(result);
        },
      });
      dialog.addEventListener("close", (event) => {
        const r = close?.(event, dialog);
        if (dialog.submitted) return;
        if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
        else resolve(r ?? null);
      });
      if (render) dialog.addEventListener("render", (event) => render(event, dialog));
      dialog.render({ force: true }).catch(reject);
    });
  }

  static async confirm({ yes = {}, no = {}, ...options }: AnyObject = {}): Promise<unknown> {
    options.buttons ??= [];
    options.buttons.unshift(
      { action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true, ...yes },
      { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false, ...no },
    );
    return this.wait(options);
  }

  static async prompt({ ok = {}, ...options }: AnyObject = {}): Promise<unknown> {
    options.buttons ??= [];
    options.buttons.unshift({ action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true, ...ok });
    return this.wait(options);
  }

  /** Prompt whose result is the form data object of the dialog's inputs. */
  static async input({ ok = {}, ...options }: AnyObject = {}): Promise<unknown> {
    return this.prompt({ ...options, ok: { callback: (_e: Event, button: HTMLButtonElement) => new FormDataExtended(button.form!).object, ...ok } });
  }
}

// ------------------------------------------------------------------ test helpers

/** Rendered dialogs, oldest first. */
export function openDialogs(): DialogV2[] {
  return [...instances.values()].filter((a): a is DialogV2 => a instanceof DialogV2 && a.rendered);
}

/** Wait (up to timeoutMs) until a dialog is open; returns the newest one. */
export async function waitForDialog(timeoutMs = 2000): Promise<DialogV2> {
  const start = Date.now();
  for (;;) {
    const open = openDialogs();
    if (open.length) return open[open.length - 1];
    if (Date.now() - start > timeoutMs) throw new Error("No dialog opened");
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Set named inputs of an application's element (value, or checked for checkboxes), firing input/change. */
export function fillForm(root: HTMLElement, values: AnyObject): void {
  for (const [name, value] of Object.entries(values)) {
    const els = Array.from(root.querySelectorAll(`[name="${name}"]`)) as (HTMLInputElement | HTMLSelectElement)[];
    if (!els.length) throw new Error(`No input named "${name}"`);
    for (const el of els) {
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = !!value;
      else if (el instanceof HTMLInputElement && el.type === "radio") el.checked = el.value === String(value);
      else el.value = String(value ?? "");
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}

/**
 * Answer the newest open dialog (or `dialog`): fill inputs by name, click the button with `action`
 * (default: the autofocus/default button), and wait for the resulting work to settle.
 */
export async function answerDialog({ action, fill, dialog }: { action?: string; fill?: AnyObject; dialog?: DialogV2 } = {}): Promise<void> {
  const d = dialog ?? (await waitForDialog());
  if (fill) fillForm(d.element, fill);
  const button = (action ? d.element.querySelector(`button[data-action="${action}"]`) : d.element.querySelector("button[autofocus]") ?? d.element.querySelector("button[data-action]")) as HTMLButtonElement | null;
  if (!button) throw new Error(`Dialog has no button "${action}"`);
  button.click();
  await settle();
}

/** Close the newest open dialog without pressing a button. */
export async function dismissDialog(dialog?: DialogV2): Promise<void> {
  const d = dialog ?? (await waitForDialog());
  await d.close();
  await settle();
}
