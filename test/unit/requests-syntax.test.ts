/** The inline check syntax (issue 21): `[[/check <thing> <difficulty>]]{label}`, good and bad input. */
import { describe, expect, it } from "vitest";
import { formatInlineCheck, INLINE_CHECK_PATTERN, parseCheckConfig, parseInlineCheck, wholeNumber, wordKey } from "../../src/core/requests/syntax";

describe("parseInlineCheck: good input", () => {
  it.each([
    ["[[/check Dodge]]", { kind: null, name: "Dodge", difficulty: null, label: null }],
    ["[[/check Dodge hard]]", { kind: null, name: "Dodge", difficulty: "hard", label: null }],
    ["[[/check Close combat hard]]", { kind: null, name: "Close combat", difficulty: "hard", label: null }],
    ['[[/check "Close combat"]]', { kind: null, name: "Close combat", difficulty: null, label: null }],
    ['[[/check "Close combat" +2]]', { kind: null, name: "Close combat", difficulty: "+2", label: null }],
    ["[[/check skill:Dodge 20]]", { kind: "skill", name: "Dodge", difficulty: "20", label: null }],
    ["[[/check Attribute:agility]]", { kind: "attribute", name: "agility", difficulty: null, label: null }],
    ['[[/check "skill:Close  combat" -1]]', { kind: "skill", name: "Close combat", difficulty: "-1", label: null }],
    ["[[/check Dodge hard]]{Jump aside!}", { kind: null, name: "Dodge", difficulty: "hard", label: "Jump aside!" }],
    ["[[/check   Dodge   veryDifficult  ]]{  }", { kind: null, name: "Dodge", difficulty: "veryDifficult", label: null }],
    ["[[/CHECK Dodge]]", { kind: null, name: "Dodge", difficulty: null, label: null }],
  ])("%s", (text, check) => {
    expect(parseInlineCheck(text)).toEqual({ ok: true, check });
  });
});

describe("parseInlineCheck: bad input", () => {
  it.each([
    ["[[/check]]", "empty"],
    ["[[/check   ]]", "empty"],
    ['[[/check "Close combat]]', "unclosedQuote"],
    ['[[/check Dodge "hard"]]', "tooManyWords"],
    ['[[/check "Close combat" very hard]]', "tooManyWords"],
    ['[[/check "a" "b"]]', "tooManyWords"],
    ["[[/check skill:]]", "emptyName"],
    ['[[/check ""]]', "emptyName"],
    ["[[/roll 1d6]]", "empty"],
    ["[[/check Dodge]] and more", "empty"],
    ["plain text", "empty"],
  ])("%s → %s", (text, error) => {
    expect(parseInlineCheck(text)).toEqual({ ok: false, error });
  });
});

describe("the enricher pattern", () => {
  it("finds every inline check in a text, with its label", () => {
    const text = "Leap: [[/check Dodge hard]]{Leap} or climb: [[/check Climb]]. Not [[/r 1d6]].";
    const found = [...text.matchAll(INLINE_CHECK_PATTERN)].map((m) => [m[1], m[2]]);
    expect(found).toEqual([
      ["Dodge hard", "Leap"],
      ["Climb", undefined],
    ]);
  });
});

describe("formatInlineCheck", () => {
  it.each([
    { kind: null, name: "Dodge", difficulty: null, label: null },
    { kind: null, name: "Close combat", difficulty: "hard", label: "Fight" },
    { kind: "skill", name: "Close combat", difficulty: null, label: null },
    { kind: "attribute", name: "agility", difficulty: "+2", label: null },
  ])("reads back what it writes: %o", (check) => {
    expect(parseInlineCheck(formatInlineCheck(check))).toEqual({ ok: true, check });
  });
  it("quotes a name of several words", () => {
    expect(formatInlineCheck({ kind: null, name: "Close combat", difficulty: "hard", label: null })).toBe('[[/check "Close combat" hard]]');
  });
});

describe("words", () => {
  it("compares words without case, spaces or punctuation", () => {
    expect(wordKey("Very-difficult")).toBe(wordKey("veryDifficult"));
    expect(wordKey("Child's play")).toBe("childsplay");
    expect(wordKey("Impossible?")).toBe("impossible");
  });
  it("reads whole numbers with or without a sign, nothing else", () => {
    expect([wholeNumber("+2"), wholeNumber("-1"), wholeNumber("15"), wholeNumber("0")]).toEqual([2, -1, 15, 0]);
    expect([wholeNumber("1.5"), wholeNumber("2d6"), wholeNumber(""), wholeNumber("+"), wholeNumber("12345")]).toEqual([null, null, null, null, null]);
  });
  it("parseCheckConfig takes the label apart from the words", () => {
    expect(parseCheckConfig("Dodge", "Jump")).toEqual({ ok: true, check: { kind: null, name: "Dodge", difficulty: null, label: "Jump" } });
  });
});
