/**
 * ui.notifications — https://foundryvtt.com/api/v13/classes/foundry.applications.ui.Notifications.html
 * info/warn/error/success/notify; every notification is recorded in `history` for tests.
 */
import { game } from "./state";
import type { AnyObject } from "./utils";

export interface HarnessNotification {
  id: number;
  type: "info" | "warning" | "error" | "success";
  message: string;
  options: AnyObject;
}

export class Notifications {
  history: HarnessNotification[] = [];
  #id = 1;

  notify(message: unknown, type: HarnessNotification["type"] = "info", options: AnyObject = {}): HarnessNotification {
    let text = message instanceof Error ? message.message : String(message);
    if (options.localize && game.i18n) text = options.format ? game.i18n.format(text, options.format) : game.i18n.localize(text);
    else if (options.format && game.i18n) text = game.i18n.format(text, options.format);
    const n: HarnessNotification = { id: this.#id++, type, message: text, options };
    this.history.push(n);
    return n;
  }
  info(message: unknown, options: AnyObject = {}): HarnessNotification {
    return this.notify(message, "info", options);
  }
  warn(message: unknown, options: AnyObject = {}): HarnessNotification {
    return this.notify(message, "warning", options);
  }
  error(message: unknown, options: AnyObject = {}): HarnessNotification {
    return this.notify(message, "error", options);
  }
  success(message: unknown, options: AnyObject = {}): HarnessNotification {
    return this.notify(message, "success", options);
  }
  remove(id: number | HarnessNotification): void {
    const i = typeof id === "number" ? id : id.id;
    this.history = this.history.filter((n) => n.id !== i);
  }
  clear(): void {
    this.history = [];
  }
}
