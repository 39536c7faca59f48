/** Shared set-up for the Toast combat adapter tests: the system booted, Toast characters. */
import { bootSystem } from "../toaster/boot";
import { asUser } from "../../harness/index";
import { applyOrRelay } from "../../../src/core/relay";
import { ledgerEntry } from "../../../src/core/chat/ledger";

export { bootSystem };

export const AVERAGE = { strength: 10, agility: 10, hec: 10, health: 10, tolerance: 10, perception: 10, focus: 10, empathy: 10, will: 10, psyche: 10 };

export async function toastCharacter(name: string, attributes: Partial<typeof AVERAGE> = {}, items: Record<string, unknown>[] = [], system: Record<string, unknown> = {}): Promise<any> {
  const actor: any = await Actor.create({ name, type: "toast", system: { attributes: { ...AVERAGE, ...attributes }, ...system } } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

export function skill(name: string, key: string, baseAttributes: string[], level: number, category = "weapon"): Record<string, unknown> {
  return { name, type: "toastSkill", system: { key, category, baseAttributes, level } };
}

export function weapon(name: string, skillName: string, system: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: skillName, equipped: true, ...system } };
}

export function armor(name: string, woundReduction: number, encumbrance: number, armorType = ""): Record<string, unknown> {
  return { name, type: "toastArmor", system: { armorType, woundReduction, encumbrance, equipped: true } };
}

export function lastMessage(): any {
  return (game as any).messages.contents.at(-1);
}

export function notes(): string[] {
  return (ui as any).notifications.history.map((n: any) => n.message);
}

/** The engine's cards of an attack (src/core/exchange/engine.ts). */
export const DECLARATION = "exchangeDeclaration";
export const RESOLUTION = "exchangeResolution";

/** The resolution cards of an attack's declaration. */
export function resolutionsOf(declarationId: string): any[] {
  return (game as any).messages.contents.filter((m: any) => m.flags?.breadbox?.type === RESOLUTION && m.flags.breadbox.declarationId === declarationId);
}

/**
 * Click a card's button as `user` (null: the GM), the skip key held unless `skip` is false (then
 * answer the dialog), through the card's rendered HTML (the button must be visible to her), and
 * wait for its handler to finish.
 */
export async function clickCard(user: User | null, message: any, action: string, skip = true): Promise<void> {
  const run = async () => {
    const html: HTMLElement = await message.renderHTML();
    const button = html.querySelector<HTMLButtonElement>(`[data-bb-action="${action}"]`);
    if (!button) throw new Error(`no visible ${action} button`);
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: skip }));
    // The dispatcher disables the button while its handler runs.
    for (let i = 0; i < 1000 && button.disabled; i++) await new Promise((r) => setTimeout(r, 0));
  };
  await (user ? asUser(user, run) : run());
}

/**
 * Defend through the relay as `user` (what the Defend button sends after its dialog): a skill id or
 * "none", and a situational modifier. Returns the relay's answer and the resolution card, if any.
 */
export async function defend(user: User | null, card: any, target: Actor.Implementation, choice: string, situational: unknown = 0): Promise<{ r: any; resolution: any }> {
  const send = () => applyOrRelay("core.respond", target, { messageId: card.id, response: "defend", choices: { choice, situational }, mode: "public" });
  const r: any = await (user ? asUser(user, send) : send());
  return { r, resolution: r.ok ? (game as any).messages.get(r.data.resolutionId) : null };
}

/** What a resolution shows (display flags) and what the GM recorded for Apply (its damage, or null). */
export function outcomeOf(resolution: any): { outcome: string; damage: number | null } {
  // A hidden resolution's outcome is kept on the card (the record holds its seal).
  const damage = (ledgerEntry(resolution?.id)?.exchange?.outcome ?? resolution?.flags.breadbox.sealedOutcome)?.damage;
  return { outcome: resolution?.flags.breadbox.outcome, damage: typeof damage === "number" ? damage : null };
}
