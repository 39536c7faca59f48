/**
 * The D10/0 character sheet (seed: "Character Sheet — Front Page / Back Page"): the information
 * block, ten attributes with the build budget, Health (normal, current, state, conditions),
 * Action Quota, Progression Points, adjustments, the Dude (regions, bubbles, yellow and red
 * zones, armor coverage and injuries as a picture), action slots; the skill tree (roots with
 * their majors, branches under any skill, Base + Adjust = Total, cost spent and next point's
 * cost, creation budget and reserve points); TABs, powers with their points and actions, karma;
 * equipment; notes. Play mode rolls and spends; edit mode edits.
 */
import * as R from "../rules";
import { D100_COMBAT_SHEET_ACTIONS } from "../combat/sheet-actions";
import { spendAp } from "../combat/ap";
import { rulesetActorSheet, sheetAs } from "../../../core/sheets/actor-sheet";
import { D100_BASICS } from "../register";
import { enrichedTexts, humanizeKey } from "../../../core/sheets/helpers";
import { templatePath } from "../../../core/ids";
import { format, localize, modelOf } from "../../../core/game";
import { D100ActorModel } from "../data/actor";
import { DUDE_REGIONS } from "../data/fields";
import { DUDE_SHAPES, dudeZone, injuryMark, isDudeRegion } from "./dude";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "../data/items";
import { D100ArmorModel, D100WeaponModel } from "../data/weapons";
import { performD100Check } from "../checks";
import { recoverPower, releaseHeldPoints, spendPowerAction } from "../powers";
import { awardProgression, buyBranch, buyHealthIncrease, buyItem, buyOffKarma, buySkillPoints, dyingCheck, raiseSkill, rest, rewardSkillPoints } from "../progress";
import { rollTask, startEffort } from "../effort";
import { currentMessageMode } from "../../../core/compat";
import "./hotbar";
import { linkField, linkTargets } from "../../../core/sheets/links";
import { d100RootSkills } from "./item-sheet";

/** Run a sheet action; a refusal (a localized Error) is shown as a notification and changes nothing. */
async function guarded(sheet: unknown, fn: (s: D100ActorSheet, m: D100ActorModel) => Promise<unknown>): Promise<void> {
  const s = sheetAs(sheet, D100ActorSheet);
  const m = s ? modelOf(s.document, D100ActorModel) : null;
  if (!s || !m) return;
  try {
    await fn(s, m);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
    void s.render();
  }
}

function data(target: HTMLElement, key: string): string {
  return target.closest<HTMLElement>(`[data-${key}]`)?.getAttribute(`data-${key}`) ?? "";
}

function indexOf(target: HTMLElement): number {
  return Number(data(target, "index"));
}

async function editList<K extends "conditions" | "actionSlots" | "tasks">(s: D100ActorSheet, m: D100ActorModel, key: K, change: (list: unknown[]) => unknown[]): Promise<void> {
  if (!s.isEditable) return;
  const list: unknown[] = m[key].map((x: unknown) => (x && typeof x === "object" ? { ...x } : x));
  await s.safeUpdate(s.document, { [`system.${key}`]: change(list) });
}

