/**
 * Dice So Nice presets for every custom die a ruleset registers. A ruleset lists its presets in
 * its RulesetDefinition (`diceSoNice`); the core adds them all when Dice So Nice is ready. The
 * documented API is the same on Dice So Nice 5 (Foundry v13) and 6 (Foundry v14):
 * `Hooks.once("diceSoNiceReady", dice3d => dice3d.addDicePreset({type, labels, values, system}, shape))`,
 * where `type` is the die's formula name ("dk"), `labels` are the faces in value order from
 * `values.min` to `values.max`, and `shape` the 3D model to borrow ("d10").
 */
import type { DiceSoNicePreset } from "./plugin-types";
export type { DiceSoNicePreset } from "./plugin-types";

/** The 3D shapes Dice So Nice documents for custom dice. */
export { DICE_SO_NICE_SHAPES } from "./plugin-types";
import { DICE_SO_NICE_SHAPES } from "./plugin-types";
export type { DiceSoNiceShape } from "./plugin-types";
import type { DiceSoNiceShape } from "./plugin-types";


/** The part of Dice So Nice's `dice3d` object we use (documented API, DSN 5 and 6). */
export interface Dice3D {
  addDicePreset(preset: DiceSoNicePresetData, shape?: DiceSoNiceShape | null): void;
}

export interface DiceSoNicePresetData {
  type: string;
  labels: string[];
  values: { min: number; max: number };
  system: string;
}

/** The built-in Dice So Nice system: our presets replace its look for our letters only. */
export const DICE_SO_NICE_SYSTEM = "standard";

/** The preset data Dice So Nice receives; throws when labels and shape disagree. */
export function presetData(preset: DiceSoNicePreset): DiceSoNicePresetData {
  const faces = Number(preset.shape.slice(1));
  if (preset.labels.length !== faces) {
    throw new Error(`Breadbox | Dice So Nice preset for d${preset.term.DENOMINATION}: ${preset.labels.length} labels on a ${preset.shape}`);
  }
  return {
    type: `d${preset.term.DENOMINATION}`,
    labels: [...preset.labels],
    values: { min: preset.min, max: preset.min + faces - 1 },
    system: DICE_SO_NICE_SYSTEM,
  };
}

/** Labels "min", "min+1", … for a die whose faces are plain numbers. */
export function numberLabels(min: number, faces: number): string[] {
  return Array.from({ length: faces }, (_, i) => String(min + i));
}

/** Add every preset once Dice So Nice is ready (a no-op without the module). */
export function registerDiceSoNice(presets: DiceSoNicePreset[]): void {
  if (!presets.length) return;
  const data = presets.map((p) => ({ data: presetData(p), shape: p.shape }));
  Hooks.once("diceSoNiceReady", (dice3d) => {
    for (const { data: d, shape } of data) dice3d.addDicePreset(d, shape);
  });
}
