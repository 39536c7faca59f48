/** Shared set-up for the Flange adapter tests. */
import { asUser } from "../../harness/index";
import { applyOrRelay } from "../../../src/core/relay";
import { declarationOnCard, DECLARATION, RESOLUTION } from "../../../src/core/exchange/engine";
import { ledgerSettled } from "../../../src/core/chat/ledger";
import { flangeAttack } from "../../../src/rulesets/flange/combat/attack";
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

export const shift = new MouseEvent("click", { shiftKey: true });
const msgs = (): any[] => (game as any).messages.contents;
/** Attack (declaration) cards and resolution cards of the engine. */
export const declarations = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === DECLARATION);
export const resolutions = (): any[] => msgs().filter((m) => m.flags?.breadbox?.type === RESOLUTION);

/**
 * A response button clicked on an attack card (as the engine's `core.respond` button does: the
 * response's dialog, shift-skipped by default, then the relay).
 */
export async function respond(user: any, card: any, response: string, event: Event | null = shift): Promise<any> {
  await ledgerSettled();
  return asUser(user, async () => {
    const onCard = declarationOnCard(card);
    if (!onCard) throw new Error("not a declaration");
    const answer = await flangeAttack.respondDialog!(onCard.declared as any, response, event);
    if (!answer) return null;
    return applyOrRelay("core.respond", onCard.declared.target, { messageId: card.id, response, choices: answer.choices, mode: answer.mode });
  });
}

/** The Apply button of a resolution card (`core.apply`). */
export function applyResolution(user: any, res: any): Promise<any> {
  return asUser(user, () => applyOrRelay("core.apply", { uuid: res.flags.breadbox.targetUuid }, { messageId: res.id }));
}

/** An attack card written by hand (a player's console): any flags, posted as a declaration of the Flange attack. */
export async function handWrittenAttack(user: any, attacker: any, target: any, choices: Record<string, unknown> = {}): Promise<any> {
  const weaponId = attacker.items.find((i: any) => i.type === "flangeWeapon").id;
  const card = await asUser(user, () =>
    ChatMessage.create({ content: "x", flags: { breadbox: { type: DECLARATION, exchange: "flange.attack", attackerUuid: attacker.uuid, targetUuid: target.uuid, choices: { ...NO_CHOICES, weaponId, simultaneous: null, ...choices } } } } as never),
  );
  await ledgerSettled();
  return card;
}
