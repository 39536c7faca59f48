/**
 * Checks read from faces already rolled (a replayed roll, tests, opposed and contested checks
 * settled from both sides' faces): runtime code, outside the init rules (docs/architecture.md
 * "Load what the world needs"); the init modules roll through check.ts and dice.ts.
 */
import { recordFace, type Dice } from "./dice";
import { completeCheck, drawCheckDie, normaliseCheck, type CheckFaces, type CheckInput, type CheckResult, type NormalisedCheck } from "./check";

/**
 * Dice read from faces already rolled, stream by stream. A missing face, a face that is not on
 * the die, or (after `finish`) a face left over is refused with a RangeError.
 */
export function faceDice(faces: Readonly<Record<string, readonly number[] | null | undefined>>): Dice & { finish(): void } {
  if (typeof faces !== "object" || faces === null) throw new TypeError("Faces must be an object of face lists");
  const drawn = new Map<string, number[]>();
  const used = new Map<string, number>();
  const read = (stream: string, lo: number, hi: number, die: string): number => {
    const list = Object.prototype.hasOwnProperty.call(faces, stream) ? faces[stream] : undefined;
    const i = used.get(stream) ?? 0;
    if (list !== null && list !== undefined && !Array.isArray(list)) throw new TypeError(`Faces for "${stream}" must be a list of numbers`);
    const face = list?.[i];
    if (face === undefined) throw new RangeError(`Not enough faces for "${stream}": face ${i + 1} is missing`);
    if (typeof face !== "number" || !Number.isInteger(face) || face < lo || face > hi) throw new RangeError(`Face ${String(face)} for "${stream}" is not on a ${die} (${lo}..${hi})`);
    used.set(stream, i + 1);
    return recordFace(drawn, stream, face);
  };
  return {
    drawn,
    d10star: (stream) => read(stream, 0, 9, "d10*"),
    d6: (stream) => read(stream, 1, 6, "d6"),
    finish() {
      for (const stream of Object.keys(faces)) {
        const list = faces[stream];
        const n = list?.length ?? 0;
        if (n > (used.get(stream) ?? 0)) throw new RangeError(`Too many faces for "${stream}": ${n} given, ${used.get(stream) ?? 0} used`);
      }
    },
  };
}

/** Normalise a CheckFaces value (a called 4 must read [4]). */
export function checkFaceStreams(c: NormalisedCheck, faces: CheckFaces, name = "Check"): Record<string, readonly number[]> {
  if (typeof faces !== "object" || faces === null) throw new TypeError(`${name} faces must be {die, fumble}`);
  if (c.callFour) {
    if (!Array.isArray(faces.die) || faces.die.length !== 1 || faces.die[0] !== 4) throw new RangeError(`${name}: a called 4 reads faces [4], not [${String(faces.die)}]`);
    return { die: [], fumble: faces.fumble ?? [] };
  }
  return { die: faces.die, fumble: faces.fumble ?? [] };
}

/** Classify a check from faces already rolled (the d10* chain, then the fumble check's dice). Never draws. */
export function resolveCheck(input: CheckInput, faces: CheckFaces): CheckResult {
  const c = normaliseCheck(input);
  const dice = faceDice(checkFaceStreams(c, faces));
  const r = completeCheck(c, drawCheckDie(c, dice, "die"), c.target, dice, "fumble");
  dice.finish();
  return r;
}
