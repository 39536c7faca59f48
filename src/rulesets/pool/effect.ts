/**
 * "Rolling the dice": when the Degree of Success modifies an Effect Level, the player applies it
 * up or down. The check card offers both (buttons for the message's author, who owns the message);
 * the choice is stored in the roll's options and the card re-renders with the result. The result is
 * always computed from the roll's own classified degree by the rules core, never from the button.
 */
import * as R from "./rules";
import { currentUser, localize } from "../../core/game";
import { updateRolls } from "../../core/foundry";
import { PoolCheckRoll } from "./dice/pool-roll";

/** Chat action `pool.effect`: record the author's raise/lower choice on the check's roll (once). */
export async function onEffectChoice(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const direction = R.EFFECT_DIRECTIONS.find((d) => d === button.dataset.direction);
  const user = currentUser();
  if (!direction || !(message.author?.id === user.id || user.isGM)) {
    ui.notifications?.warn(localize("BREADBOX.Pool.Effect.NotYours"));
    return;
  }
  const rolls = [...message.rolls];
  const roll = rolls.find((r): r is PoolCheckRoll => r instanceof PoolCheckRoll && typeof r.check?.effectLevel === "number");
  if (!roll?.checkResult) return;
  if (roll.check?.effectDirection !== undefined) {
    ui.notifications?.info(localize("BREADBOX.Pool.Effect.AlreadyChosen"));
    return;
  }
  Object.assign(roll.options, { effectDirection: direction });
  await updateRolls(message, rolls);
}
