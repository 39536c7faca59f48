/**
 * Issue 24.4 (h24a): a roll dialog's odds lead with a few headline figures in plain words that add
 * up to 100 %, the overlapping events sit apart ("Also possible (overlaps the figures above)"),
 * and every outcome is folded under "All outcomes". One file per ruleset world (headline-<id>.test.ts).
 */
import { expect } from "vitest";
import { text } from "./spec";

export interface Tile {
  label: string;
  pct: number;
}

function pct(s: string): number {
  if (s.startsWith("<")) return 0;
  if (s.startsWith(">")) return 100;
  return Number(s.replace("%", ""));
}

function tilesOf(list: Element | null): Tile[] {
  return [...(list?.querySelectorAll(":scope > li") ?? [])].map((li) => ({ label: text(li.querySelector("span")), pct: pct(text(li.querySelector("strong"))) }));
}

/**
 * Check one odds panel: its headline labels (in order), their sum (100 %), each headline figure the
 * sum of the folded outcomes it names, and the overlapping events apart. Returns the figures.
 */
export function expectHeadline(panel: Element, spec: { headline: [string, string[]][]; overlap: RegExp[] }): { headline: Tile[]; detail: Tile[]; overlap: Tile[] } {
  const headline = tilesOf(panel.querySelector(":scope > ul.bb-odds-headline"));
  expect(headline.map((t) => t.label)).toEqual(spec.headline.map(([label]) => label));
  expect(headline.length).toBeGreaterThanOrEqual(2);
  expect(headline.length).toBeLessThanOrEqual(4);
  const sum = headline.reduce((s, t) => s + t.pct, 0);
  expect(sum).toBeGreaterThan(99.8);
  expect(sum).toBeLessThan(100.2);
  // Nothing overlapping sits among the headline tiles.
  expect(panel.querySelectorAll(":scope > ul.bb-odds-headline li.extra")).toHaveLength(0);
  const details = panel.querySelector<HTMLDetailsElement>("details.bb-odds-detail");
  expect(details, "the outcomes, folded").not.toBeNull();
  expect(details!.open).toBe(false);
  const detail = tilesOf(details!.querySelector("ul.bb-odds"));
  spec.headline.forEach(([label, parts], i) => {
    const sumOf = detail.filter((t) => parts.includes(t.label)).reduce((s, t) => s + t.pct, 0);
    expect(Math.abs(sumOf - headline[i]!.pct), `${label} = ${parts.join(" + ")}`).toBeLessThan(0.1 * parts.length + 0.05);
  });
  const overlap = tilesOf(panel.querySelector(".bb-odds-extras ul.bb-odds-overlap"));
  for (const re of spec.overlap) expect(overlap.map((t) => t.label).join(" | ")).toMatch(re);
  return { headline, detail, overlap };
}

/** A dialog's odds container split into its panels: each headline with what follows it up to the next headline. */
export function panelsIn(container: Element): HTMLElement[] {
  const panels: HTMLElement[] = [];
  for (const child of container.children) {
    if (child.matches("ul.bb-odds-headline")) panels.push(document.createElement("div"));
    panels.at(-1)?.append(child.cloneNode(true));
  }
  return panels;
}
