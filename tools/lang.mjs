/**
 * Translations are written in parts: lang/en.json holds the core's strings and each ruleset (or
 * part of one) adds lang/en/<part>.json. The build merges them into the one dist/lang/en.json
 * that system.json names; tests read the same merge. A key defined twice is an error, so two
 * parts can never silently overwrite each other.
 */
import fs from "node:fs";
import path from "node:path";

function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function mergeInto(target, source, file, trail) {
  for (const [key, value] of Object.entries(source)) {
    const here = trail ? `${trail}.${key}` : key;
    if (!(key in target)) {
      target[key] = isObject(value) ? mergeInto({}, value, file, here) : value;
    } else if (isObject(target[key]) && isObject(value)) {
      mergeInto(target[key], value, file, here);
    } else {
      throw new Error(`lang: ${file} defines ${here}, which another translation file already defines`);
    }
  }
  return target;
}

/** The merged translations for `lang` (default "en"): lang/<lang>.json, then lang/<lang>/*.json in name order. */
export function readLang(root, lang = "en") {
  const base = path.join(root, "lang", `${lang}.json`);
  const merged = mergeInto({}, JSON.parse(fs.readFileSync(base, "utf8")), path.relative(root, base), "");
  const dir = path.join(root, "lang", lang);
  if (fs.existsSync(dir)) {
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
      const file = path.join(dir, f);
      let data;
      try {
        data = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch (err) {
        throw new Error(`lang: ${path.relative(root, file)} is not valid JSON: ${err.message}`);
      }
      mergeInto(merged, data, path.relative(root, file), "");
    }
  }
  return merged;
}
