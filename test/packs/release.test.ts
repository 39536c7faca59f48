/**
 * The release workflow publishes nothing unless every test passed: `npm test` runs after the build
 * and before the step that uploads system.json and breadbox.zip (issue 9.12).
 */
import fs from "node:fs";
import { expect, it } from "vitest";

/** The workflow's steps as text blocks (one per "- " item under "steps:"), in order. */
function steps(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^\s+steps:\s*$/.test(l));
  expect(start, "the workflow has a steps list").toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  let indent = -1;
  for (const line of lines.slice(start + 1)) {
    const item = /^(\s*)- /.exec(line);
    if (item && (indent < 0 || item[1]!.length === indent)) {
      indent = item[1]!.length;
      out.push(line);
    } else if (out.length && (line.trim() === "" || line.trim().startsWith("#") || /^\s*/.exec(line)![0].length > indent)) {
      out[out.length - 1] += `\n${line}`;
    } else if (out.length) break;
  }
  return out;
}

it("the release workflow runs npm test after the build and before the upload", () => {
  const list = steps(fs.readFileSync(".github/workflows/release.yml", "utf8"));
  const runs = (cmd: RegExp) => list.findIndex((s) => s.split("\n").some((line) => cmd.test(line.replace(/^\s*(-\s*)?(run:\s*)?/, "").trim())));
  const build = runs(/^npm run build$/);
  const test = runs(/^npm test$/);
  const upload = runs(/^gh release upload\b/);
  expect(build, "a step runs npm run build").toBeGreaterThanOrEqual(0);
  expect(test, "a step runs npm test after the build").toBeGreaterThan(build);
  expect(upload, "the upload step comes after npm test").toBeGreaterThan(test);
  for (const s of list.slice(test, upload + 1)) expect(s, "no step between the tests and the upload ignores a failure").not.toMatch(/continue-on-error:\s*true|\|\|\s*true/);
});
