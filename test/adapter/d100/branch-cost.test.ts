/**
 * Issue 19, point 9: "purchase a new branch skill by spending 1 skill point" (seed: "Skill Trees").
 * In play mode the sheet's Add branch pays 1 skill point from the reserve the parent's root may use
 * (its own points first, then undirected ones), and refuses with a message when none is left; in
 * edit mode (building a character) the branch's point counts against the creation budget instead.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle } from "../../harness/index";
import { bootWorld, notifications } from "../toaster/boot";

// A loaded machine may take more than the default 10 s to boot the system for the first test.
beforeEach(bootWorld("d100"), 30_000);

async function open(doc: any) {
  const sheet = doc.sheet;
  await sheet.render({ force: true });
  await settle();
  return sheet;
}

function click(sheet: any, selector: string) {
  const el = sheet.element.querySelector(selector) as HTMLElement | null;
  if (!el) throw new Error(`no ${selector}`);
  el.click();
}

async function character(reserve: Record<string, number>): Promise<any> {
  const a: any = await Actor.create({ name: "Bob", type: "d100", system: { reserveSkillPoints: reserve } } as never);
  await a.createEmbeddedDocuments("Item", [{ name: "Bows", type: "d100Skill", system: { parentSkill: "ranged", adjust: 3 } }]);
  return a;
}

const branches = (a: any): string[] => a.items.filter((i: any) => i.type === "d100Skill").map((i: any) => i.name).sort();

describe("D10/0: a new branch skill costs 1 skill point", () => {
  it("play mode: Add branch under a branch pays 1 point of the root's reserve", async () => {
    const a = await character({ ranged: 2, any: 5 });
    const sheet = await open(a);
    click(sheet, '[data-skill-id="Bows"] [data-action="addBranch"]');
    await settle();
    expect(branches(a)).toEqual(["Bows", "Bows branch"]);
    const added = a.items.getName("Bows branch");
    expect(added.system.parentSkill).toBe("Bows");
    expect(added.system.adjust).toBe(1);
    // The root's own points first.
    expect(a.system.reserveSkillPoints.ranged).toBe(1);
    expect(a.system.reserveSkillPoints.any).toBe(5);
  });

  it("play mode: with no point the root may use, Add branch is refused and nothing changes", async () => {
    const a = await character({ athletic: 4 });
    const sheet = await open(a);
    click(sheet, '[data-skill-id="ranged"] [data-action="addBranch"]');
    await settle();
    expect(branches(a)).toEqual(["Bows"]);
    expect(notifications().at(-1)?.message).toMatch(/1 skill point/);
    expect(a.system.reserveSkillPoints.athletic).toBe(4);
  });

  it("play mode: undirected reserve points pay when the root has none", async () => {
    const a = await character({ any: 1 });
    const sheet = await open(a);
    click(sheet, '[data-skill-id="close"] [data-action="addBranch"]');
    await settle();
    expect(branches(a)).toEqual(["Bows", "close branch"]);
    expect(a.system.reserveSkillPoints.any).toBe(0);
  });

  it("edit mode (building a character): the branch's point counts against the creation budget", async () => {
    const a = await character({});
    const before = a.system.creationSkillPointsLeft;
    const sheet = await open(a);
    click(sheet, '[data-action="toggleMode"]');
    await settle();
    click(sheet, '[data-skill-id="ranged"] [data-action="addBranch"]');
    await settle();
    expect(branches(a)).toEqual(["Bows", "ranged branch"]);
    expect(a.system.creationSkillPointsLeft).toBe(before - 1);
  });
});
