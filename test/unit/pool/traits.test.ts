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
    expect(chooseTrait({ tree, scores: { running: 2, athletics: 4 }, requested: "running" })).toMatchObject({ traitId: "running", score: 2, relation: "exact" });
  });
  it("any ancestor is appropriate automatically (nearest first on ties)", () => {
    expect(traitAncestors(tree, "sprinting")).toEqual(["running", "athletics"]);
    expect(chooseTrait({ tree, scores: { athletics: 3 }, requested: "sprinting" })).toMatchObject({ traitId: "athletics", relation: "ancestor", distance: 2, score: 3 });
    expect(chooseTrait({ tree, scores: { athletics: 2, running: 2 }, requested: "sprinting" })).toMatchObject({ traitId: "running", distance: 1 });
  });
  it("a descendant counts only when justified", () => {
    expect(chooseTrait({ tree, scores: { marathon: 3 }, requested: "running" })).toMatchObject({ relation: "none", score: 0 });
    expect(chooseTrait({ tree, scores: { marathon: 3, athletics: 1 }, requested: "running", justified: ["marathon"] })).toMatchObject({ traitId: "marathon", relation: "descendant", score: 3 });
    expect(traitCandidates({ tree, scores: { marathon: 3, athletics: 1 }, requested: "running", justified: ["marathon"] }).map((c) => c.traitId)).toEqual(["athletics", "marathon"]);
  });
  it("a supporting ability is not the asked ability, an ancestor or an accepted descendant", () => {
    expect(checkSupportingTrait({ tree, requested: "running", supporting: "climbing" })).toBe("climbing");
    // A descendant the Storyguide did not accept as the ability itself may still support it.
    expect(checkSupportingTrait({ tree, requested: "running", supporting: "marathon" })).toBe("marathon");
    expect(() => checkSupportingTrait({ tree, requested: "running", supporting: "running" })).toThrow(/"running" is the ability asked for/);
    expect(() => checkSupportingTrait({ tree, requested: "sprinting", supporting: "athletics" })).toThrow(/"athletics" is an ancestor of "sprinting"/);
    expect(() => checkSupportingTrait({ tree, requested: "running", supporting: "marathon", justified: ["marathon"] })).toThrow(/"marathon" was accepted as a descendant/);
    expect(() => checkSupportingTrait({ tree, requested: "running", supporting: "swimming" })).toThrow(/Unknown trait "swimming"/);
  });
  it("rejects bad trees and bad justifications", () => {
    expect(() => traitAncestors({ a: "b", c: null }, "a")).toThrow(/Trait "a" names an unknown parent "b"/);
    expect(() => chooseTrait({ tree: { a: "b", c: null }, scores: {}, requested: "a" })).toThrow(/unknown parent "b"/);
    expect(() => checkTraitTree({ a: "b", b: "a" })).toThrow(/cycle/);
    expect(() => checkTraitTree({ a: "missing" })).toThrow(/unknown parent/);
    expect(() => chooseTrait({ tree, scores: {}, requested: "running", justified: ["climbing"] })).toThrow(/not a descendant of "running"/);
    expect(() => chooseTrait({ tree, scores: {}, requested: "swimming" })).toThrow(/Unknown trait "swimming"/);
    expect(() => chooseTrait({ tree, scores: { running: 1.5 }, requested: "running" })).toThrow(/whole number/);
  });
});

describe("names typed by users are only names (issue 9.6)", () => {
  const PROTO_NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"] as const;

  it("an absent prototype name is an unknown trait, never a function from Object.prototype", () => {
    for (const name of PROTO_NAMES) {
      expect(() => chooseTrait({ tree, scores: { running: 2 }, requested: name })).toThrow(new RangeError(`Unknown trait "${name}"`));
      expect(() => traitAncestors(tree, name)).toThrow(/Unknown trait/);
      // A plain score table without the name: the trait is in the tree but the character lacks it.
      const t = new Map<string, string | null>([...Object.entries(tree), [name, "athletics"]]);
      expect(chooseTrait({ tree: t, scores: { athletics: 3 }, requested: name })).toMatchObject({ traitId: "athletics", relation: "ancestor", score: 3 });
      expect(chooseTrait({ tree: t, scores: {}, requested: name })).toMatchObject({ relation: "none", score: 0 });
    }
  });

  it("a trait named like a prototype member works as any other, from a Map or from JSON", () => {
    for (const name of PROTO_NAMES) {
      // JSON.parse creates own keys, even "__proto__"; an object literal would set the prototype instead.
      const jsonTree = JSON.parse(`{"athletics": null, "${name}": "athletics", "deep": "${name}"}`) as Record<string, string | null>;
      const jsonScores = JSON.parse(`{"${name}": 4}`) as Record<string, number>;
      const mapTree = new Map<string, string | null>([["athletics", null], [name, "athletics"], ["deep", name]]);
      const mapScores = new Map([[name, 4]]);
      for (const [t, scores] of [[jsonTree, jsonScores], [mapTree, mapScores]] as const) {
        expect(checkTraitTree(t).get(name)).toBe("athletics");
        expect(traitAncestors(t, "deep")).toEqual([name, "athletics"]);
        expect(chooseTrait({ tree: t, scores, requested: name })).toMatchObject({ traitId: name, relation: "exact", score: 4 });
        expect(chooseTrait({ tree: t, scores, requested: "deep" })).toMatchObject({ traitId: name, relation: "ancestor", distance: 1, score: 4 });
        expect(chooseTrait({ tree: t, scores, requested: "athletics", justified: ["deep", name] })).toMatchObject({ traitId: name, relation: "descendant", score: 4 });
        expect(checkSupportingTrait({ tree: t, requested: "athletics", supporting: name })).toBe(name);
        expect(() => checkSupportingTrait({ tree: t, requested: "deep", supporting: name })).toThrow(`"${name}" is an ancestor of "deep"`);
      }
    }
  });

  it("a parent named like a prototype member must exist in the tree", () => {
    for (const name of PROTO_NAMES) {
      expect(() => checkTraitTree({ a: name })).toThrow(`Trait "a" names an unknown parent "${name}"`);
      expect(() => traitAncestors({ a: name }, "a")).toThrow(`Trait "a" names an unknown parent "${name}"`);
    }
  });
});
