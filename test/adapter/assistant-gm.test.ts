/**
 * Issue 18.9: an Assistant GM may not write world settings (foundryvtt#10912, #11678) while
 * `game.users.activeGM` may be an Assistant when no full GM is connected. The harness refuses such
 * writes; the system's world migration (which records a world setting) waits for a full GM and
 * says so, touching nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, createUser, gmUser, harnessPermissions, setUserActive, ui } from "../harness/index";
import { bootSystem, makeCharacter } from "./toaster/boot";
import { migrateWorldIfNeeded, type Migration } from "../../src/core/migrations";
import { canWriteWorldSettings } from "../../src/core/settings";

beforeEach(bootSystem);

function assistantOnly(): any {
  const assistant = createUser({ name: "Assistant", role: "ASSISTANT" });
  setUserActive(gmUser() as never, false);
  expect((game as any).users.activeGM).toBe(assistant);
  return assistant;
}

describe("world settings and the Assistant GM (harness)", () => {
  it("an Assistant GM's world setting write is refused; a full GM's is not; a world may grant it", async () => {
    const assistant = assistantOnly();
    await expect(asUser(assistant, () => (game as any).settings.set("breadbox", "schemaVersion", 7))).rejects.toThrow(/lacks permission to modify the world setting/);
    expect((game as any).settings.get("breadbox", "schemaVersion")).not.toBe(7);
    expect(canWriteWorldSettings(assistant)).toBe(false);
    // The same Assistant may still write client settings and documents.
    await asUser(assistant, () => (game as any).settings.set("breadbox", "skipDialogKey", "alt"));
    harnessPermissions.SETTINGS_MODIFY = [CONST.USER_ROLES.ASSISTANT];
    expect(canWriteWorldSettings(assistant)).toBe(true);
    await asUser(assistant, () => (game as any).settings.set("breadbox", "schemaVersion", 7));
    expect((game as any).settings.get("breadbox", "schemaVersion")).toBe(7);
    expect(canWriteWorldSettings(gmUser() as never)).toBe(true);
  });
});

describe("the world migration with an Assistant as the active GM", () => {
  const bump: Migration[] = [{ version: 1 }, { version: 2, actor: () => ({ "system.notes": "<p>moved</p>" }) }];

  it("does nothing and tells the Assistant that a full Gamemaster is needed; the full GM runs it later", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const actor = await makeCharacter("Old", { notes: "<p>old</p>" });
    const assistant = assistantOnly();
    const before = ui.notifications.history.length;
    expect(await asUser(assistant, () => migrateWorldIfNeeded(bump))).toBe(false);
    expect(actor.system.notes).toBe("<p>old</p>");
    expect((game as any).settings.get("breadbox", "schemaVersion")).toBe(1);
    const notes = ui.notifications.history.slice(before);
    expect(notes.map((n) => [n.type, n.message])).toEqual([["warning", expect.stringMatching(/full Gamemaster/)]]);
    // A full GM logs in: the migration runs and is recorded.
    setUserActive(gmUser() as never, true);
    expect(await migrateWorldIfNeeded(bump)).toBe(true);
    expect(actor.system.notes).toBe("<p>moved</p>");
    expect((game as any).settings.get("breadbox", "schemaVersion")).toBe(2);
  });

  it("an Assistant the world grants SETTINGS_MODIFY runs it", async () => {
    await (game as any).settings.set("breadbox", "schemaVersion", 1);
    const actor = await makeCharacter("Old", { notes: "<p>old</p>" });
    const assistant = assistantOnly();
    harnessPermissions.SETTINGS_MODIFY = [CONST.USER_ROLES.ASSISTANT];
    expect(await asUser(assistant, () => migrateWorldIfNeeded(bump))).toBe(true);
    expect(actor.system.notes).toBe("<p>moved</p>");
  });
});
