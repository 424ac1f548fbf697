import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { SettingsStore } from "./settingsStore";

describe.each(testDialects)("the settings store on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
  });
  afterAll(() => testApp.close());

  it("does not take a read that began before a change for a fresh one", async () => {
    const store = new SettingsStore(testApp.context.db);
    await store.refresh();
    expect(await store.get("garden.description")).toBe("");
    // A read is out when the values change (another process's write, announced while it was out)…
    const reading = store.refresh();
    store.expire();
    await reading;
    await testApp.context.db
      .insertInto("configValues")
      .values({
        key: "garden.description",
        value: JSON.stringify("Changed"),
        dateUpdated: "2026-11-29 12:00:00",
        updateUserID: 1,
      })
      .execute();
    // …so the next read asks the database again instead of answering from that read for a second.
    expect(await store.get("garden.description")).toBe("Changed");
  });

  it("reads again after a write of this process only when something changed since its last read", async () => {
    const store = new SettingsStore(testApp.context.db);
    await store.refresh();
    await testApp.context.db
      .updateTable("configValues")
      .set({ value: JSON.stringify("Unannounced") })
      .where("key", "=", "garden.description")
      .execute();
    // Nothing told the store: an unrelated write costs no read.
    await store.reloadIfChanged();
    expect(store.peek("garden.description")).toBe("Changed");
    await store.write(testApp.context.db, { "garden.title": "Reloaded" }, 1);
    await store.reloadIfChanged();
    expect(store.peek("garden.title")).toBe("Reloaded");
    expect(store.peek("garden.description")).toBe("Unannounced");
  });
});
