import { beforeEach, describe, expect, it } from "vitest";
import { answerDialog, asUser, createUser, scriptDiceFaces, settle, waitForDialog } from "../../harness/index";
import { bootWorld } from "../toaster/boot";
import { endSession } from "../../../src/rulesets/toast/advancement";
import { healthCheck, rest, treat } from "../../../src/rulesets/toast/healing";
import { toastMacros } from "../../../src/rulesets/toast/sheets/hotbar";
import * as R from "../../../src/rulesets/toast/rules";
import { formatChance } from "../../../src/core/rolls/odds-panel";

// A toast world: only its statuses, dice presets and hotbar drops are registered (issue 23).
beforeEach(bootWorld("toast"));

const ATTRS = { strength: 12, agility: 17, hec: 10, health: 10, tolerance: 14, perception: 10, focus: 12, empathy: 8, will: 6, psyche: 6 };

async function character(name: string, system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const a: any = await Actor.create({ name, type: "toast", system: { attributes: ATTRS, ...system } } as never);
  if (items.length) await a.createEmbeddedDocuments("Item", items);
  return a;
}
const skill = (name: string, level: number, extra: Record<string, unknown> = {}) => ({ name, type: "toastSkill", system: { level, baseAttributes: ["perception", "hec"], category: "medical", ...extra } });

describe("end-of-session skill advancement", () => {
  it("rolls one d10+ per marked skill through the core, skips skills learned this session, updates levels and clears the marks", async () => {
    const a = await character("Ava", {}, [
      skill("Sword", 5, { category: "weapon", used: true }),
      skill("Bow", 9, { category: "weapon", used: true }),
      skill("Rope", 1, { category: "athletic", used: true, learned: true }),
      skill("Lute", 3, { category: "artistic", used: true }),
      skill("Idle", 4, { category: "craft" }),
    ]);
    // Sword: 9 → (9 + FOC 12) / 2 = 10 > 5 advances. Bow: Flub (degree 3) stays. Lute: Auto (degree 1) advances.
    const order = a.items.contents.filter((i: any) => i.system.used && !i.system.learned).map((i: any) => i.name);
    const faces: Record<string, number[]> = { Sword: [9], Bow: [11, 3], Lute: [12, 1] };
    const pending = endSession(a);
    const dialog = await waitForDialog();
    // Sword, level 5, FOC 12: advances on an Auto or a roll of 1–10 with (roll + 12) / 2 > 5 → every plain roll: 11/12.
    expect(dialog.element.querySelector('[data-skill="Sword"]')?.textContent).toContain(formatChance(R.advancementOdds({ level: 5, focus: 12 }).success));
    expect(dialog.element.querySelector('[data-skill="Rope"]')?.textContent).toContain("Learned this session");
    scriptDiceFaces(order.flatMap((n: string) => faces[n]!));
    await answerDialog({ action: "roll" });
    const lines = await pending;
    const byName = Object.fromEntries(lines.map((l) => [l.name, l.result]));
    expect(byName.Sword).toEqual(R.resolveAdvancement({ level: 5, focus: 12 }, [9]));
    expect(byName.Bow).toMatchObject({ advanced: false, reason: "flub" });
    expect(byName.Lute).toMatchObject({ advanced: true, reason: "auto" });
    expect(byName.Rope).toMatchObject({ advanced: false, reason: "learnedThisSession", faces: [] });
    expect(a.items.getName("Sword").system.level).toBe(6);
    expect(a.items.getName("Bow").system.level).toBe(9);
    expect(a.items.getName("Lute").system.level).toBe(4);
    expect(a.items.getName("Idle").system.level).toBe(4);
    expect(a.items.contents.every((i: any) => !i.system.used && !i.system.learned)).toBe(true);
    const html: HTMLElement = await (game as any).messages.contents.at(-1).renderHTML();
    expect(html.querySelectorAll(".toast-advance")).toHaveLength(4);
    expect(html.querySelectorAll('.toast-advance[data-advanced="true"]')).toHaveLength(2);
  });
});

