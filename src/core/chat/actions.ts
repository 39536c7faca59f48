/**
 * Chat-card action dispatch. Cards rendered by the system carry buttons with
 * data-bb-action="<rulesetId>.<action>"; one renderChatMessageHTML hook attaches a single
 * listener per message and dispatches to the ruleset's handler. Buttons may restrict who sees
 * them with data-bb-visible: "gm", "author", or "owner:<uuid>[,<uuid>…]".
 */
import { currentUser, format, lookupUuidSync } from "../game";

export type { ChatActionHandler } from "../plugin-types";
import type { ChatActionHandler } from "../plugin-types";
import { namedActions } from "../named-actions";
import { getRuleset } from "../registry";
import { loadRuleset, rulesetLoaded } from "../lazy";

const chatActions = namedActions<ChatActionHandler>("chat action", (r) => r.chatActions);

/** Register one of core's own card buttons (`data-bb-action="core.<name>"`), e.g. the exchange engine's. */
export function registerCoreChatAction(name: string, handler: ChatActionHandler): void {
  chatActions.register(name, handler);
}

function findAction(action: string): ChatActionHandler | undefined {
  return chatActions.find(action);
}

/** Whether the current user may see/use a button with the given visibility rule. */
export function buttonVisible(rule: string | undefined, message: ChatMessage.Implementation): boolean {
  if (!rule) return true;
  const user = currentUser();
  if (user.isGM) return true;
  if (rule === "gm") return false;
  if (rule === "author") return message.author?.id === user.id;
  if (rule.startsWith("owner:")) {
    // One or more UUIDs, comma-separated: visible to an owner of any of them.
    return rule
      .slice("owner:".length)
      .split(",")
      .some((uuid) => Boolean((lookupUuidSync(uuid.trim()) as { isOwner?: boolean } | null)?.isOwner));
  }
  // An unknown rule (a typo in a template) hides the button rather than showing it to everyone.
  return false;
}

/**
 * Buttons that spend what a document may not have (issue 24.6): `data-bb-needs-uuid`,
 * `data-bb-needs-path` (a property of that document, e.g. "system.luck.value"),
 * `data-bb-needs-min` and `data-bb-needs-reason` (a key formatted with {name}, {have}, {min}).
 * Below the minimum the button is marked aria-disabled, says why (tooltip and aria-description)
 * and does nothing when clicked; it stays focusable, so a keyboard user hears the reason. Only
 * `uuid`'s buttons are refreshed when given (that document changed).
 */
export function refreshNeeds(root: ParentNode, uuid?: string): void {
  for (const button of root.querySelectorAll<HTMLElement>("[data-bb-needs-uuid]")) {
    const { bbNeedsUuid: target = "", bbNeedsPath: path = "", bbNeedsMin: min = "0", bbNeedsReason: reason = "" } = button.dataset;
    if (uuid !== undefined && target !== uuid) continue;
    const doc = lookupUuidSync(target) as { name?: string } | null;
    const have = Number(doc ? foundry.utils.getProperty(doc, path) : NaN);
    const short = !Number.isFinite(have) || have < Number(min);
    if (short) {
      const why = format(reason, { name: doc?.name ?? "", have: Number.isFinite(have) ? have : 0, min: Number(min) });
      button.setAttribute("aria-disabled", "true");
      button.setAttribute("aria-description", why);
      button.dataset.tooltip = why;
    } else {
      button.removeAttribute("aria-disabled");
      button.removeAttribute("aria-description");
      delete button.dataset.tooltip;
    }
  }
}

/** Refresh the rendered cards' spending buttons of a document that changed (the `updateActor` hook). */
export function onNeedsDocumentUpdate(doc: { uuid: string }): void {
  const log = globalThis.document?.body;
  if (log) refreshNeeds(log, doc.uuid);
}

export function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLElement>("[data-bb-visible]")) {
    if (!buttonVisible(button.dataset.bbVisible, message)) button.remove();
  }
  refreshNeeds(html);
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-bb-action]");
    if (!button || !html.contains(button)) return;
    const action = button.dataset.bbAction ?? "";
    const handler = findAction(action);
    if (!handler) {
      // A card of a ruleset this client has not loaded (an old card of another ruleset): load it, then click again.
      const id = action.split(".", 1)[0] ?? "";
      if (getRuleset(id) && !rulesetLoaded(id)) {
        event.preventDefault();
        void loadRuleset(id).then(() => button.click());
      }
      return;
    }
    event.preventDefault();
    // A button that cannot be used says why instead of acting.
    if (button.getAttribute("aria-disabled") === "true") {
      ui.notifications?.warn(button.getAttribute("aria-description") ?? "");
      return;
    }
    if (button instanceof HTMLButtonElement) button.disabled = true;
    Promise.resolve(handler(message, button, event))
      .catch((err: unknown) => {
        console.error("Breadbox | chat action failed", err);
        ui.notifications?.error(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (button instanceof HTMLButtonElement) button.disabled = false;
      });
  });
}
