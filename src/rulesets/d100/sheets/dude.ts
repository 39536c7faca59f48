/**
 * The Dude drawn on the sheet: each region's zone, shape and injury mark. Sheet code (runtime),
 * apart from data/fields.ts, whose regions the data models store: docs/architecture.md "Load what the
 * world needs".
 */
import { DUDE_REGIONS, type DudeRegion } from "../data/fields";

export const DUDE_ZONES = ["red", "yellow", "plain"] as const;

export type DudeZone = (typeof DUDE_ZONES)[number];

export function dudeZone(region: DudeRegion): DudeZone {
  if (region === "head" || region === "neck" || region === "chest" || region === "abdomen") return "red";
  if (region === "leftArm" || region === "rightArm" || region === "leftLeg" || region === "rightLeg") return "yellow";
  return "plain";
}

export function isDudeRegion(value: string): value is DudeRegion {
  return DUDE_REGIONS.some((r) => r === value);
}

/** The Dude as a picture: each region's shape in a 120 × 210 box, and where its bubble sits. */
export interface DudeShape {
  kind: "circle" | "ellipse" | "rect";
  x: number;
  y: number;
  w: number;
  h: number;
  /** The region's bubble. */
  bx: number;
  by: number;
}

export const DUDE_SHAPES: Readonly<Record<DudeRegion, DudeShape>> = {
  head: { kind: "circle", x: 60, y: 20, w: 15, h: 15, bx: 84, by: 14 },
  neck: { kind: "rect", x: 54, y: 35, w: 12, h: 9, bx: 74, by: 40 },
  chest: { kind: "rect", x: 40, y: 44, w: 40, h: 34, bx: 60, by: 52 },
  abdomen: { kind: "rect", x: 42, y: 79, w: 36, h: 28, bx: 60, by: 100 },
  rightArm: { kind: "rect", x: 25, y: 46, w: 13, h: 54, bx: 18, by: 60 },
  leftArm: { kind: "rect", x: 82, y: 46, w: 13, h: 54, bx: 102, by: 60 },
  rightHand: { kind: "circle", x: 31, y: 108, w: 7, h: 7, bx: 18, by: 108 },
  leftHand: { kind: "circle", x: 89, y: 108, w: 7, h: 7, bx: 102, by: 108 },
  rightLeg: { kind: "rect", x: 43, y: 108, w: 15, h: 78, bx: 34, by: 150 },
  leftLeg: { kind: "rect", x: 62, y: 108, w: 15, h: 78, bx: 86, by: 150 },
  rightFoot: { kind: "ellipse", x: 47, y: 194, w: 11, h: 6, bx: 30, by: 196 },
  leftFoot: { kind: "ellipse", x: 73, y: 194, w: 11, h: 6, bx: 90, by: 196 },
};

/** The two corners of a region's injury cross (inside its shape). */
export function injuryMark(s: DudeShape): { x1: number; y1: number; x2: number; y2: number } {
  const cx = s.kind === "rect" ? s.x + s.w / 2 : s.x;
  const cy = s.kind === "rect" ? s.y + s.h / 2 : s.y;
  const d = Math.min(6, (s.kind === "rect" ? Math.min(s.w, s.h) : Math.min(s.w, s.h) * 2) / 3);
  return { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d };
}
