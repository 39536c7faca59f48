/**
 * Symlink dist/ into a Foundry data folder as Data/systems/breadbox, for development.
 *
 *   npm run link -- /path/to/foundrydata      (or FOUNDRY_DATA=/path/to/foundrydata npm run link)
 *
 * The path is Foundry's user data folder (the one holding Data/, Config/, Logs/); a path that
 * already ends in Data is accepted too. An existing symlink is replaced; anything else is refused.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./packs.mjs";

/** Folder name of the system under Data/systems. */
export const SYSTEM_ID = "breadbox";

/**
 * Create (or refresh) the symlink.
 * @param {object} opts
 * @param {string | undefined} opts.dataPath  Foundry user data folder (argv[2] or $FOUNDRY_DATA)
 * @param {string} [opts.distDir]             built system (default root/dist)
 * @returns {{link: string, target: string, replaced: boolean}}
 * @throws {Error} with a message for the user on every problem
 */
export function link({ dataPath, distDir = path.join(ROOT, "dist") }) {
  if (!dataPath) {
    throw new Error("No Foundry data path: pass it as an argument (npm run link -- /path/to/foundrydata) or set FOUNDRY_DATA.");
  }
  const base = path.resolve(dataPath);
  if (!fs.existsSync(base) || !fs.statSync(base).isDirectory()) throw new Error(`Foundry data path ${base} does not exist or is not a folder.`);
  const data = path.basename(base) === "Data" ? base : path.join(base, "Data");
  if (!fs.existsSync(data)) throw new Error(`${data} does not exist: is ${base} a Foundry user data folder (it should contain Data/)?`);
  const target = path.resolve(distDir);
  if (!fs.existsSync(path.join(target, "system.json"))) throw new Error(`${target}/system.json is missing: run npm run build first.`);

  const systems = path.join(data, "systems");
  fs.mkdirSync(systems, { recursive: true });
  const linkPath = path.join(systems, SYSTEM_ID);
  let replaced = false;
  let stat = null;
  try {
    stat = fs.lstatSync(linkPath);
  } catch {
    stat = null;
  }
  if (stat) {
    if (!stat.isSymbolicLink()) {
      throw new Error(`${linkPath} exists and is not a symlink (an installed copy?). Move it away yourself; it is not overwritten.`);
    }
    fs.unlinkSync(linkPath);
    replaced = true;
  }
  fs.symlinkSync(target, linkPath, process.platform === "win32" ? "junction" : "dir");
  return { link: linkPath, target, replaced };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { link: l, target, replaced } = link({ dataPath: process.argv[2] ?? process.env.FOUNDRY_DATA });
    console.log(`link | ${replaced ? "replaced" : "created"} ${l} → ${target}`);
  } catch (err) {
    console.error(`link | ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
}
