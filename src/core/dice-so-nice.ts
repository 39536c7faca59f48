/**
 * Dice So Nice presets for every custom die a ruleset registers. A ruleset lists its presets in
 * its RulesetDefinition (`diceSoNice`); the core adds them all when Dice So Nice is ready. The
 * documented API is the same on Dice So Nice 5 (Foundry v13) and 6 (Foundry v14):
 * `Hooks.once("diceSoNiceReady", dice3d => dice3d.addDicePreset({type, labels, values, system}, shape))`,
 * where `type` is the die's formula name ("dt"), `labels` are the faces in value order from
 * `values.min` to `values.max`, and `shape` the 3D model to borrow ("d10").
 */
import type { DieTermClass } from "./registry";

/** The 3D shapes Dice So Nice documents for custom dice. */
export const DICE_SO_NICE_SHAPES = ["d2", "d4", "d6", "d8", "d10", "d12", "d14", "d16", "d20", "d24", "d30"] as const;
export type DiceSoNiceShape = (typeof DICE_SO_NICE_SHAPES)[number];

/** A custom die's look in Dice So Nice. */
export interface DiceSoNicePreset {
  /** The die term class (its DENOMINATION is the formula letter). */
  term: DieTermClass;
  /** The 3D shape to use; its face count must equal the number of labels. */
  shape: DiceSoNiceShape;
  /** Face labels in value order: labels[i] is the face showing the result `min + i`. */
  labels: string[];
  /** Lowest result the die shows (the d10* shows 0–9: min 0). */
  min: number;
}

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