const ACTIONS = {
  rollCheck: async function (this: unknown, event: PointerEvent) {
    const s = sheetAs(this, D100ActorSheet);
    if (s) await performD100Check(s.document, {}, event);
  },
  rollAttribute: async function (this: unknown, event: PointerEvent, target: HTMLElement) {
    const s = sheetAs(this, D100ActorSheet);
    if (s) await performD100Check(s.document, { target: `attribute:${data(target, "attribute")}` }, event);
  },
  rollSkill: async function (this: unknown, event: PointerEvent, target: HTMLElement) {
    const s = sheetAs(this, D100ActorSheet);
    if (s) await performD100Check(s.document, { target: `skill:${data(target, "skill-id")}` }, event);
  },
  startEffort: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s) => startEffort(s.document, data(target, "effort")));
  },
  addTask: async function (this: unknown) {
    await guarded(this, (s, m) => editList(s, m, "tasks", (l) => [...l, { name: localize("BREADBOX.D100.Effort.cumulative.NewTask"), target: "attribute:intellect", goal: 100, mode: "positiveOnly", total: 0, checks: 0 }]));
  },
  removeTask: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s, m) => editList(s, m, "tasks", (l) => l.filter((_, i) => i !== indexOf(target))));
  },
  resetTask: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s, m) => editList(s, m, "tasks", (l) => l.map((t, i) => (i === indexOf(target) && t && typeof t === "object" ? { ...t, total: 0, checks: 0 } : t))));
  },
  rollTask: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s) => rollTask(s.document, indexOf(target), currentMessageMode()));
  },
  raiseSkill: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s) => raiseSkill(s.document, data(target, "skill-id")));
  },
  addBranch: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    // Play mode buys the branch with 1 reserve skill point; edit mode (building a character) adds
    // it freely, its point counted against the creation budget (docs/rules/d100.md, "Skill Trees").
    await guarded(this, async (s) => {
      if (!s.isEditable) return;
      const parent = data(target, "skill-id");
      const name = format("BREADBOX.D100.Skill.NewBranch", { parent: parent });
      if (!s.editMode) await buyBranch(s.document, parent, name);
      else await s.document.createEmbeddedDocuments("Item", [{ name, type: "d100Skill", system: { parentSkill: parent, adjust: R.NEW_BRANCH_COST } }]);
    });
  },
  buySkillPoints: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const root = R.ROOT_SKILL_KEYS.find((k) => k === data(target, "root"));
      if (root) await buySkillPoints(s.document, root);
    });
  },
  buyHealth: async function (this: unknown) {
    await guarded(this, (s) => buyHealthIncrease(s.document));
  },
  award: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const degree = R.REWARD_DEGREES.find((k) => k === data(target, "degree"));
      if (degree && game.user?.isGM) await awardProgression(s.document, degree);
    });
  },
  buyItem: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s) => buyItem(s.document, data(target, "item-id")));
  },
  rewardSkillPoints: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const kind = R.SKILL_REWARD_KINDS.find((k) => k === data(target, "kind"));
      if (kind && game.user?.isGM) await rewardSkillPoints(s.document, kind);
    });
  },
  buyOffKarma: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s) => buyOffKarma(s.document, indexOf(target)));
  },
  rest: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const care = R.CARE_LEVELS.find((k) => k === data(target, "care")) ?? "none";
      await rest(s.document, 1, care);
    });
  },
  dyingCheck: async function (this: unknown) {
    await guarded(this, (s) => dyingCheck(s.document));
  },
  usePower: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const item = s.document.items.get(data(target, "item-id"));
      const xInput = target.closest<HTMLElement>("[data-item-id]")?.querySelector<HTMLInputElement>("input.d100-power-x");
      const x = xInput ? Number(xInput.value || 0) : 0;
      if (!Number.isInteger(x) || x < 0) throw new Error(format("BREADBOX.Error.NotAWholeNumber", { field: "X", value: xInput?.value ?? "" }));
      const choice = Number(target.dataset.choice ?? 0);
      // The action's AP first (combat part: strict periods; free outside a combat).
      const action = modelOf(item, D100PowerModel)?.actions[indexOf(target)];
      if (item && action && !(await spendAp(s.document, action.actionPoints, `${item.name ?? ""}: ${action.name}`))) return;
      if (item) await spendPowerAction(s.document, item, indexOf(target), { x, choices: [choice] });
    });
  },
  recoverPower: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const item = s.document.items.get(data(target, "item-id"));
      if (item) await recoverPower(item, 1);
    });
  },
  releaseHeld: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const item = s.document.items.get(data(target, "item-id"));
      if (item) await releaseHeldPoints(item, target.dataset.spend === "true");
    });
  },
  resetTabUses: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const item = s.document.items.get(data(target, "item-id"));
      if (item && modelOf(item, D100TabModel)) await item.update({ system: { usesToday: 0 } });
    });
  },
  useTab: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s) => {
      const item = s.document.items.get(data(target, "item-id"));
      const tab = modelOf(item, D100TabModel);
      if (!item || !tab) return;
      // The core counts the use and refuses one past the daily limit.
      const next = R.recordTabUse({ [tab.tab.key]: tab.usesToday }, tab.tab);
      await item.update({ system: { usesToday: next[tab.tab.key] ?? tab.usesToday } });
    });
  },
  addCondition: async function (this: unknown) {
    await guarded(this, (s, m) => editList(s, m, "conditions", (l) => [...l, localize("BREADBOX.D100.Health.NewCondition")]));
  },
  removeCondition: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s, m) => editList(s, m, "conditions", (l) => l.filter((_, i) => i !== indexOf(target))));
  },
  addSlot: async function (this: unknown) {
    await guarded(this, (s, m) => editList(s, m, "actionSlots", (l) => (l.length >= 10 ? l : [...l, { name: "", cost: 1, check: "" }])));
  },
  removeSlot: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, (s, m) => editList(s, m, "actionSlots", (l) => l.filter((_, i) => i !== indexOf(target))));
  },
  addMark: async function (this: unknown) {
    await guarded(this, async (s, m) => {
      const marks = m.karma.marks.map((k) => ({ ...k }));
      marks.push({ name: localize("BREADBOX.D100.Karma.NewMark"), text: "", value: 0 });
      await s.safeUpdate(s.document, { "system.karma.marks": marks });
    });
  },
  removeMark: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s, m) => {
      await s.safeUpdate(s.document, { "system.karma.marks": m.karma.marks.map((k) => ({ ...k })).filter((_, i) => i !== indexOf(target)) });
    });
  },
  addStance: async function (this: unknown) {
    await guarded(this, async (s, m) => {
      const stances = m.karma.stances.map((k) => ({ ...k }));
      stances.push({ holder: "", stance: "" });
      await s.safeUpdate(s.document, { "system.karma.stances": stances });
    });
  },
  removeStance: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s, m) => {
      await s.safeUpdate(s.document, { "system.karma.stances": m.karma.stances.map((k) => ({ ...k })).filter((_, i) => i !== indexOf(target)) });
    });
  },
  toggleBubble: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s, m) => {
      const region = data(target, "region");
      if (!isDudeRegion(region) || !s.isEditable) return;
      const bubbles = m.dude.bubbles.includes(region) ? m.dude.bubbles.filter((b) => b !== region) : [...m.dude.bubbles, region];
      await s.safeUpdate(s.document, { "system.dude.bubbles": bubbles });
    });
  },
  addInjury: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s, m) => {
      const region = data(target, "region");
      if (!isDudeRegion(region)) return;
      const injuries = m.dude.injuries.map((i) => ({ ...i }));
      injuries.push({ region, note: localize("BREADBOX.D100.Dude.NewInjury") });
      await s.safeUpdate(s.document, { "system.dude.injuries": injuries });
    });
  },
  removeInjury: async function (this: unknown, _event: PointerEvent, target: HTMLElement) {
    await guarded(this, async (s, m) => {
      await s.safeUpdate(s.document, { "system.dude.injuries": m.dude.injuries.map((i) => ({ ...i })).filter((_, i) => i !== indexOf(target)) });
    });
  },
};

