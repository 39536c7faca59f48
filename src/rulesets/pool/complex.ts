/**
 * Complex actions on the sheet ("Complex Actions"): the Storyguide sets a Difficulty, a required
 * Degree of Success and a roll frequency; each roll's degree is added (failures subtracted) by
 * the rules core's `advanceComplex` until the running total reaches the required degree. The
 * progress is stored on the actor and shown on every roll's card.
 */
import * as R from "./rules";
import { format, localize, modelOf } from "../../core/game";
import { PoolActorModel } from "./data/actor";
import { performPoolCheck } from "./checks";
import { complexCounting } from "./settings";
import type { PoolCheckRoll } from "./dice/pool-roll";
import type { ComplexNote } from "./complex-note";

export type { ComplexNote };

/** Advance a complex action by one classified roll: the new progress and the card's note. */
export function advanceByRoll(action: { name: string; difficulty: number; required: number; accumulated: number; rolls: number }, result: R.CheckResult, counting: R.ComplexCounting): ComplexNote {
  const spec: R.ComplexAction = { pool: result.pool, difficulty: result.difficulty, required: action.required, rollInterval: 1, counting };
  const before: R.ComplexProgress = { accumulated: action.accumulated, rolls: action.rolls, complete: action.accumulated >= action.required };
  const after = R.advanceComplex(spec, before, result);
  return { name: action.name, before: action.accumulated, step: after.accumulated - action.accumulated, after: after.accumulated, required: action.required, rolls: after.rolls, complete: after.complete };
}

/** Roll the next step of the actor's complex action at `index` and store the new running total. */
export async function rollComplexAction(actor: Actor.Implementation, index: number, event?: Event | null): Promise<PoolCheckRoll | null> {
  const model = modelOf(actor, PoolActorModel);
  const action = model?.complexActions[index];
  if (!model || !action) return null;
  if (action.accumulated >= action.required) {
    ui.notifications?.info(format("BREADBOX.Pool.Complex.AlreadyComplete", { name: action.name }));
    return null;
  }
  const has = (rows: { traitId: string }[], id: string) => rows.some((r) => r.traitId === id);
  const holder: { note: ComplexNote | null } = { note: null };
  const roll = await performPoolCheck(
    actor,
    {
      ability: has(model.abilityTree.rows, action.ability) ? action.ability : "",
      attribute: has(model.attributeTree.rows, action.attribute) ? action.attribute : "",
      difficulty: action.difficulty,
    },
    event,
    (r) => {
      const result = r.checkResult;
      if (!result) return null;
      holder.note = advanceByRoll(action, result, complexCounting());
      return { complex: holder.note };
    },
  );
  const done = holder.note;
  if (!roll || !done) return roll;
  const list = model.complexActions.map((c) => ({ ...c }));
  const entry = list[index];
  if (entry) {
    entry.accumulated = done.after;
    entry.rolls = done.rolls;
    await actor.update({ system: { complexActions: list } });
  }
  return roll;
}
