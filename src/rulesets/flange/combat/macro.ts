/** The attack macro: `game.breadbox.flangeAttack(weaponName, actorUuid?)` (a script entry point). */
import { itemsWithModel } from "../../../core/foundry";
import { lookupUuidSync, modelOf, notify } from "../../../core/game";
import { BreadboxActor } from "../../../core/documents/actor";
import { FlangeActorModel } from "../data/actor";
import { FlangeWeaponModel } from "../data/weapons";
import { attackWithWeapon } from "./attack";

/**
 * Script entry point (macros, `game.breadbox.flangeAttack`): attack with the named weapon of an
 * actor (its UUID, else the speaking actor: the selected token's, else the user's character)
 * against the user's target. Anything missing is a notification, not an error.
 */
export async function flangeAttackMacro(weaponName: unknown, actorUuid?: unknown, event?: Event | null): Promise<ChatMessage.Implementation | null> {
  const named = typeof actorUuid === "string" ? lookupUuidSync(actorUuid) : null;
  const actor = named instanceof BreadboxActor ? named : (ChatMessage.getSpeakerActor(ChatMessage.getSpeaker()) ?? game.user?.character ?? null);
  const item = actor && typeof weaponName === "string" ? itemsWithModel(actor, FlangeWeaponModel).find((w) => w.item.name === weaponName)?.item : undefined;
  if (!actor || !modelOf(actor, FlangeActorModel) || !item) {
    notify("warn", "BREADBOX.Hotbar.NoActor", { name: typeof weaponName === "string" ? weaponName : "" });
    return null;
  }
  return attackWithWeapon(actor, item, event);
}
