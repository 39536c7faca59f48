/**
 * The combat tab of the Toast character sheet (added through the sheet's registerToastSheetTab
 * seam): each weapon with its skill modifier, damage dice and an Attack button; initiative, best
 * defence, armor, the collapse line and death-strike size, collapsed/dead, and her state this round.
 * Every number comes from the rules core through fighter.ts.
 */
import { templatePath } from "../../../core/ids";
import { format, localize } from "../../../core/game";
import { itemsWithModel } from "../../../core/foundry";
import { ToastWeaponModel } from "../data/weapons";
import { ToastActorSheet, registerToastSheetTab } from "../sheets/actor-sheet";
import { defenceSkills, fighterOf, initiativeSkill, signed, skillTask, weaponDamageDice, weaponSkill } from "./fighter";
import { toastAttack } from "./attack";
import { toastCombatRules } from "./settings";
import { defenceActionState } from "./tracker";

export function combatTabContext(actor: Actor.Implementation): Record<string, unknown> {
  const f = fighterOf(actor);
  if (!f) return {};
  const problems: string[] = [];
  const weapons = itemsWithModel(actor, ToastWeaponModel).map(({ item, model }) => {
    const skill = weaponSkill(f, { item, model });
    let dice = "—";
    let modifier = "—";
    if (skill) {
      modifier = signed(skillTask(f, skill).total);
      try {
        const d = weaponDamageDice(f, model, skill);
        dice = format("BREADBOX.ToastCombat.DamageDice", { total: d.total, base: d.base, attribute: d.attributeBonus, bonus: d.bonusDice });
      } catch (err) {
        problems.push(`${item.name ?? ""}: ${err instanceof Error ? err.message : String(err)}`);
      }
    } else problems.push(format("BREADBOX.ToastCombat.Sheet.NoSkillFor", { weapon: item.name ?? "" }));
    return { id: item.id, name: item.name ?? "", skill: skill?.label ?? (model.skill || "—"), untrained: skill?.untrained ?? false, modifier, dice, attackLabel: format("BREADBOX.ToastCombat.Sheet.AttackWith", { weapon: item.name ?? "" }) };
  });
  const best = defenceSkills(f, toastCombatRules().playersPickAnySkill)
    .map((s) => ({ s, total: skillTask(f, s).total }))
    .reduce<{ s: { label: string }; total: number } | null>((a, b) => (!a || b.total > a.total ? b : a), null);
  const status = f.data.woundStatus;
  const round = defenceActionState(actor);
  return {
    toastCombat: {
      canAttack: actor.isOwner,
      weapons,
      problems,
      initiative: signed(skillTask(f, initiativeSkill(f)).total),
      bestDefence: best ? `${best.s.label} (${signed(best.total)})` : localize("BREADBOX.ToastCombat.Defend.NotDefending"),
      woundReduction: f.armor?.woundReduction ?? 0,
      armorPenalty: signed(-(f.data.armorPenalty ?? 0)),
      collapseFrom: status?.collapseFrom ?? "—",
      deathStrikeFrom: status?.deathStrikeFrom ?? "—",
      state: localize(f.data.dead ? "BREADBOX.ToastCombat.State.killed" : f.data.collapsed ? "BREADBOX.ToastCombat.State.collapsed" : "BREADBOX.ToastCombat.Sheet.Standing"),
      turn: round ? localize(`BREADBOX.ToastCombat.Turn.${round.status}`) : "",
    },
  };
}

async function onToastAttack(this: unknown, event: PointerEvent, target: HTMLElement): Promise<void> {
  if (!(this instanceof ToastActorSheet)) return;
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  const item = this.document.items.get(id);
  if (item) await toastAttack(this.document, item, event);
}

/** Add the tab and its action (at init, before any sheet renders). */
export function registerCombatTab(): void {
  registerToastSheetTab({ id: "combat", label: "BREADBOX.ToastCombat.Sheet.Tab", template: templatePath("toast/combat/sheet-tab.hbs"), context: combatTabContext });
  const actions: Record<string, unknown> = ToastActorSheet.DEFAULT_OPTIONS.actions ?? {};
  Object.assign(actions, { toastAttack: onToastAttack });
}
