/**
 * foundry.applications.ux — TextEditor (enrichHTML, getDragEventData) and a minimal DragDrop.
 * VERIFY: enrichHTML returns the HTML unchanged (no @UUID links, inline rolls or secrets handling).
 */
import type { AnyObject } from "../utils";

export class TextEditor {
  static get implementation(): typeof TextEditor {
    return TextEditor;
  }
  static async enrichHTML(content: string | null | undefined, _options: AnyObject = {}): Promise<string> {
    return content ?? "";
  }
  /** Parse the JSON payload of a drag event (text/plain), or {} when absent/invalid. */
  static getDragEventData(event: { dataTransfer?: { getData(type: string): string } | null }): AnyObject {
    try {
      return JSON.parse(event.dataTransfer?.getData("text/plain") ?? "") ?? {};
    } catch {
      return {};
    }
  }
}

export class DragDrop {
  dragSelector: string | null;
  dropSelector: string | null;
  permissions: AnyObject;
  callbacks: AnyObject;
  static get implementation(): typeof DragDrop {
    return DragDrop;
  }
  constructor({ dragSelector = null, dropSelector = null, permissions = {}, callbacks = {} }: AnyObject = {}) {
    this.dragSelector = dragSelector;
    this.dropSelector = dropSelector;
    this.permissions = permissions;
    this.callbacks = callbacks;
  }
  can(action: string, selector: string | null): boolean {
    const fn = this.permissions[action];
    return fn ? fn(selector) : true;
  }
  bind(html: HTMLElement): this {
    if (this.dragSelector && this.can("dragstart", this.dragSelector)) {
      for (const el of Array.from(html.querySelectorAll(this.dragSelector)) as HTMLElement[]) {
        el.setAttribute("draggable", "true");
        el.addEventListener("dragstart", (e) => this.callbacks.dragstart?.(e));
      }
    }
    if (this.can("drop", this.dropSelector)) {
      const targets = this.dropSelector ? (Array.from(html.querySelectorAll(this.dropSelector)) as HTMLElement[]) : [html];
      for (const el of targets) {
        el.addEventListener("dragover", (e) => this.callbacks.dragover?.(e));
        el.addEventListener("drop", (e) => this.callbacks.drop?.(e));
      }
    }
    return this;
  }
}

/** Harness helper: a drop event carrying `data` as text/plain JSON. */
export function makeDropEvent(data: AnyObject): DragEvent {
  const payload = JSON.stringify(data);
  const event = new Event("drop", { bubbles: true, cancelable: true }) as DragEvent;
  Object.defineProperty(event, "dataTransfer", { value: { getData: (t: string) => (t === "text/plain" ? payload : ""), setData() {}, types: ["text/plain"] } });
  return event;
}
