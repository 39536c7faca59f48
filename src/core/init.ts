/**
 * Core wiring at init: document classes, every registered ruleset's data models, sheets, dice,
 * rolls, status effects, token bars, settings, the GM relay, and chat-card actions.
 */
import { allRulesets } from "./registry";
import { BreadboxActor } from "./documents/actor";
import { BreadboxItem } from "./documents/item";
import { BreadboxCombat, BreadboxCombatant } from "./documents/combat";
import { registerCoreSettings } from "./settings";
import { registerRelay } from "./relay";
import { onRenderChatMessage } from "./chat/actions";
import { migrateWorldIfNeeded } from "./migrations";
import { SYSTEM_ID } from "./ids";

type AnyRecord = Record<string, unknown>;

export function initCore(): void {
  CONFIG.Actor.documentClass = BreadboxActor as never;
  CONFIG.Item.documentClass = BreadboxItem as never;
  CONFIG.Combat.documentClass = BreadboxCombat as never;
  CONFIG.Combatant.documentClass = BreadboxCombatant as never;

  const actorModels = ((CONFIG.Actor as unknown as AnyRecord).dataModels ??= {}) as AnyRecord;
  const itemModels = ((CONFIG.Item as unknown as AnyRecord).dataModels ??= {}) as AnyRecord;
  const trackable = ((CONFIG.Actor as unknown as AnyRecord).trackableAttributes ??= {}) as AnyRecord;
  const diceTerms = CONFIG.Dice.terms as unknown as AnyRecord;
  const diceRolls = CONFIG.Dice.rolls as unknown as unknown[];
  const statusEffects = CONFIG.statusEffects as unknown as { id: string }[];

  const DocumentSheetConfig = foundry.applications.apps.DocumentSheetConfig;
  for (const r of allRulesets()) {
    Object.assign(actorModels, r.actorModels);
    Object.assign(itemModels, r.itemModels);
    Object.assign(trackable, r.trackableAttributes ?? {});
    for (const term of r.dieTerms ?? []) {
      diceTerms[term.DENOMINATION] = term;
      // Rebuilding a serialized roll looks the term class up by its name.
      const termTypes = (CONFIG.Dice as unknown as { termTypes?: AnyRecord }).termTypes;
      if (termTypes) termTypes[(term as unknown as { name: string }).name] = term;
    }
    for (const roll of r.rolls ?? []) if (!diceRolls.includes(roll)) diceRolls.push(roll);
    for (const effect of r.statusEffects ?? []) if (!statusEffects.some((e) => e.id === effect.id)) statusEffects.push(effect);
    for (const s of r.actorSheets) {
      DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, s.sheetClass as never, { types: s.types, makeDefault: true, label: s.label } as never);
    }
    for (const s of r.itemSheets) {
      DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, s.sheetClass as never, { types: s.types, makeDefault: true, label: s.label } as never);
    }
  }

  registerCoreSettings();
  registerRelay();

  Hooks.on("renderChatMessageHTML", ((message: ChatMessage.Implementation, html: HTMLElement) => onRenderChatMessage(message, html)) as never);

  const templates = allRulesets().flatMap((r) => r.templates ?? []);
  if (templates.length) void foundry.applications.handlebars.loadTemplates(templates);

  for (const r of allRulesets()) r.init?.();
}

export async function readyCore(): Promise<void> {
  await migrateWorldIfNeeded();
  for (const r of allRulesets()) r.ready?.();
}
