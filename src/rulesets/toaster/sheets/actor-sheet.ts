/**
 * The Toaster character sheet: attributes and luck, skills (rank shown, click to roll), traits
 * with the balance check, combat (weapons with WC, armor and AC, stun and wound tracks with the
 * current penalty), and biography. Play mode rolls; edit mode edits.
 */
import { checkInputs, inputsHtml, intInput } from "../../../core/forms/inputs";
import * as R from "../rules";
import { rulesetActorSheet } from "../../../core/sheets/actor-sheet";
import { TOASTER_BASICS } from "../register";
import { enrichedTexts, numberFieldAt, numberLimits } from "../../../core/sheets/helpers";
import "./hotbar";
import { templatePath } from "../../../core/ids";
import { readString } from "../../../core/forms/read";
import { itemsWithModel } from "../../../core/foundry";
import { format, localize } from "../../../core/game";
import { toasterRules } from "../settings";
import { attackWithWeapon } from "../chat/attack";
import { postCritical, postHitLocation } from "../chat/tables";
import { performCheck } from "../checks";
import { attributeLabel, attributeRequest, healingRequest, luckRequest, mortalityRequest, skillRequest, sys, unskilledRequest } from "../requests";

/** The award dialog's one input: 1–5 experience, 2 for an average adventure (the seed's figures). */
const AWARD_INPUTS = { award: intInput("BREADBOX.Toaster.Experience.AwardLabel", R.MIN_ADVENTURE_AWARD, R.MAX_ADVENTURE_AWARD, R.AVERAGE_ADVENTURE_AWARD) };
import { ToasterArmorModel, ToasterGearModel, ToasterSkillModel, ToasterTraitModel, ToasterWeaponModel } from "../data/items";

const ATTRS = ["physique", "coordination", "intellect", "aura"] as const;

const TRACK_LABELS = { stun: "BREADBOX.Toaster.Stun.Label", wounds: "BREADBOX.Toaster.Damage.Wounds", luck: "BREADBOX.Toaster.Luck.Label" } as const;

