/**
 * Toaster hotbar macros: a skill rolls its check, a weapon attacks, an attribute (or sub-attribute)
 * rolls an attribute check — always for the speaking actor, found by name when the macro runs.
 */
import { macroHandler, registerMacroHandler, reportMalformedMacro, reportMissing, type CheckOptions, type MacroHandler, type MacroRef } from "../../../core/hotbar";
import { own } from "../../../dice/dict";
import { performCheck } from "../checks";
import { attackWithWeapon } from "../chat/attack";
import { attributeLabel, attributeRequest, itemsOf, skillRequest, sys } from "../requests";

const TYPE_BY_KIND = { skill: "toasterSkill", weapon: "toasterWeapon" } as const;

async function run(actor: Actor.Implementation, ref: MacroRef, options: CheckOptions = {}): Promise<void> {
  const difficulty = options.difficulty ? { difficulty: options.difficulty } : {};
  if (ref.kind === "skill" || ref.kind === "weapon") {
    const item = itemsOf(actor, TYPE_BY_KIND[ref.kind]).find((i) => i.name === ref.name);
    if (!item) {
      reportMissing(actor, ref.kind, ref.name);
      return;
    }
    if (ref.kind === "skill") await performCheck({ ...skillRequest(actor, item), ...difficulty });
    else await attackWithWeapon(actor, item);
    return;
  }
  if (ref.kind === "attribute") {
    const data = sys(actor);
    const known = own(data.effective, ref.name) !== undefined;
    const sub = ref.sub ? data.subAttributes.find((s) => s.attribute === ref.name && s.name === ref.sub) : undefined;
    if (!known || (ref.sub && !sub)) {
      const name = ref.sub ? `${ref.name} (${ref.sub})` : known ? attributeLabel(actor, ref.name) : ref.name;
      reportMissing(actor, "attribute", name);
      return;
    }
    await performCheck({ ...attributeRequest(actor, ref.name, ref.sub), ...difficulty });
    return;
  }
  reportMalformedMacro();
}

/** A skill or weapon item, or an attribute (or sub-attribute) row of the sheet. */
export const toasterMacros: MacroHandler = macroHandler(
  {
    ruleset: "toaster",
    itemKinds: { toasterSkill: "skill", toasterWeapon: "weapon" },
    img: "icons/svg/d10-grey.svg",
    attribute: (_key, data) => (typeof data.sub === "string" && data.sub ? { kind: "attribute", sub: data.sub } : { kind: "attribute" }),
  },
  run,
);

registerMacroHandler("toaster", toasterMacros);
