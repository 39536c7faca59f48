import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs build tool without type declarations
import { link } from "../../tools/link.mjs";

describe("link", () => {
  let tmp: string;
  let dist: string;
  let data: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bb-link-"));
    dist = path.join(tmp, "dist");
    data = path.join(tmp, "foundrydata");
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, "system.json"), "{}");
    fs.mkdirSync(path.join(data, "Data"), { recursive: true });
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("symlinks dist to Data/systems/breadbox and refreshes an existing symlink", () => {
    const first = link({ dataPath: data, distDir: dist });
    const linkPath = path.join(data, "Data", "systems", "breadbox");
    expect(first).toEqual({ link: linkPath, target: dist, replaced: false });
    expect(fs.realpathSync(linkPath)).toBe(fs.realpathSync(dist));
    expect(link({ dataPath: path.join(data, "Data"), distDir: dist }).replaced).toBe(true);
  });

  it("explains a missing or wrong data path", () => {
    expect(() => link({ dataPath: undefined, distDir: dist })).toThrow(/FOUNDRY_DATA/);
    expect(() => link({ dataPath: path.join(tmp, "nope"), distDir: dist })).toThrow(/does not exist/);
    expect(() => link({ dataPath: tmp, distDir: dist })).toThrow(/should contain Data/);
  });

  it("refuses to overwrite a real folder and asks for a build first", () => {
    fs.mkdirSync(path.join(data, "Data", "systems", "breadbox"), { recursive: true });
    expect(() => link({ dataPath: data, distDir: dist })).toThrow(/not a symlink/);
    expect(() => link({ dataPath: data, distDir: path.join(tmp, "empty") })).toThrow(/npm run build/);
  });
});