export class ToasterActorSheet extends rulesetActorSheet({ ...TOASTER_BASICS, sheetData: toasterSheetData }) {
  // Its actions are its own private methods: declared here, merged with the base's by Foundry.
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: {
      rollSkill: ToasterActorSheet.#onRollSkill,
      rollAttribute: ToasterActorSheet.#onRollAttribute,
      rollUnskilled: ToasterActorSheet.#onRollUnskilled,
      rollLuck: ToasterActorSheet.#onRollLuck,
      rollMortality: ToasterActorSheet.#onRollMortality,
      attack: ToasterActorSheet.#onAttack,
      criticalTable: ToasterActorSheet.#onCritical,
      hitLocation: ToasterActorSheet.#onHitLocation,
      restStun: ToasterActorSheet.#onRestStun,
      rollHealing: ToasterActorSheet.#onRollHealing,
      stopBleeding: ToasterActorSheet.#onStopBleeding,
      improveSkill: ToasterActorSheet.#onImproveSkill,
      buyLuck: ToasterActorSheet.#onBuyLuck,
      awardExperience: ToasterActorSheet.#onAwardExperience,
      adjustTrack: ToasterActorSheet.#onAdjustTrack,
      toggleEquipped: ToasterActorSheet.#onToggleEquipped,
      addCustomAttribute: ToasterActorSheet.#onAddCustomAttribute,
      removeCustomAttribute: ToasterActorSheet.#onRemoveCustomAttribute,
    },
  };

  static async #onRollSkill(this: ToasterActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const actor = this.document;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const skill = id ? actor.items.get(id) : undefined;
    if (skill) await performCheck(skillRequest(actor, skill), event);
  }

  static async #onRollAttribute(this: ToasterActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = target.dataset.attribute;
    if (key) await performCheck(attributeRequest(this.document, key, target.dataset.sub || undefined), event);
  }

  static async #onRollUnskilled(this: ToasterActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const key = target.dataset.attribute;
    if (!key) return;
    const actor = this.document;
    await performCheck(unskilledRequest(actor, key, localize("BREADBOX.Toaster.Roll.Unskilled")), event);
  }

  static async #onRollLuck(this: ToasterActorSheet, event: PointerEvent): Promise<void> {
    await performCheck(luckRequest(this.document), event);
  }

  static async #onRollMortality(this: ToasterActorSheet, event: PointerEvent): Promise<void> {
    await performCheck(mortalityRequest(this.document), event);
  }

  static async #onAttack(this: ToasterActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const actor = this.document;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const weapon = id ? actor.items.get(id) : undefined;
    if (weapon) await attackWithWeapon(actor, weapon, event);
  }

  static async #onCritical(this: ToasterActorSheet): Promise<void> {
    await postCritical(this.document);
  }

  static async #onHitLocation(this: ToasterActorSheet): Promise<void> {
    await postHitLocation(this.document);
  }

  static async #onRollHealing(this: ToasterActorSheet, event: PointerEvent): Promise<void> {
    await performCheck(healingRequest(this.document), event);
  }

  /** Ten minutes of rest: stun points drop by Physique (at least 1). */
  static async #onRestStun(this: ToasterActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const data = sys(actor);
    await this.safeUpdate(actor, { "system.stun.value": R.recoverStun({ stun: data.stun.value, physique: data.effective.physique ?? 0, tenMinutePeriods: 1 }) });
  }

  /** Advancement: raise a skill's base by one, paid with unspent experience (1 XP a point, or the variable cost). */
  static async #onImproveSkill(this: ToasterActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const actor = this.document;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const skill = id ? actor.items.get(id) : undefined;
    const s = skill?.system;
    if (!skill || !(s instanceof ToasterSkillModel) || !this.isEditable) return;
    const data = sys(actor);
    const rules = toasterRules();
    const cost = R.advancementCost({ skillRaises: [{ fromBase: s.base, toBase: s.base + 1, difficulty: s.cost }] }, rules.variableSkillCost);
    if (cost > data.experience.unspent) {
      ui.notifications?.warn(format("BREADBOX.Toaster.Experience.NotEnough", { cost, unspent: data.experience.unspent }));
      return;
    }
    if (!(await this.safeUpdate(skill, { "system.base": s.base + 1 }))) return;
    await this.safeUpdate(actor, { "system.experience.unspent": data.experience.unspent - cost });
  }

  /** (Luck): buy back a spent luck point with experience. */
  static async #onBuyLuck(this: ToasterActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const data = sys(actor);
    if (data.luck.value >= data.luckMax) return;
    if (R.LUCK_BUYBACK_XP > data.experience.unspent) {
      ui.notifications?.warn(format("BREADBOX.Toaster.Experience.NotEnough", { cost: R.LUCK_BUYBACK_XP, unspent: data.experience.unspent }));
      return;
    }
    await this.safeUpdate(actor, { "system.luck.value": data.luck.value + 1, "system.experience.unspent": data.experience.unspent - R.LUCK_BUYBACK_XP });
  }

  /** The GM awards experience at the end of an adventure (1–5, 2 for an average one: AWARD_INPUTS). */
  static async #onAwardExperience(this: ToasterActorSheet): Promise<void> {
    if (!game.user?.isGM) return;
    const actor = this.document;
    const content = await inputsHtml(AWARD_INPUTS);
    const award = await foundry.applications.api.DialogV2.prompt({
      window: { title: localize("BREADBOX.Toaster.Experience.Award") },
      content,
      ok: {
        label: localize("BREADBOX.Toaster.Experience.Award"),
        callback: (_event: Event, button: HTMLButtonElement) => (button.form ? readString(button.form, "award") : ""),
      },
      rejectClose: false,
    });
    if (award === null || award === undefined) return;
    let xp: number;
    try {
      xp = R.validateAdventureAward(checkInputs({ award }, AWARD_INPUTS).award);
    } catch (err) {
      ui.notifications?.error(err instanceof Error ? err.message : String(err));
      return;
    }
    const data = sys(actor);
    await this.safeUpdate(actor, { "system.experience.total": data.experience.total + xp, "system.experience.unspent": data.experience.unspent + xp });
  }

  /** Medical care succeeded (the GM's call after the roll): the bleeding stops. */
  static async #onStopBleeding(this: ToasterActorSheet): Promise<void> {
    if (!this.isEditable) return;
    await this.safeUpdate(this.document, { "system.bleeding.rate": 0 });
  }

  /** +/- buttons on the stun, wound and luck tracks (keyboard-friendly alternative to typing). */
  static async #onAdjustTrack(this: ToasterActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const track = target.dataset.track as "stun" | "wounds" | "luck" | undefined;
    const delta = Number(target.dataset.delta);
    if (!track || !Number.isInteger(delta)) return;
    const data = sys(actor);
    const current = data[track].value;
    // Luck cannot go above its pool (Aura and the world's adjustment); stun and wounds stop at their
    // data model's maximum (one source of truth with the number inputs), with a message.
    const field = numberFieldAt(actor, `system.${track}.value`);
    const limits = field ? numberLimits(field) : { min: 0, max: undefined };
    const modelMax = limits.max ?? Number.POSITIVE_INFINITY;
    const cap = track === "luck" ? Math.min(modelMax, Math.max(current, data.luckMax)) : modelMax;
    const wanted = current + delta;
    if (track !== "luck" && wanted > modelMax) {
      ui.notifications?.warn(format("BREADBOX.Error.OutOfRange", { field: localize(TRACK_LABELS[track]), value: wanted, min: limits.min ?? "-", max: modelMax }));
      return;
    }
    const next = Math.min(cap, Math.max(limits.min ?? 0, wanted));
    if (next === current) return;
    await this.safeUpdate(actor, { [`system.${track}.value`]: next });
  }

  static async #onToggleEquipped(this: ToasterActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? actor.items.get(id) : undefined;
    const model = item?.system;
    if (!item || !(model instanceof ToasterWeaponModel || model instanceof ToasterArmorModel)) return;
    await this.safeUpdate(item, { "system.equipped": !model.equipped });
  }

  static async #onAddCustomAttribute(this: ToasterActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const list = sys(actor).customAttributes.map((c) => ({ ...c }));
    let n = list.length + 1;
    while (list.some((c) => c.key === `custom${n}`)) n++;
    list.push({ key: `custom${n}`, label: format("BREADBOX.Toaster.Attribute.NewCustom", { n }), value: 4 });
    await this.safeUpdate(actor, { "system.customAttributes": list });
  }

  static async #onRemoveCustomAttribute(this: ToasterActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.document;
    const key = target.dataset.key;
    const list = sys(actor).customAttributes.filter((c) => c.key !== key).map((c) => ({ ...c }));
    await this.safeUpdate(actor, { "system.customAttributes": list });
  }
}

