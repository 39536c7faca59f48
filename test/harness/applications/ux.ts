/**
 * foundry.applications.ux — TextEditor (enrichHTML, getDragEventData) and a minimal DragDrop.
 * VERIFY: enrichHTML applies only the custom enrichers of CONFIG.TextEditor.enrichers (README 66);
 * core's own (@UUID links, inline rolls, secrets) are not modelled.
 */
import type { AnyObject } from "../utils";

export class TextEditor {
  static get implementation(): typeof TextEditor {
    return TextEditor;
  }
  static async enrichHTML(content: string | null | undefined, options: AnyObject = {}): Promise<string> {
    const html = content ?? "";
    const enrichers: EnricherConfig[] = (globalThis as AnyObject).CONFIG?.TextEditor?.enrichers ?? [];
    if (!enrichers.length || typeof document === "undefined") return html;
    const root = document.createElement("div");
    root.innerHTML = html;
    for (const config of enrichers) await applyEnricher(root, config, options);
    return root.innerHTML;
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

/** A custom enricher (CONFIG.TextEditor.enrichers): a global pattern and an async replacement. */
interface EnricherConfig {
  pattern: RegExp;
  enricher(match: RegExpMatchArray, options?: AnyObject): Promise<HTMLElement | null>;
}

/** Every text node under `root`, in document order. */
function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === 3) out.push(child as Text);
    else out.push(...textNodes(child));
  }
  return out;
}

/**
 * One enricher over the text (never inside tags or attributes): each match is replaced by the
 * element its enricher returns; a null keeps the matched text (README 66).
 */
async function applyEnricher(root: HTMLElement, config: EnricherConfig, options: AnyObject): Promise<void> {
  for (const node of textNodes(root)) {
    const text = node.textContent ?? "";
    const matches = [...text.matchAll(new RegExp(config.pattern.source, config.pattern.flags.includes("g") ? config.pattern.flags : `${config.pattern.flags}g`))];
    if (!matches.length) continue;
    const parts: (string | Node)[] = [];
    let at = 0;
    for (const m of matches) {
      const start = m.index ?? 0;
      const element = await config.enricher(m, options);
      if (!element) continue;
      parts.push(text.slice(at, start), element);
      at = start + m[0].length;
    }
    if (!parts.length) continue;
    parts.push(text.slice(at));
    node.replaceWith(...parts);
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
