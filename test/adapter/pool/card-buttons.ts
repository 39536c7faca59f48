/**
 * Click a button of a chat card the way a user does: the card rendered for `user` (buttons they may
 * not see are removed), the button clicked (core's chat-action dispatch: the exchange engine's
 * `core.respond` / `core.apply`), and the handler awaited (its button is enabled again when done).
 * Resolves false when the user sees no such button.
 */
import { asUser } from "../../harness/index";

export async function clickCardButton(user: any, message: any, selector: string, init: MouseEventInit = {}): Promise<boolean> {
  return asUser(user, async () => {
    const html: HTMLElement = await message.renderHTML();
    const button = html.querySelector<HTMLButtonElement>(selector);
    if (!button) return false;
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, ...init }));
    while (button.disabled) await new Promise((resolve) => setTimeout(resolve, 0));
    return true;
  });
}

export const RESPOND = (response: "oppose" | "none") => `[data-bb-action="core.respond"][data-response="${response}"]`;
export const APPLY = '[data-bb-action="core.apply"]';
