/**
 * Pack content that is ours, not the book's: each such document carries
 * `flags.breadbox.ours = true`, and a pack that is ours as a whole says so in its label.
 * Toast 5.1's "Appendix A: Skill List" is missing from the book, so the whole skill list is
 * Breadbox's (skills.ts); the weapons are the book's guideline table (names, size categories, base
 * damage) and the armor its armor table, so neither carries the flag (the skill each weapon names is
 * ours — docs/rules/toast.md, "Packs" — but the document is the book's).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packSources } from "../toaster/boot";
import * as R from "../../../src/rulesets/toast/rules";

const TOAST_PACKS = ["toast-skills", "toast-weapons", "toast-armor"] as const;

const ours = (doc: Record<string, any>) => doc.flags?.breadbox?.ours === true;

describe("Toast pack content that is ours", () => {
  it("exactly the 61 listed skills carry the flag; no weapon or armor does", () => {
    const flagged = TOAST_PACKS.flatMap((pack) => packSources(pack).filter(ours).map((d) => `${pack}/${d.name}`)).sort();
    const skills = R.STARTER_SKILLS.map((s) => packSources("toast-skills").find((d) => d.system.key === s.key)!.name);
    expect(flagged).toEqual(skills.map((n) => `toast-skills/${n}`).sort());
    expect(flagged).toHaveLength(61);
    expect(flagged).toEqual([
      "toast-skills/Acrobatics", "toast-skills/Animal Handling", "toast-skills/Animal Training", "toast-skills/Arcane Lore", "toast-skills/Axe",
      "toast-skills/Blacksmithing", "toast-skills/Bow", "toast-skills/Brawling", "toast-skills/Broadsword", "toast-skills/Carpentry",
      "toast-skills/Climbing", "toast-skills/Commerce", "toast-skills/Cooking", "toast-skills/Crossbow", "toast-skills/Dagger",
      "toast-skills/Dance", "toast-skills/Deception", "toast-skills/Disguise", "toast-skills/Divination", "toast-skills/Dodge",
      "toast-skills/Etiquette", "toast-skills/Farming", "toast-skills/First Aid", "toast-skills/Foraging", "toast-skills/Geography",
      "toast-skills/Heraldry", "toast-skills/Herbalism", "toast-skills/History", "toast-skills/Initiative", "toast-skills/Intimidation",
      "toast-skills/Jumping", "toast-skills/Languages", "toast-skills/Leadership", "toast-skills/Leatherworking", "toast-skills/Lockpicking",
      "toast-skills/Long Sword", "toast-skills/Mace", "toast-skills/Music", "toast-skills/Navigation", "toast-skills/Painting", "toast-skills/Persuasion",
      "toast-skills/Pickpocketing", "toast-skills/Pole Arm", "toast-skills/Prayer", "toast-skills/Riding", "toast-skills/Running",
      "toast-skills/Sailing", "toast-skills/Scribe", "toast-skills/Shield", "toast-skills/Short Sword", "toast-skills/Spear", "toast-skills/Spellcasting",
      "toast-skills/Staff", "toast-skills/Stealth", "toast-skills/Storytelling", "toast-skills/Surgery", "toast-skills/Survival",
      "toast-skills/Swimming", "toast-skills/Thrown Weapons", "toast-skills/Tracking", "toast-skills/Two-Handed Sword",
    ]);
    // The flag is the only one, and sits at the top level of each document.
    for (const d of packSources("toast-skills")) expect(d.flags).toEqual({ breadbox: { ours: true } });
  });

  it("the skills pack, ours as a whole, says so in its label; the book's packs do not", () => {
    const system = JSON.parse(readFileSync("system.json", "utf8"));
    const labels = Object.fromEntries(system.packs.filter((p: any) => TOAST_PACKS.includes(p.name)).map((p: any) => [p.name, p.label]));
    expect(labels).toEqual({ "toast-skills": "Toast Skills (Breadbox list)", "toast-weapons": expect.not.stringContaining("Breadbox"), "toast-armor": expect.not.stringContaining("Breadbox") });
  });

  it("a skill learned by trying is the listed skill under the pack's name (issue 19.6)", async () => {
    const { listedSkillName } = await import("../../../src/rulesets/toast/checks");
    for (const d of packSources("toast-skills")) expect(listedSkillName(d.system.key)).toBe(d.name);
  });
});
