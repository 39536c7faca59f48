/**
 * Pack content that is Breadbox's, not the book's (issue 19, packs): every top-level document of
 * the Dice Pool packs that the book does not give carries `flags.breadbox.ours`. The book lists no
 * weapon, no armor and no trait tree; it names nine attributes (Reaction Time, Speed, Wits, Immune
 * System, Stamina, Muscle Power, Toughness, Physical and Mental Threshold), which stay unflagged.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = join(process.cwd(), "packs/_source");

function docs(pack: string): { name: string; ours: boolean; flags: Record<string, unknown> }[] {
  return readdirSync(join(SOURCE, pack))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(SOURCE, pack, f), "utf8")))
    .map((d) => ({ name: d.name, ours: d.flags?.breadbox?.ours === true, flags: d.flags }));
}

const BOOK_ATTRIBUTES = ["Immune System", "Mental Threshold", "Muscle Power", "Physical Threshold", "Reaction Time", "Speed", "Stamina", "Toughness", "Wits"];

describe("Dice Pool packs: what is ours is marked", () => {
  it("every weapon and every armor is ours (the book lists none)", () => {
    for (const pack of ["pool-weapons", "pool-armor"]) {
      const all = docs(pack);
      expect(all.length).toBeGreaterThan(0);
      expect(all.filter((d) => !d.ours).map((d) => d.name)).toEqual([]);
    }
    expect(docs("pool-weapons").map((d) => d.name).sort()).toEqual([
      "Bow", "Club", "Crossbow", "Fist", "Greatsword", "Kick", "Knife", "Laser pistol", "Mace", "Pistol",
      "Psychic blast", "Rifle", "Shotgun", "Spear", "Staff", "Stun gun", "Sword", "Thrown knife",
    ]);
    expect(docs("pool-armor").map((d) => d.name).sort()).toEqual(["Ballistic vest with plates", "Chain mail", "Kevlar vest", "Leather armor", "Padded jacket", "Plate armor", "Riot gear"]);
  });

  it("the trait tree is ours except the nine attributes the book names", () => {
    const all = docs("pool-traits");
    expect(all.filter((d) => !d.ours).map((d) => d.name).sort()).toEqual(BOOK_ATTRIBUTES);
    expect(all.filter((d) => d.ours).length).toBe(all.length - BOOK_ATTRIBUTES.length);
    expect(all.filter((d) => d.ours).map((d) => d.name)).toEqual(expect.arrayContaining(["Physique", "Mind", "Presence", "Combat", "Pistols", "Dodge"]));
  });

  it("no other Dice Pool document carries the flag, and the flag is the only one added", () => {
    const packs = readdirSync(SOURCE).filter((p) => p.startsWith("pool-"));
    expect(packs.sort()).toEqual(["pool-armor", "pool-traits", "pool-weapons"]);
    for (const pack of packs) for (const d of docs(pack)) expect(d.flags).toEqual(d.ours ? { breadbox: { ours: true } } : {});
  });

  it("the packs made wholly of ours say so in their label", () => {
    const system = JSON.parse(readFileSync(join(process.cwd(), "system.json"), "utf8"));
    const label = (name: string) => system.packs.find((p: { name: string }) => p.name === name)?.label;
    expect(label("pool-weapons")).toBe("Dice Pool Weapons (Breadbox list)");
    expect(label("pool-armor")).toBe("Dice Pool Armor (Breadbox list)");
    expect(label("pool-traits")).toBe("Dice Pool Default Trait Tree (Breadbox tree)");
  });
});
