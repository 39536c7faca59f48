/**
 * Skill advancement (seed: "Skill Advancement"): during a session each skill rolled is marked
 * used (checks.ts does it when a skill is rolled; the sheet also lets a player toggle the mark).
 * At the end of the session one d10+ per marked skill — a Foundry roll of the d10+ die — goes to
 * the rules core's `resolveAdvancement`: an Auto advances, a Flub does not, otherwise
 * (roll + Focus) / 2 must exceed the level. A skill learned this session gets no check. The levels
 * are updated, every mark is cleared and one card lists each skill's roll and result.
 */
import * as R from "./rules";
import { format, localize, modelOf } from "../../core/game";
import { SYSTEM_ID, templatePath } from "../../core/ids";
import { audienceForMode, currentMessageMode, type MessageMode } from "../../core/compat";
import { rollDialog, skipDialog } from "../../core/rolls/dialog";
import { formatChance } from "../../core/rolls/odds-panel";
import { postCard } from "../../core/chat/post";
import { ToastActorModel } from "./data/actor";
import { ToastSkillModel } from "./data/items";
import { D10PlusDie } from "./dice/d10plus";
import { faceViews } from "./dice/check-roll";

const ADVANCEMENT_DIALOG = templatePath("toast/dialogs/advancement.hbs");

export interface AdvancementLine {
  itemId: string;
  name: string;
  result: R.AdvancementResult;
}

/** The skills an end-of-session roll looks at: marked used (or learned) this session. */
export function markedSkills(actor: Actor.Implementation): { item: Item.Implementation; model: ToastSkillModel }[] {
  return [...actor.items].flatMap((item) => {
    const model = modelOf(item, ToastSkillModel);
    return model && (model.used || model.learned) ? [{ item, model }] : [];
  });
}

/** Roll one d10+ with Foundry's dice and return the roll and its faces. */
export async function rollD10Plus(): Promise<{ roll: Roll; faces: number[] }> {
  const roll = new Roll(`1d${D10PlusDie.DENOMINATION}`);
  await roll.evaluate();
  const die = roll.dice[0];
  const faces = die instanceof D10PlusDie ? (die.d10PlusFaces[0] ?? []) : [];
  return { roll, faces };
}

/**
 * Roll the end-of-session advancement for every marked skill of the character, update the levels,
 * clear the marks and post one card. Returns the lines (empty when nothing was marked).
 */
/**
 * The end-of-session dialog: each marked skill with its exact chance to advance (from the core's
 * `advancementOdds`) and the roll mode. Null when cancelled; the current mode with the skip key.
 */
async function confirmSession(actor: Actor.Implementation, marked: { item: Item.Implementation; model: ToastSkillModel }[], focus: number, event?: Event | null): Promise<MessageMode | null> {
  if (skipDialog(event)) return currentMessageMode();
  const rows = marked.map(({ item, model }) => {
    const odds = model.level >= 1 ? R.advancementOdds({ level: model.level, focus, learnedThisSession: model.learned }) : null;
    const chance = odds ? formatChance(odds.success) : "—";
    const note = model.learned ? localize("BREADBOX.Toast.Advancement.Reason.learnedThisSession") : model.level < 1 ? "—" : format("BREADBOX.Toast.Advancement.Chance", { chance });
    return { name: item.name ?? "", level: model.level, note };
  });
  const content = await foundry.applications.handlebars.renderTemplate(ADVANCEMENT_DIALOG, { confirm: format("BREADBOX.Toast.Advancement.Confirm", { name: actor.name ?? "", focus }), rows });
  const answer = await rollDialog<true>({ title: localize("BREADBOX.Toast.Advancement.Title"), content, read: () => true });
  return answer ? answer.mode : null;
}

export async function endSession(actor: Actor.Implementation, event?: Event | null): Promise<AdvancementLine[]> {
  const model = modelOf(actor, ToastActorModel);
  if (!model || !actor.isOwner) return [];
  const marked = markedSkills(actor);
  if (!marked.length) {
    ui.notifications?.info(format("BREADBOX.Toast.Advancement.NoneMarked", { name: actor.name ?? "" }));
    return [];
  }
  if (marked.length > R.MAX_SESSION_CHECKS) throw new RangeError(`Breadbox | more than ${R.MAX_SESSION_CHECKS} advancement checks`);
  const focus = model.attributes.focus;
  const mode = await confirmSession(actor, marked, focus, event);
  if (mode === null) return [];
  const lines: AdvancementLine[] = [];
  const rolls: Roll[] = [];
  for (const { item, model: skill } of marked) {
    // A skill still at level 0 (never learned: learning by trying is off) has nothing to advance.
    if (skill.level < 1) continue;
    const learned = skill.learned;
    let faces: number[] = [];
    if (!learned) {
      const rolled = await rollD10Plus();
      rolls.push(rolled.roll);
      faces = rolled.faces;
    }
    lines.push({ itemId: item.id ?? "", name: item.name ?? "", result: R.resolveAdvancement({ level: skill.level, focus, learnedThisSession: learned }, faces) });
  }
  const updates = marked.map(({ item }) => {
    const line = lines.find((l) => l.itemId === item.id);
    const update: Record<string, unknown> = { _id: item.id, "system.used": false, "system.learned": false };
    if (line && line.result.advanced) update["system.level"] = line.result.newLevel;
    return update;
  });
  await actor.updateEmbeddedDocuments("Item", updates);
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("toast/chat/advancement.hbs"), {
    title: format("BREADBOX.Toast.Advancement.CardTitle", { name: actor.name ?? "" }),
    focus,
    lines: lines.map((l) => ({
      name: l.name,
      faces: faceViews(l.result.faces),
      score: l.result.score,
      advanced: l.result.advanced,
      reason: localize(`BREADBOX.Toast.Advancement.Reason.${l.result.reason}`),
      levels: l.result.advanced ? `${l.result.level} → ${l.result.newLevel}` : String(l.result.level),
    })),
  });
  await postCard({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls, flags: { [SYSTEM_ID]: { type: "toastAdvancement", actorUuid: actor.uuid } } }, audienceForMode(mode));
  return lines;
}
