/** Toaster's table cards: hit location and critical effects, rolled with Foundry dice and classified by the rules core. */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { actorFromUuidSync, format, localize } from "../../../core/game";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { audienceForMode, audienceOf, currentMessageMode, type Audience } from "../../../core/compat";
import { postCard } from "../../../core/chat/post";
import { cardFlags } from "../../../core/chat/trust";
import { toasterDie } from "../dice/foundry-die";
import { criticalEffectText, criticalTable, hitLocationTable, hitLocationText, tableUsedLine, type UsedTable } from "./roll-tables";

/** Roll on the hit-location table and post the result. */
export async function postHitLocation(speakerActor?: Actor.Implementation | null, audience: Audience = audienceForMode(currentMessageMode())): Promise<ChatMessage.Implementation | undefined> {
  const table = await hitLocationTable();
  const { value: loc, rolls } = await rollWithFoundryDice((rng) => R.rollHitLocation(rng, table.entries), { die: toasterDie, batch: true });
  const flags = { type: "toasterHitLocation", area: loc.area, location: loc.location };
  return postTableCard("BREADBOX.Toaster.HitLocation.Title", loc, [hitLocationText(loc.entry, table)], table, rolls, flags, speakerActor, audience);
}

/** Hit-location button on a resolution card: the table roll follows the resolution's audience. */
export async function onHitLocation(message: ChatMessage.Implementation): Promise<void> {
  const targetUuid = cardFlags(message).targetUuid;
  await postHitLocation(typeof targetUuid === "string" && targetUuid ? actorFromUuidSync(targetUuid) : null, audienceOf(message));
}

/** Roll on the critical table and post the effects (also offered on its own from the sheet). */
export async function postCritical(speakerActor?: Actor.Implementation | null, audience: Audience = audienceForMode(currentMessageMode())): Promise<ChatMessage.Implementation | undefined> {
  const table = await criticalTable();
  const { value: crit, rolls } = await rollWithFoundryDice((rng) => R.rollCritical(rng, table.entries), { die: toasterDie, batch: true });
  const flags = { type: "toasterCritical", effects: crit.effects.map((e) => e.key) };
  return postTableCard("BREADBOX.Toaster.Critical.Title", crit, crit.effects.map((e) => criticalEffectText(e, table)), table, rolls, flags, speakerActor, audience);
}

/** A table card: its title, the dice read, its lines, which table was used; the flags say what it rolled. */
async function postTableCard(
  title: string,
  dice: { d10: number; d6: number },
  lines: string[],
  table: UsedTable<unknown>,
  rolls: Roll[],
  flags: Record<string, unknown>,
  speakerActor: Actor.Implementation | null | undefined,
  audience: Audience,
): Promise<ChatMessage.Implementation | undefined> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize(title),
    // Which die read what: "Rolled d10 4 and d6 4", not a bare "4 / 4" (issue 24.5).
    dice: format("BREADBOX.Toaster.Tables.Dice", { d10: dice.d10, d6: dice.d6 }),
    lines,
    used: tableUsedLine(table),
  });
  const speaker = ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {});
  return postCard({ speaker, content, rolls, flags: { [SYSTEM_ID]: { ...flags, d10: dice.d10, d6: dice.d6, table: { source: table.source, name: table.name } } } }, audience);
}
