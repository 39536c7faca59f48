/**
 * Toaster turn order: initiative 1d10 + Coordination (a plain d10, 1–10), rolled again at the
 * start of every round unless the world setting keeps it. Ties: higher Coordination first, then
 * name (the rulebook's opposed Coordination roll is left to the GM when it matters).
 */
import * as R from "./rules";
import type { CombatRules } from "../../core/registry";
import { SYSTEM_ID } from "../../core/ids";
import { noteCardHtml } from "../../core/chat/note-card";
import { format, localize, modelOf } from "../../core/game";
import { toasterRules } from "./settings";
import { ToasterActorModel } from "./data/actor";
import { postCard } from "../../core/chat/post";
import { audienceForMode, type MessageMode } from "../../core/compat";

function coordination(actor: Actor.Implementation | null | undefined): number {
  return modelOf(actor, ToasterActorModel)?.effective?.coordination ?? 0;
}

/**
 * (Bleeding): at the start of each round every bleeding combatant loses its rate in stun; every
 * 10 stun lost to bleeding adds a wound. A chat note lists who bled. Only the client that advanced
 * the round does this (the GM, or the player whose turn ended the round), so it happens once.
 */
export async function bleedCombatants(combat: Combat.Implementation): Promise<string[]> {
  if (!toasterRules().bleeding) return [];
  // Who may read a line: a player-owned character's bleeding is public, an NPC's is the GM's.
  const lines: { text: string; audience: MessageMode }[] = [];
  const seen = new Set<string>();
  for (const c of combat.combatants) {
    const actor = c.actor;
    const data = modelOf(actor, ToasterActorModel);
    if (!actor || !data || seen.has(actor.uuid) || !actor.isOwner) continue;
    seen.add(actor.uuid);
    if (data.bleeding.rate <= 0 || data.wounds.value <= 0) continue;
    const next = R.bleed({ stun: data.stun.value, wounds: data.wounds.value, bleedStun: data.bleeding.value, rate: data.bleeding.rate }, 1);
    await actor.update({ system: { stun: { value: next.stun }, wounds: { value: next.wounds }, bleeding: { value: next.bleedStun } } });
    lines.push({
      text: format("BREADBOX.Toaster.Bleeding.Line", { name: actor.name ?? "", stun: data.bleeding.rate, wounds: next.wounds - data.wounds.value }),
      audience: actor.hasPlayerOwner ? "public" : "gm",
    });
  }
  // One card per audience (src/core/compat.ts maps the mode to v13's or v14's message fields).
  for (const mode of ["public", "gm"] as const) {
    const mine = lines.filter((l) => l.audience === mode);
    if (!mine.length) continue;
    const content = await noteCardHtml({ kind: "toaster-table", title: localize("BREADBOX.Toaster.Bleeding.Title"), items: mine.map((l) => l.text) });
    await postCard({ content, flags: { [SYSTEM_ID]: { type: "toasterBleeding" } } }, audienceForMode(mode));
  }
  return lines.map((l) => l.text);
}

export const toasterCombat: CombatRules = {
  initiativeFormula: () => "1d10 + @coordination",
  rerollEachRound: () => toasterRules().rerollInitiative,
  breakTie: (a, b) => coordination(b.actor) - coordination(a.actor),
  onRoundStart: async (combat) => {
    await bleedCombatants(combat);
  },
};
