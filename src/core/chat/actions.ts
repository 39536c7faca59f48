/**
 * Chat-card action dispatch. Cards rendered by the system carry buttons with
 * data-bb-action="<rulesetId>.<action>"; one renderChatMessageHTML hook attaches a single
 * listener per message and dispatches to the ruleset's handler. Buttons may restrict who sees
 * them with data-bb-visible: "gm", "author", or "owner:<uuid>[,<uuid>…]".
 */
import { currentUser, lookupUuidSync } from "../game";

export type { ChatActionHandler } from "../plugin-types";
import type { ChatActionHandler } from "../plugin-types";
import { namedActions } from "../named-actions";

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

export function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLElement>("[data-bb-visible]")) {
    if (!buttonVisible(button.dataset.bbVisible, message)) button.remove();
  }
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-bb-action]");
    if (!button || !html.contains(button)) return;
    const handler = findAction(button.dataset.bbAction ?? "");
    if (!handler) return;
    event.preventDefault();
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