describe("healing", () => {
  it("rest heals the base rate; the Health check rolls Health without the wound penalty against the effective level", async () => {
    const a = await character("Ava", { wounds: { value: 9 } });
    expect(await rest(a)).toBe(1);
    expect(a.system.wounds.value).toBe(8);
    // TOL 14 → threshold 2; 8 wounds → effective 6. Health 10, no wound penalty: a 6 makes 16 ≥ 6.
    const pending = healthCheck(a);
    const dialog = await waitForDialog();
    expect(dialog.element.querySelector("[data-bb-odds]")!.textContent).toContain("Success");
    scriptDiceFaces([1]);
    await answerDialog({ action: "roll" });
    const roll = await pending;
    expect(roll!.checkResult).toMatchObject({ modifier: 10, target: 6, outcome: "success" });
    expect(a.system.wounds.value).toBe(7);
  });

  it("treating your own character with a medical skill: the treater's penalty applies, success heals the setting's amount", async () => {
    await (game as any).settings.set("breadbox", "toast.treatmentHeals", 2);
    const a = await character("Ava", { wounds: { value: 9 } }, [skill("First Aid", 4)]);
    const pending = treat(a, a.items.getName("First Aid"), a);
    await waitForDialog();
    scriptDiceFaces([8]);
    await answerDialog({ action: "roll" });
    expect(await pending).toBe(true);
    const roll = (game as any).messages.contents.at(-1).rolls[0];
    // PER/HEC 10 → +0, level 4, wound penalty (effective 7: light, −2) → 2; target 7; 8 + 2 = 10.
    expect(roll.checkResult).toMatchObject({ modifier: 2, target: 7, success: true });
    expect(a.system.wounds.value).toBe(7);
    expect(a.items.getName("First Aid").system.used).toBe(true);
  });

  it("treating someone else's character goes through the GM, who rolls and applies it once", async () => {
    const player = createUser({ name: "Healer's player" });
    const healer = await character("Medic", {}, [skill("First Aid", 6)]);
    await healer.update({ ownership: { [player.id!]: 3 } });
    const patient = await character("Patient", { wounds: { value: 9 } });
    scriptDiceFaces([9]);
    const ok = await asUser(player, async () => {
      const p = treat(healer, healer.items.getName("First Aid"), patient);
      await waitForDialog();
      // No GM's modifier field for someone else's patient: nothing a player types reaches the GM.
      expect(document.querySelector('.roll-dialog input[name="gm"]')).toBeNull();
      await answerDialog({ action: "roll" });
      return p;
    });
    await settle();
    expect(ok).toBe(true);
    expect(patient.system.wounds.value).toBe(8);
    expect((game as any).messages.contents.at(-1).rolls[0].checkResult).toMatchObject({ modifier: 6, target: 7, success: true });
  });

  it("treatment is once per world-time day per patient (a setting)", async () => {
    const a = await character("Ava", { wounds: { value: 9 } }, [skill("First Aid", 4)]);
    const once = async () => {
      const p = treat(a, a.items.getName("First Aid"), a);
      const opened = await Promise.race([waitForDialog().then(() => true), p.then(() => false)]);
      if (opened) {
        scriptDiceFaces([1]);
        await answerDialog({ action: "roll" });
      }
      return p;
    };
    expect(await once()).toBe(true);
    const posted = (game as any).messages.size;
    expect(await once()).toBe(false);
    expect((game as any).messages.size).toBe(posted);
    (game as any).time = { worldTime: 86_400 };
    try {
      expect(await once()).toBe(true);
      await (game as any).settings.set("breadbox", "toast.treatmentOncePerDay", false);
      expect(await once()).toBe(true);
    } finally {
      delete (game as any).time;
    }
  });

  it("issue 19.5: rest and the end-of-day Health check are once per world-time day, as treatment is (settings)", async () => {
    const a = await character("Ava", { wounds: { value: 9 } });
    const check = async () => {
      const p = healthCheck(a);
      const opened = await Promise.race([waitForDialog().then(() => true), p.then(() => false)]);
      if (opened) {
        scriptDiceFaces([10]);
        await answerDialog({ action: "roll" });
      }
      return p;
    };
    // Day 0: one rest, one Health check (Health 10 + 10 ≥ effective 6: one more level).
    expect(await rest(a)).toBe(1);
    expect(await check()).not.toBeNull();
    expect(a.system.wounds.value).toBe(7);
    const posted = (game as any).messages.size;
    // Again the same day: nothing heals, nothing is posted.
    expect(await rest(a)).toBe(0);
    expect(await check()).toBeNull();
    expect(a.system.wounds.value).toBe(7);
    expect((game as any).messages.size).toBe(posted);
    // The sheet's Health tab says so: a line for each, a tooltip on each button.
    await a.sheet.render({ force: true });
    await settle();
    const tab: HTMLElement = a.sheet.element;
    expect(tab.querySelector<HTMLElement>('[data-action="rest"]')!.dataset.tooltip).toContain("Done today");
    expect(tab.querySelector<HTMLElement>('[data-action="healthCheck"]')!.dataset.tooltip).toContain("Done today");
    expect([...tab.querySelectorAll<HTMLElement>(".toast-healed-today")].map((p) => p.dataset.healed)).toEqual(["rest", "healthCheck"]);
    await a.sheet.close();
    (game as any).time = { worldTime: 86_400 };
    try {
      // The next day: both again.
      expect(await rest(a)).toBe(1);
      expect(await check()).not.toBeNull();
      expect(a.system.wounds.value).toBe(5);
      // Tables that let the GM decide: the settings off.
      await (game as any).settings.set("breadbox", "toast.restOncePerDay", false);
      await (game as any).settings.set("breadbox", "toast.healthCheckOncePerDay", false);
      expect(await rest(a)).toBe(1);
      expect(await check()).not.toBeNull();
      expect(a.system.wounds.value).toBe(3);
    } finally {
      delete (game as any).time;
    }
  });

  it("the relay refuses a requester who does not own the healer", async () => {
    const stranger = createUser({ name: "Stranger" });
    const healer = await character("Medic", {}, [skill("First Aid", 6)]);
    const patient = await character("Patient", { wounds: { value: 9 } });
    const { applyOrRelay } = await import("../../../src/core/relay");
    const result = await asUser(stranger, () => applyOrRelay("toast.treat", patient, { healerUuid: healer.uuid, skillId: healer.items.getName("First Aid").id, mode: "public" }));
    expect(result.ok).toBe(false);
    expect(patient.system.wounds.value).toBe(9);
  });
});

describe("hotbar macros", () => {
  it("a dropped skill or attribute becomes a macro that rolls it for the speaking actor", async () => {
    const a = await character("Ava", {}, [skill("First Aid", 4)]);
    const draft = await toastMacros.fromDrop({ type: "Item", uuid: a.items.getName("First Aid").uuid });
    expect(draft?.ref).toEqual({ ruleset: "toast", kind: "skill", name: "First Aid" });
    const attr = await toastMacros.fromDrop({ type: "breadbox.attribute", ruleset: "toast", key: "will", label: "Will" });
    expect(attr?.ref).toEqual({ ruleset: "toast", kind: "attribute", name: "will" });
    const pending = toastMacros.run(a, attr!.ref);
    const dialog = await waitForDialog();
    expect((dialog.element.querySelector('select[name="task"]') as HTMLSelectElement).value).toBe("attribute:will");
    scriptDiceFaces([5]);
    await answerDialog({ action: "roll" });
    await pending;
    expect((game as any).messages.size).toBe(1);
  });
});