export class D100ActorSheet extends rulesetActorSheet({
  ...D100_BASICS,
  position: { width: 820, height: 820 },
  actions: { ...ACTIONS, ...D100_COMBAT_SHEET_ACTIONS },
  sheetData: d100SheetData,
}) {
  static override LIMITED_PARTS = ["header", "notes"];
  static override LIMITED_TAB = "notes";
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

/** The select of a branch skill's parent (a root key or another branch's name), or null for a root. */
function branchParentLink(actor: Actor.Implementation, itemId: string | null | undefined, parent: string | null) {
  const item = itemId ? actor.items.get(itemId) : undefined;
  return item && parent !== null ? linkField(parent, linkTargets(item, ["d100Skill"], d100RootSkills())) : null;
}

/** Everything the D10/0 templates show, computed from the actor's derived data. */
export async function d100SheetData(actor: Actor.Implementation) {
  const m = modelOf(actor, D100ActorModel);
  if (!m) return {};
  const items = <M>(cls: abstract new (...args: never[]) => M) => [...actor.items].flatMap((i) => {
    const sys = modelOf(i, cls);
    return sys ? [{ item: i, sys }] : [];
  });
  const reserve = (root: R.RootSkillKey) => m.reserveSkillPoints.any + m.reserveSkillPoints[root];
  const injuriesBy = new Map<string, number>();
  for (const inj of m.dude.injuries) injuriesBy.set(inj.region, (injuriesBy.get(inj.region) ?? 0) + 1);
  const gearBy = new Map<string, string[]>();
  for (const { item, sys } of items(D100GearModel)) if (sys.region) gearBy.set(sys.region, [...(gearBy.get(sys.region) ?? []), item.name ?? ""]);
  const regions = DUDE_REGIONS.map((r) => ({
    key: r,
    label: localize(`BREADBOX.D100.Dude.Region.${r}`),
    zone: dudeZone(r),
    zoneLabel: localize(`BREADBOX.D100.Dude.Zone.${dudeZone(r)}`),
    covered: m.coverage.has(r),
    injured: (injuriesBy.get(r) ?? 0) > 0,
    bubble: m.dude.bubbles.includes(r),
    gear: (gearBy.get(r) ?? []).join(", "),
    shape: DUDE_SHAPES[r],
    mark: injuryMark(DUDE_SHAPES[r]),
  }));
  const region = (key: string) => regions.find((r) => r.key === key);
  return {
    attributes: R.ATTRIBUTE_KEYS.map((k) => ({
      key: k,
      label: localize(`BREADBOX.D100.Attribute.${k}`),
      abbr: R.attributeAbbreviation(k),
      value: m.attributes[k],
      rating: localize(`BREADBOX.D100.Rating.${R.attributeRating(m.attributes[k])}`),
      tangible: (R.TANGIBLE_ATTRIBUTES as readonly string[]).includes(k),
    })),
    build: { spent: m.attributeBuild.spent, remaining: m.attributeBuild.remaining, over: m.attributeBuild.remaining < 0, budget: R.STANDARD_ATTRIBUTE_BUILD.points },
    health: {
      normal: m.healthNormal,
      current: m.health.current,
      base: m.baseNormalHealth,
      bonus: m.health.bonus,
      state: m.healthState,
      stateLabel: localize(`BREADBOX.D100.Health.State.${m.healthState}`),
      bad: m.healthState === "dying" || m.healthState === "dead" || m.healthState === "onTheBrink",
      dying: m.healthState === "dying",
      deathAt: -m.healthNormal,
      increase: m.healthIncrease,
      recovery: m.dailyRecovery,
    },
    conditions: m.conditions.map((c, index) => ({ text: c, index })),
    actionQuota: m.actionQuota,
    quotaBubbles: Array.from({ length: Math.max(0, Math.min(m.actionQuota, 30)) }, (_, i) => i),
    progression: { earned: m.progression.earned, spent: m.progression.spent, available: m.progressionAvailable },
    rewards: R.REWARD_DEGREES.map((k) => ({ key: k, label: format("BREADBOX.D100.Progression.Award", { degree: localize(`BREADBOX.D100.Progression.Reward.${k}`), n: R.STANDARD_REWARDS[k] ?? 0 }) })),
    isGM: game.user?.isGM ?? false,
    adjustmentText: m.adjustmentText || "—",
    regions,
    dude: Object.fromEntries(DUDE_REGIONS.map((r) => [r, region(r)])),
    injuries: m.dude.injuries.map((inj, index) => ({ ...inj, index, label: localize(`BREADBOX.D100.Dude.Region.${inj.region}`) })),
    actionSlots: m.actionSlots.map((a, index) => ({ ...a, index })),
    slotsFull: m.actionSlots.length >= 10,
    skills: m.skillRows.map((r) => ({
      ...r,
      label: r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name,
      isRoot: r.parent === null,
      contributors: r.contributors.map((a) => ({ key: a, abbr: R.attributeAbbreviation(a), major: r.majors.includes(a) })),
      majorOptions: r.contributors.map((a) => ({ key: a, abbr: R.attributeAbbreviation(a) })),
      major1: r.majors[0] ?? "",
      major2: r.majors[1] ?? "",
      reserve: reserve(r.root),
      perPurchase: r.parent === null ? R.skillPointsPerPurchase(m.attributeScores, r.root, m.skillTree.roots[r.root].majors) : 0,
      // A branch's parent, chosen among the roots and the other branches (edit mode).
      parentLink: branchParentLink(actor, r.itemId, r.parent),
    })),
    skillPoints: { spent: m.skillPointsSpent, creationLeft: m.creationSkillPointsLeft, over: m.creationSkillPointsLeft < 0, any: m.reserveSkillPoints.any, budget: R.STANDARD_CREATION.skillPoints },
    tabItems: items(D100TabModel).map(({ item, sys }) => ({
      id: item.id,
      name: item.name,
      kind: sys.kind,
      kindLabel: localize(`BREADBOX.D100.Tab.Kind.${sys.kind}`),
      degree: sys.degree,
      effects: sys.tab.effects.map((e) => tabEffectLine(e)).join(" · "),
      perDay: R.tabUsesPerDay(sys.tab),
      buyable: sys.kind !== "burden",
      cost: R.purchaseCost("tab", { tabDegree: Math.max(1, sys.degree) }),
      paid: sys.paid,
      usesToday: sys.usesToday,
    })),
    powers: items(D100PowerModel).map(({ item, sys }) => ({
      id: item.id,
      name: item.name,
      normal: sys.normal,
      current: sys.current,
      held: sys.held,
      free: sys.free,
      cost: R.purchaseCost("power"),
      paid: sys.paid,
      recovery: sys.recoveryPer ? `${sys.recoveryAmount} / ${sys.recoveryPer}` : String(sys.recoveryAmount),
      actions: sys.actions.map((a, index) => {
        let choices: { label: string; choice: number }[] = [];
        try {
          const choice = R.parsePowerCost(a.cost).find((t) => t.kind === "choice");
          if (choice && choice.kind === "choice") choices = choice.options.map((o, i) => ({ label: localize(`BREADBOX.D100.Power.Fn.${o.fn}`), choice: i }));
        } catch {
          choices = [];
        }
        return { ...a, index, choices, usesX: /x/i.test(a.cost), lance: a.effect === "spiritLance" };
      }),
    })),
    marks: m.karma.marks.map((k, index) => ({ ...k, index, cost: k.value || "" })),
    stances: m.karma.stances.map((k, index) => ({ ...k, index })),
    weapons: items(D100WeaponModel).map(({ item, sys }) => ({ id: item.id, name: item.name, damage: sys.damage, skill: sys.skill, attackAp: sys.attackAp, blocks: sys.fireBlocks.length })),
    armor: items(D100ArmorModel).map(({ item, sys }) => ({ id: item.id, name: item.name, adjustment: sys.adjustment, coverage: sys.coverage.map((r) => localize(`BREADBOX.D100.Dude.Region.${r}`)).join(", "), equipped: sys.equipped })),
    gear: items(D100GearModel).map(({ item, sys }) => ({ id: item.id, name: item.name, quantity: sys.quantity, region: sys.region ? localize(`BREADBOX.D100.Dude.Region.${sys.region}`) : "", adjustment: sys.adjustment, equipped: sys.equipped })),
    branchItems: items(D100SkillModel).length,
    skillRewards: R.SKILL_REWARD_KINDS.map((k) => ({ key: k, label: format("BREADBOX.D100.Skill.Reward", { kind: localize(`BREADBOX.D100.Skill.RewardKind.${k}`), n: R.SKILL_REWARD_MAXIMA[k] ?? 1 }) })),
    tasks: m.tasks.map((t, index) => ({
      ...t,
      index,
      complete: t.total >= t.goal,
      targets: [...R.ATTRIBUTE_KEYS.map((k) => ({ value: `attribute:${k}`, label: localize(`BREADBOX.D100.Attribute.${k}`) })), ...m.skillRows.map((r) => ({ value: `skill:${r.id}`, label: r.parent === null ? localize(`BREADBOX.D100.Skill.${r.id}`) : r.name }))].map((o) => ({ ...o, selected: o.value === t.target })),
      targetLabel: (() => {
        const [kind, key = ""] = t.target.split(/:(.*)/s);
        if (kind === "attribute") return localize(`BREADBOX.D100.Attribute.${key}`);
        const row = m.skillRows.find((r) => r.id === key);
        return row ? (row.parent === null ? localize(`BREADBOX.D100.Skill.${row.id}`) : row.name) : key;
      })(),
      modes: R.CUMULATIVE_MODES.map((k) => ({ value: k, label: localize(`BREADBOX.D100.Effort.cumulative.${k}`), selected: k === t.mode })),
    })),
    efforts: ["cumulative", "cooperative", "conflicting"].map((k) => ({ key: k, label: localize(`BREADBOX.D100.Effort.${k}.Start`) })),
    problems: m.problems.map((p) => format(p.key, { ...p.data, attribute: p.data.attribute ? localize(`BREADBOX.D100.Attribute.${p.data.attribute}`) : "" })),
    ...(await enrichedTexts(actor, m)),
  };
}

/** A TAB effect as a short line: "balancing: −1 / −10", "×2 focus (attentionWhenDistracted)", "-1F". */
export function tabEffectLine(e: R.TabEffect): string {
  switch (e.kind) {
    case "difficulty":
      return `${humanizeKey(e.when)}: ${signed(e.attribute)} / ${signed(e.skill)}`;
    case "difficultyMultiplier":
      return `${humanizeKey(e.when)}: ${localize("BREADBOX.D100.Check.Difficulty")} ×${e.factor}${e.attribute ? ` (${localize(`BREADBOX.D100.Attribute.${e.attribute}`)})` : ""}`;
    case "attributeMultiplier":
      return `${humanizeKey(e.when)}: ${localize(`BREADBOX.D100.Attribute.${e.attribute}`)} ×${e.factor}${e.usesPerDay ? ` (${format("BREADBOX.D100.Tab.PerDay", { n: e.usesPerDay })})` : ""}`;
    default:
      return e.notation;
  }
}
