/** Toaster's table cards: hit location and critical effects, rolled with Foundry dice and classified by the rules core. */
import * as R from "../rules";
import { SYSTEM_ID, templatePath } from "../../../core/ids";
import { actorFromUuidSync, localize } from "../../../core/game";
import { rollWithFoundryDice } from "../../../core/rolls/foundry-dice";
import { audienceForMode, audienceOf, currentMessageMode, type Audience } from "../../../core/compat";
import { postCard } from "../../../core/chat/post";
import { cardFlags } from "../../../core/chat/trust";
import { toasterDie } from "../dice/foundry-die";
import { criticalEffectText, criticalTable, hitLocationTable, hitLocationText, tableUsedLine } from "./roll-tables";

/** Roll on the hit-location table and post the result. */
export async function postHitLocation(speakerActor?: Actor.Implementation | null, audience: Audience = audienceForMode(currentMessageMode())): Promise<ChatMessage.Implementation | undefined> {
  const table = await hitLocationTable();
  const { value: loc, rolls } = await rollWithFoundryDice((rng) => R.rollHitLocation(rng, table.entries), { die: toasterDie, batch: true });
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.HitLocation.Title"),
    dice: `${loc.d10} / ${loc.d6}`,
    lines: [hitLocationText(loc.entry, table)],
    used: tableUsedLine(table),
  });
  return postCard(
    {
      speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}),
      content,
      rolls,
      flags: { [SYSTEM_ID]: { type: "toasterHitLocation", d10: loc.d10, d6: loc.d6, area: loc.area, location: loc.location, table: { source: table.source, name: table.name } } },
    },
    audience,
  );
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
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toaster/chat/table.hbs"), {
    title: localize("BREADBOX.Toaster.Critical.Title"),
    dice: `${crit.d10} / ${crit.d6}`,
    lines: crit.effects.map((e) => criticalEffectText(e, table)),
    used: tableUsedLine(table),
  });
  return postCard(
    {
      speaker: ChatMessage.getSpeaker(speakerActor ? { actor: speakerActor } : {}),
      content,
      rolls,
      flags: { [SYSTEM_ID]: { type: "toasterCritical", d10: crit.d10, d6: crit.d6, effects: crit.effects.map((e) => e.key), table: { source: table.source, name: table.name } } },
    },
    audience,
  );
}
