/**
 * Shared set-up for the Toaster adapter tests: load the system into the harness once per file
 * (init → ready), load the English strings, and build documents from the pack sources.
 */
import { afterAll } from "vitest";
import { readLang } from "../../../tools/lang.mjs";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { asUser, resetHarness, runStartupHooks, setHookBaseline, setHookBroadcast, setWorldSettings } from "../../harness/index";
import { ToasterCheckRoll, type ToasterCheckOptions } from "../../../src/rulesets/toaster/dice/check-roll";

let booted = false;

// A document of another ruleset loads that ruleset's code (src/core/lazy.ts): let such loads finish
// before the file's world is torn down.
afterAll(async () => {
  if (!booted) return;
  const { settleLoads } = await import("../../../src/core/lazy");
  await settleLoads();
});
/** The world's ruleset this file booted (null: the setting's default, as a new world has). */
let bootedRuleset: string | null = null;

/**
 * Boot a world of the setting's default ruleset, then reset it to a fresh world. Takes no
 * arguments: suites pass it straight to `beforeEach`. Suites that boot it mix rulesets (documents
 * of every ruleset in one world), so every ruleset's code is loaded, as a world holding documents
 * of each loads them at "setup" (src/core/lazy.ts); `bootWorld` loads only its own ruleset's.
 */
export async function bootSystem(): Promise<void> {
  await boot(null);
}

/**
 * `beforeEach(bootWorld("flange"))`: boot a world whose stored `breadbox.ruleset` is `ruleset`
 * (set before init, as a world's stored setting is), then reset it to a fresh world of that
 * ruleset. A file boots one world: asking for another ruleset later throws.
 */
export function bootWorld(ruleset: string): () => Promise<void> {
  return () => boot(ruleset);
}

async function boot(ruleset: string | null): Promise<void> {
  // Chat-card trust runs on the active GM's client: fire document hooks there too.
  setHookBroadcast(true);
  if (booted && ruleset !== bootedRuleset) throw new Error(`bootWorld: this file booted a ${bootedRuleset ?? "default"} world, not ${ruleset ?? "default"}`);
  if (!booted) {
    bootedRuleset = ruleset;
    if (ruleset !== null) setWorldSettings({ "breadbox.ruleset": ruleset });
    await import("../../../src/index");
    await runStartupHooks();
    // Foundry does not await "ready" callbacks (the world migration runs on), nor the world's
    // ruleset's code, which init starts importing (src/core/lazy.ts): let both finish before the
    // first reset, so none of their writes lands in a test's fresh world and their hooks stay.
    const { coreReady } = await import("../../../src/core/init");
    await coreReady();
    if (ruleset === null) {
      const { loadRuleset } = await import("../../../src/core/lazy");
      const { allRulesets } = await import("../../../src/core/registry");
      await Promise.all(allRulesets().map((r) => loadRuleset(r.id)));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    setHookBaseline();
    booted = true;
  }
  resetHarness();
  // A fresh world after "ready": the active GM's client has created the card record book.
  const { ensureRecordBook } = await import("../../../src/core/chat/ledger-migrate");
  await ensureRecordBook();
  const { clearToasterRulesCache } = await import("../../../src/rulesets/toaster/settings");
  clearToasterRulesCache();
  const { clearPoolRulesCache } = await import("../../../src/rulesets/pool/settings");
  clearPoolRulesCache();
  const lang = readLang(process.cwd());
  (game as unknown as { i18n: { loadTranslations(o: unknown): void } }).i18n.loadTranslations(lang);
}

export function packSources(pack: string): Record<string, any>[] {
  const dir = join("packs/_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));
}

export function packDoc(pack: string, name: string): Record<string, any> {
  const doc = packSources(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${name} not in ${pack}`);
  return doc;
}

/** A world actor built from a pack source (ids and keys stripped as an import would). */
export async function actorFromPack(name: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const src = structuredClone(packDoc("toaster-characters", name));
  delete src._key;
  delete src._id;
  src.items = (src.items ?? []).map((i: any) => {
    const { _key, ...rest } = i;
    return rest;
  });
  return Actor.create({ ...src, ...overrides } as never);
}

export async function makeCharacter(name: string, system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []): Promise<any> {
  const actor: any = await Actor.create({ name, type: "toaster", system } as never);
  if (items.length) await actor.createEmbeddedDocuments("Item", items);
  return actor;
}

export function itemData(pack: string, name: string): Record<string, unknown> {
  const { _id, _key, ...rest } = structuredClone(packDoc(pack, name));
  return rest;
}

export function notifications(): { type: string; message: string }[] {
  return (ui as any).notifications.history;
}

/**
 * A Toaster check card as performCheck writes it, posted by `user` (who may not be entitled to
 * `actor`). The caller scripts the die first; `options` override the check, `extraFlags` the card's
 * flags, `data` the message.
 */
export async function postCheckCard(user: any, actor: any, options: Partial<ToasterCheckOptions> = {}, extraFlags: Record<string, unknown> = {}, data: Record<string, unknown> = {}): Promise<any> {
  const roll = ToasterCheckRoll.fromCheck({
    kind: "skill",
    title: "Check",
    rank: 5,
    rankLabel: "Check",
    parts: [],
    luckBefore: 0,
    callFour: false,
    rollingNines: false,
    ninesLimit: null,
    rollingZeros: false,
    target: 10,
    variableOutcomes: true,
    luckEnabled: true,
    actorUuid: actor.uuid,
    ...options,
  } as ToasterCheckOptions);
  await roll.evaluate();
  return asUser(user, () =>
    ChatMessage.create({ content: String(roll.total), rolls: [roll], speaker: { actor: actor.id }, flags: { breadbox: { type: "toasterCheck", kind: options.kind ?? "skill", actorUuid: actor.uuid, ...extraFlags } }, ...data } as never),
  );
}
