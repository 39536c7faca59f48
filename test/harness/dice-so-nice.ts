/**
 * A stand-in for Dice So Nice's `dice3d` object, written from the module's public API
 * documentation (api/hooks, api/customization, api/terms pages of the Dice So Nice docs):
 *
 * - `Hooks.once("diceSoNiceReady", dice3d => …)` is how a system reaches it; `diceSoNiceInit` runs
 *   first. Dice So Nice 5 serves Foundry v13 and 6 serves v14; both document the same
 *   registration calls, so the mock's version only changes `version`.
 * - `addSystem({id, name}, mode)` registers a preset system ("standard" is built in).
 * - `addDicePreset({type, labels, system, values?, …}, shape)`: `type` must be a registered dice
 *   term (`d` + a letter in CONFIG.Dice.terms, or a core shape), `system` a registered system,
 *   `shape` one of d2…d30 (explicit for a custom term), `labels` the faces in value order from
 *   `values.min` (default 1) to `values.max`.
 * - VERIFY: the label count must equal the shape's face count (the documentation shows it in
 *   every example but does not state what happens otherwise); the mock refuses a mismatch.
 */
import { CONFIG, game } from "./state";
import { Hooks } from "./hooks";
import { harnessGeneration } from "./profile";

export const DSN_SHAPES = ["d2", "d4", "d6", "d8", "d10", "d12", "d14", "d16", "d20", "d24", "d30"];
const CORE_TYPES = ["dc", "df", "d2", "d4", "d6", "d8", "d10", "d12", "d14", "d16", "d20", "d24", "d30", "d100"];

export interface DicePresetData {
  type: string;
  labels: string[];
  system: string;
  values?: { min: number; max: number };
  [key: string]: unknown;
}

export class Dice3DMock {
  readonly systems = new Map<string, { id: string; name: string }>([["standard", { id: "standard", name: "Standard" }]]);
  readonly presets = new Map<string, { data: DicePresetData; shape: string }>();
  constructor(readonly version: 5 | 6) {}

  addSystem(system: { id: string; name: string }, _mode: boolean | "default" | "preferred" = "default"): void {
    if (!system?.id) throw new Error("Dice So Nice | addSystem needs an id");
    this.systems.set(system.id, system);
  }

  addDicePreset(data: DicePresetData, shape: string | null = null): void {
    const letter = data.type.startsWith("d") ? data.type.slice(1) : "";
    const registered = CORE_TYPES.includes(data.type) || (letter.length > 0 && letter in (CONFIG.Dice?.terms ?? {}));
    if (!registered) throw new Error(`Dice So Nice | ${data.type} is not a registered dice term`);
    if (!this.systems.has(data.system)) throw new Error(`Dice So Nice | system ${data.system} is not registered`);
    const model = shape ?? (DSN_SHAPES.includes(data.type) ? data.type : null);
    if (!model || !DSN_SHAPES.includes(model)) throw new Error(`Dice So Nice | ${data.type} needs a supported shape, got ${shape}`);
    if (!Array.isArray(data.labels)) throw new Error("Dice So Nice | labels must be an array");
    const faces = Number(model.slice(1));
    if (data.labels.length !== faces) throw new Error(`Dice So Nice | ${data.labels.length} labels on a ${model}`);
    const min = data.values?.min ?? 1;
    const max = data.values?.max ?? min + faces - 1;
    if (max - min + 1 !== data.labels.length) throw new Error(`Dice So Nice | values ${min}–${max} do not match ${data.labels.length} labels`);
    this.presets.set(`${data.system}:${data.type}`, { data, shape: model });
  }

  /** The label on the face that shows `result` for a die of `type` in `system`. */
  faceLabel(type: string, result: number, system = "standard"): string | undefined {
    const preset = this.presets.get(`${system}:${type}`);
    if (!preset) return undefined;
    const min = preset.data.values?.min ?? 1;
    return preset.data.labels[result - min];
  }
}

/** Install the mock as `game.dice3d` and fire its hooks (version 5 on v13, 6 on v14 by default). */
export function installDiceSoNice(version: 5 | 6 = harnessGeneration() === "14" ? 6 : 5): Dice3DMock {
  const dice3d = new Dice3DMock(version);
  game.dice3d = dice3d;
  Hooks.callAll("diceSoNiceInit", dice3d);
  Hooks.callAll("diceSoNiceReady", dice3d);
  return dice3d;
}
