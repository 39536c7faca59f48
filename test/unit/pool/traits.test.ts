import { describe, expect, it } from "vitest";
import { checkSupportingTrait, checkTraitTree, chooseTrait, traitAncestors, traitCandidates, type TraitTree } from "../../../src/rulesets/pool/rules";

const tree: TraitTree = {
  athletics: null,
  running: "athletics",
  sprinting: "running",
  marathon: "running",
  climbing: "athletics",
};

describe("seed 002 · Determining the Ability and Attribute", () => {
  it("uses the asked trait when the character has it", () => {
    expect(chooseTrait(tree, { running: 2, athletics: 4 }, "running")).toMatchObject({ traitId: "running", score: 2, relation: "exact" });
  });
  it("any ancestor is appropriate automatically (nearest first on ties)", () => {
    expect(traitAncestors(tree, "sprinting")).toEqual(["running", "athletics"]);
    expect(chooseTrait(tree, { athletics: 3 }, "sprinting")).toMatchObject({ traitId: "athletics", relation: "ancestor", distance: 2, score: 3 });
    expect(chooseTrait(tree, { athletics: 2, running: 2 }, "sprinting")).toMatchObject({ traitId: "running", distance: 1 });
  });
  it("a descendant counts only when justified", () => {
    expect(chooseTrait(tree, { marathon: 3 }, "running")).toMatchObject({ relation: "none", score: 0 });
    expect(chooseTrait(tree, { marathon: 3, athletics: 1 }, "running", ["marathon"])).toMatchObject({ traitId: "marathon", relation: "descendant", score: 3 });
    expect(traitCandidates(tree, { marathon: 3, athletics: 1 }, "running", ["marathon"]).map((c) => c.traitId)).toEqual(["athletics", "marathon"]);
  });
  it("a supporting ability is not the asked ability, an ancestor or an accepted descendant", () => {
    expect(checkSupportingTrait(tree, "running", "climbing")).toBe("climbing");
    // A descendant the Storyguide did not accept as the ability itself may still support it.
    expect(checkSupportingTrait(tree, "running", "marathon")).toBe("marathon");
    expect(() => checkSupportingTrait(tree, "running", "running")).toThrow(/"running" is the ability asked for/);
    expect(() => checkSupportingTrait(tree, "sprinting", "athletics")).toThrow(/"athletics" is an ancestor of "sprinting"/);
    expect(() => checkSupportingTrait(tree, "running", "marathon", ["marathon"])).toThrow(/"marathon" was accepted as a descendant/);
    expect(() => checkSupportingTrait(tree, "running", "swimming")).toThrow(/Unknown trait "swimming"/);
  });
  it("rejects bad trees and bad justifications", () => {
    expect(() => traitAncestors({ a: "b", c: null }, "a")).toThrow(/Trait "a" names an unknown parent "b"/);
    expect(() => chooseTrait({ a: "b", c: null }, {}, "a")).toThrow(/unknown parent "b"/);
    expect(() => checkTraitTree({ a: "b", b: "a" })).toThrow(/cycle/);
    expect(() => checkTraitTree({ a: "missing" })).toThrow(/unknown parent/);
    expect(() => chooseTrait(tree, {}, "running", ["climbing"])).toThrow(/not a descendant of "running"/);
    expect(() => chooseTrait(tree, {}, "swimming")).toThrow(/Unknown trait "swimming"/);
    expect(() => chooseTrait(tree, { running: 1.5 }, "running")).toThrow(/whole number/);
  });
});
