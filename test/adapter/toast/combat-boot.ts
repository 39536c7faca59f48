/** Shared set-up for the Toast combat adapter tests: the system booted, Toast characters. */
import { bootSystem } from "../toaster/boot";

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
