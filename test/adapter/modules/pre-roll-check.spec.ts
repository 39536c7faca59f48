/**
 * `breadbox.preRollCheck` (issue 22): before a check is rolled, a module may change its options
 * (the ruleset's own dialog fields, docs/hooks.md) or its visibility, or cancel it. One file per
 * ruleset world (pre-roll-check-<id>.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bootWorld } from "../toaster/boot";
import { answerDialog, seedDice, settle } from "../../harness/index";

export interface PreRollFixture {
  ruleset: "toaster" | "toast" | "pool" | "d100" | "flange";
  items: Record<string, unknown>[];
  /** An attribute check (as the hotbar names it). */
  check: { kind: string; name: string };
  /** A documented modifier option and a value for it other than its default. */
  field: string;
  value: number;
}

const msgs = (): any[] => [...(game.messages as any)];
const api = (): any => (game as any).breadbox.api;

async function makeActor(f: PreRollFixture): Promise<any> {
  const actor: any = await Actor.create({ name: "Prewitt", type: f.ruleset } as never);
  if (f.items.length) await actor.createEmbeddedDocuments("Item", f.items);
  return actor;
}

/** Roll the check through the API (its dialog, answered Roll): the new card, or null when none was posted. */
async function rollIt(actor: any, f: PreRollFixture): Promise<any> {
  // The same dice every time: two rolls differ only by their options.
  seedDice(7);
  const before = msgs().length;
  const pending = api().roll(actor, f.check);
  await answerDialog({ action: "roll" });
  await pending;
  await settle();
  return msgs().length > before ? msgs().at(-1) : null;
}

/** The roll's options, less its own id (a new one for every roll). */
function rollOptions(message: any): string {
  const { rollId: _id, ...options } = message.rolls[0].options;
  return JSON.stringify(options);
}

export function describePreRollCheck(f: PreRollFixture): void {
  describe(`breadbox.preRollCheck in a ${f.ruleset} world`, () => {
    beforeEach(bootWorld(f.ruleset), 30_000);

    // The first test of a file pays for the first dialog's and template's loading.
    it(`a handler sees the ruleset, the actor and the dialog's options; changing "${f.field}" changes what is rolled`, async () => {
      const actor = await makeActor(f);
      const plain = await rollIt(actor, f);
      expect(plain.flags.breadbox.type).toBe(`${f.ruleset}Check`);
      const seen: any[] = [];
      Hooks.on("breadbox.preRollCheck", (payload: any) => {
        seen.push({ ruleset: payload.ruleset, actor: payload.actor, original: payload.options[f.field] });
        payload.options[f.field] = f.value;
      });
      const changed = await rollIt(actor, f);
      expect(seen).toEqual([{ ruleset: f.ruleset, actor, original: expect.any(Number) }]);
      expect(seen[0].original).not.toBe(f.value);
      expect(changed.flags.breadbox.type).toBe(`${f.ruleset}Check`);
      expect(rollOptions(changed)).not.toBe(rollOptions(plain));
    }, 30_000);

    it("a value of another type is ignored: the check rolls as chosen", async () => {
      const actor = await makeActor(f);
      const plain = await rollIt(actor, f);
      Hooks.on("breadbox.preRollCheck", (payload: any) => {
        payload.options[f.field] = "lots";
      });
      const changed = await rollIt(actor, f);
      expect(rollOptions(changed)).toBe(rollOptions(plain));
    });

    it("returning false cancels: nothing is rolled or posted", async () => {
      const actor = await makeActor(f);
      Hooks.on("breadbox.preRollCheck", () => false);
      expect(await rollIt(actor, f)).toBeNull();
    });

    it("a handler may change who sees the card (mode)", async () => {
      const actor = await makeActor(f);
      Hooks.on("breadbox.preRollCheck", (payload: any) => {
        payload.mode = "gm";
      });
      const card = await rollIt(actor, f);
      expect(card.whisper.length).toBeGreaterThan(0);
    });
  });
}
