import { beforeEach, expect, it } from "vitest";
import { DialogV2, resetHarness, answerDialog, waitForDialog } from "../../harness/index";

beforeEach(() => resetHarness());

it("embedded documents created with their parent get ids", async () => {
  const actor: any = await Actor.create({ name: "A", type: "base", items: [{ name: "I", type: "base" }] } as never).catch(() => null);
  if (!actor) return expect.fail("actor creation failed");
  expect(actor.items.size).toBe(1);
  expect(actor.items.contents[0].id).toMatch(/^[A-Za-z0-9]{16}$/);
});

it("a pre-selected option in dialog content is the select's value", async () => {
  const p = DialogV2.wait({ content: '<select name="s"><option value="a">A</option><option value="b" selected>B</option></select>', buttons: [{ action: "ok", label: "OK", default: true, callback: (_e: Event, b: HTMLButtonElement) => (b.form!.elements.namedItem("s") as HTMLSelectElement).value }] } as never);
  await waitForDialog();
  await answerDialog({});
  expect(await p).toBe("b");
});

it("documents in a compendium pack resolve by Compendium uuid", async () => {
  const { registerPack } = await import("../../harness/index");
  const pack = registerPack({ name: "things", label: "Things", type: "Item", packageName: "test" }, [{ _id: "abcdefabcdef0001", name: "Thing", type: "base" }]);
  const doc: any = await fromUuid("Compendium.test.things.Item.abcdefabcdef0001" as never);
  expect(doc?.name).toBe("Thing");
  expect(doc.uuid).toBe("Compendium.test.things.Item.abcdefabcdef0001");
  expect(doc.pack).toBe("test.things");
  expect((await pack.getIndex()).get("abcdefabcdef0001")?.name).toBe("Thing");
});
