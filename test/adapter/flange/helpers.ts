/** Shared set-up for the Flange adapter tests. */
export async function flangeCharacter(name: string, system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

export const skill = (name: string, heading: string, dots: number, extra: Record<string, unknown> = {}) => ({ name, type: "flangeSkill", system: { heading, dots, ...extra } });

/** Peter Player's "Joe Average": two boxes off all nine, one more off Strength, Athleticism, Constitution. */
export const JOE_AVERAGE = { strength: 7, athleticism: 7, constitution: 7, perception: 8, dexterity: 8, appearance: 8, personality: 8, subtlety: 8, intellect: 8 };