/** Everything the Toaster templates show, computed from the actor's derived data. */
export async function toasterSheetData(actor: Actor.Implementation) {
  const data = sys(actor);
  const rules = toasterRules();
  const skills = itemsWithModel(actor, ToasterSkillModel)
    .map(({ item: i, model: s }) => {
      return {
        id: i.id,
        name: i.name,
        base: s.base,
        effectiveBase: s.effectiveBase,
        attribute: s.attribute,
        attributeLabel: attributeLabel(actor, s.attribute),
        attributeChoices: (s.attributeChoices.length ? s.attributeChoices : [...ATTRS, ...data.customAttributes.map((c) => c.key)]).map((k) => ({ key: k, label: attributeLabel(actor, k), selected: k === s.attribute })),
        rank: s.rank,
        improveCost: R.advancementCost({ skillRaises: [{ fromBase: s.base, toBase: s.base + 1, difficulty: s.cost }] }, rules.variableSkillCost),
        descriptor: localize(`BREADBOX.Toaster.SkillRank.${s.descriptor}`),
        specialties: s.specialties.filter((sp) => sp.name).map((sp) => `${sp.name} +${sp.bonus}`).join(", "),
        warning: s.specialtyWarning,
        group: s.group,
      };
    })
    .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  const traits = itemsWithModel(actor, ToasterTraitModel).map(({ item: i, model: t }) => {
    return { id: i.id, name: i.name, rank: t.rank, rankText: t.rank > 0 ? `+${t.rank}` : String(t.rank), kind: localize(`BREADBOX.Toaster.TraitKind.${t.kind}`), severity: t.rankLabel ? localize(`BREADBOX.Toaster.TraitRank.${t.rankLabel}`) : "", warning: t.warning };
  });
  const weapons = itemsWithModel(actor, ToasterWeaponModel).map(({ item: i, model: w }) => {
    return {
      id: i.id,
      name: i.name,
      mode: localize(`BREADBOX.Toaster.Weapon.Mode.${w.mode}`),
      wc: w.wc,
      baseWC: w.baseWC,
      strengthReq: w.strengthReq,
      strengthPenalty: w.strengthPenalty,
      shield: w.shield ? localize(`BREADBOX.Toaster.Shield.${w.shield}`) : "",
      skill: w.skill,
      equipped: w.equipped,
    };
  });
  const armor = itemsWithModel(actor, ToasterArmorModel).map(({ item: i, model: a }) => {
    return { id: i.id, name: i.name, ac: a.ac, equipped: a.equipped, natural: a.natural };
  });
  const gear = itemsWithModel(actor, ToasterGearModel).map(({ item: i, model: g }) => ({ id: i.id, name: i.name, quantity: g.quantity }));
  const style = R.campaignStyle(data.campaignStyle || rules.campaignStyle);
  const balance = data.budget?.traits;
  return {
    rules,
    attributes: ATTRS.map((key) => ({
      key,
      label: attributeLabel(actor, key),
      value: data.attributes[key].value,
      effective: data.effective[key] ?? 0,
      adjusted: (data.effective[key] ?? 0) !== data.attributes[key].value,
      rankLabel: localize(`BREADBOX.Toaster.AttributeRank.${R.attributeRankLabel(data.effective[key] ?? 0).key}`),
      unskilled: R.unskilledRank(data.effective[key] ?? 0),
      name: `system.attributes.${key}.value`,
    })),
    customAttributes: data.customAttributes.map((c, index) => ({ ...c, index, effective: data.effective[c.key] ?? c.value })),
    subAttributes: data.subAttributes.map((s) => ({ ...s, label: `${attributeLabel(actor, s.attribute)} (${s.name})` })),
    luck: { value: data.luck.value, max: data.luckMax, enabled: rules.luckPoints, buyBackCost: R.LUCK_BUYBACK_XP },
    experience: { total: data.experience.total, unspent: data.experience.unspent },
    isGM: Boolean(game.user?.isGM),
    skills,
    traits,
    balance: balance
      ? { positive: balance.positive, negative: balance.negative, sum: balance.sum, free: style.freeTraits, balanced: balance.balanced, overCap: balance.overCap, cap: rules.traitCap }
      : null,
    budget: data.budget
      ? { attributes: data.budget.attributePoints, skills: data.budget.skillPoints, ok: data.budget.ok, style: localize(`BREADBOX.Toaster.CampaignStyle.${style.key}`) }
      : null,
    campaignStyles: ["", ...R.CAMPAIGN_STYLES.map((s) => s.key)].map((k) => ({ key: k, label: k ? localize(`BREADBOX.Toaster.CampaignStyle.${k}`) : localize("BREADBOX.Toaster.CampaignStyle.world"), selected: k === data.campaignStyle })),
    weapons,
    armor,
    gear,
    ac: data.ac,
    stun: { value: data.stun.value, state: localize(`BREADBOX.Toaster.Stun.${data.stunState.key}`), key: data.stunState.key, penalty: data.stunState.penalty, threshold: data.thresholds.stun },
    wounds: { value: data.wounds.value, penalty: data.woundPenalty, threshold: data.thresholds.wound, mortal: data.mortallyWounded },
    penalty: data.penalty,
    bleeding: { rate: data.bleeding.rate, value: data.bleeding.value },
    incapacitated: data.incapacitated,
    unnamed: data.unnamed,
    sizeRank: data.sizeRank,
    warnings: data.warnings,
    ...(await enrichedTexts(actor, data)),
  };
}
