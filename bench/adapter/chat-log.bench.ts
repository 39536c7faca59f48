/**
 * A long campaign (issue 20): a world with 5,000 Breadbox chat cards, in the Foundry test harness.
 * Reports (printed, never asserted):
 *  - the bytes every document write carries when a card is posted, in an empty world and after
 *    5,000 cards (the message itself, and the card ledger's record-book update): posting must not
 *    cost more in a long campaign (no record that grows with the history is re-sent);
 *  - the writes "Clear chat log" makes on 5,000 cards, and its time;
 *  - the time to post one card with 5,000 in the log.
 */
import { bench, describe, smokeScale } from "../guard";
import { Hooks } from "../../test/harness/index";
import { bootBench } from "./setup/boot";

await bootBench();
const { ledgerSettled, recordBook } = await import("../../src/core/chat/ledger");

const CARDS = smokeScale(5000, 20);
/** Every document write the GM's client makes, with the size of what it sends. */
interface Write { kind: string; bytes: number }
let writes: Write[] = [];
const size = (x: unknown): number => JSON.stringify(x ?? null).length;
for (const doc of ["ChatMessage", "JournalEntry", "User", "Actor", "Item", "Combat", "Combatant", "Setting"]) {
  Hooks.on(`create${doc}`, (d: { toObject?: () => unknown }) => writes.push({ kind: `create${doc}`, bytes: size(d?.toObject?.() ?? d) }));
  Hooks.on(`update${doc}`, (_d: unknown, diff: unknown) => writes.push({ kind: `update${doc}`, bytes: size(diff) }));
  Hooks.on(`delete${doc}`, () => writes.push({ kind: `delete${doc}`, bytes: 0 }));
}
const settingsSet = game.settings!.set.bind(game.settings);
(game.settings as { set: typeof settingsSet }).set = (async (ns: string, key: string, value: unknown, options?: object) => {
  writes.push({ kind: `setting ${ns}.${key}`, bytes: size(value) });
  return settingsSet(ns as never, key as never, value as never, options as never);
}) as typeof settingsSet;

// A card like a check card: a few hundred bytes of content and Breadbox flags (the ledger records it).
const content = `<div class="breadbox card check"><header>Skill check</header><section class="dice">${"<span class=\"die\">7</span>".repeat(8)}</section><footer>Success by 3</footer></div>`;
let n = 0;
async function postCard(): Promise<void> {
  n++;
  await ChatMessage.create({ content, speaker: { alias: `Card ${n}` }, flags: { breadbox: { type: "toasterCheck", n } } } as never);
  await ledgerSettled();
}

async function measurePost(): Promise<{ count: number; bytes: number; detail: string }> {
  writes = [];
  await postCard();
  const bytes = writes.reduce((s, w) => s + w.bytes, 0);
  return { count: writes.length, bytes, detail: writes.map((w) => `${w.kind} ${w.bytes} B`).join(", ") };
}

async function timePosts(count: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await postCard();
  return (performance.now() - t0) / count;
}

const first = await measurePost();
const emptyMs = await timePosts(50);
for (let i = 51; i < CARDS - 51; i++) await postCard();
const fullMs = await timePosts(50);
const last = await measurePost();
const bookBytes = size(recordBook()?.toObject());

writes = [];
const ids = game.messages!.contents.map((m) => m.id!);
let t = performance.now();
await ChatMessage.deleteDocuments(ids);
await ledgerSettled();
const clearMs = performance.now() - t;
const clearBook = writes.filter((w) => w.kind === "updateJournalEntry");
const clearOther = writes.filter((w) => w.kind !== "deleteChatMessage" && w.kind !== "updateJournalEntry");

console.log(`[chat log] posting a card in an empty world: ${first.count} writes, ${first.bytes} B (${first.detail})`);
console.log(`[chat log] posting card ${CARDS}: ${last.count} writes, ${last.bytes} B (${last.detail}); record book now ${(bookBytes / 1024).toFixed(0)} KiB, never re-sent`);
console.log(`[chat log] time to post a card (harness, mean of 50): ${emptyMs.toFixed(2)} ms in an empty world, ${fullMs.toFixed(2)} ms with ${CARDS - 50} in the log`);
console.log(`[chat log] Clear chat log on ${ids.length} cards: ${ids.length} message deletions, ${clearBook.length} record-book update(s) of ${clearBook.reduce((s, w) => s + w.bytes, 0)} B, ${clearOther.length} other write(s); ${clearMs.toFixed(0)} ms`);

// Refill for the timed benches.
for (let i = 0; i < CARDS; i++) await postCard();

describe("Chat log of 5,000 Breadbox cards", () => {
  bench("post one card (5,000 in the log)", async () => {
    await postCard();
  }, { iterations: 50, warmupIterations: 5 });
});
