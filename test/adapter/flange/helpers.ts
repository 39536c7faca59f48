/** Shared set-up for the Flange adapter tests. */
import { asUser } from "../../harness/index";
import { DECLARATION, RESOLUTION } from "../../../src/core/exchange/engine";
import { applyThroughRelay, respondThroughRelay, shift } from "../exchange-relay";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { NO_CHOICES } from "../../../src/rulesets/flange/combat/inputs";
export async function flangeCharacter(name: string, system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "flange", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

export const skill = (name: string, heading: string, dots: number, extra: Record<string, unknown> = {}) => ({ name, type: "flangeSkill", system: { heading, dots, ...extra } });

/** Peter Player's "Joe Average": two boxes off all nine, one more off Strength, Athleticism, Constitution. */
export const JOE_AVERAGE = { strength: 7, athleticism: 7, constitution: 7, perception: 8, dexterity: 8, appearance: 8, personality: 8, subtlety: 8, intellect: 8 };

/* ---------- the attack on core's exchange engine ---------- */

export { shift };
const msgs = (): any[] => (game as any).messages.contents;
/** Attack (declaration) cards and resolution cards of the engine. */
export const declarations = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === DECLARATION);
export const resolutions = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === RESOLUTION);

/** A response button clicked on an attack card (its dialog, shift-skipped by default, then the relay). */
export const respond = (user: any, card: any, response: string, event: Event | null = shift): Promise<any> => respondThroughRelay(user, card, response, event);

/** The Apply button of a resolution card (`core.apply`). */
export const applyResolution = applyThroughRelay;

/** An attack card written by hand (a player's console): any flags, posted as a declaration of the Flange attack. */
export async function handWrittenAttack(user: any, attacker: any, target: any, choices: Record<string, unknown> = {}): Promise<any> {
  const weaponId = attacker.items.find((i: any) => i.type === "flangeWeapon").id;
  const card = await asUser(user, () =>
    ChatMessage.create({ content: "x", flags: { breadbox: { type: DECLARATION, exchange: "flange.attack", attackerUuid: attacker.uuid, targetUuid: target.uuid, choices: { ...NO_CHOICES, weaponId, simultaneous: null, ...choices } } } } as never),
  );
  await ledgerSettled();
  return card;
}
