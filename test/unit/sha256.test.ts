import { it, expect } from "vitest";
import { createHash } from "node:crypto";
import { sha256Hex } from "../../src/core/sha256";
it("x", () => {
  expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  for (const s of ["", "a".repeat(55), "a".repeat(56), "a".repeat(64), "héllo ✂️ stone|x", "x".repeat(1000)]) expect(sha256Hex(s)).toBe(createHash("sha256").update(s).digest("hex"));
});
