import asyncHooks from "node:async_hooks";
import fs from "node:fs";

// The test runtime's own module (CommonJS, loaded as Jest loads it: outside the test's module registry).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { trackStores } = require("./codeCachingRuntime.js") as {
  trackStores: (
    coreModules: { require: (name: string) => unknown },
    resolution: { normalizeCoreModuleSpecifier: (name: string) => string },
  ) => asyncHooks.AsyncLocalStorage<unknown>[];
};

function coreModulesOfOneFile() {
  const coreModules = { require: (name: string): unknown => jest.requireActual(name) };
  const resolution = { normalizeCoreModuleSpecifier: (name: string) => name.replace(/^node:/, "") };
  const storesMade = trackStores(coreModules, resolution);
  return { coreModules, storesMade };
}

describe("the test runtime's async_hooks", () => {
  it("hands a file's modules a working AsyncLocalStorage and remembers each store they make", async () => {
    const { coreModules, storesMade } = coreModulesOfOneFile();
    const { AsyncLocalStorage } = coreModules.require("node:async_hooks") as typeof asyncHooks;
    const readers = new AsyncLocalStorage<string>();
    const seen = await readers.run("fr", async () => {
      await Promise.resolve();
      return readers.getStore();
    });
    expect(seen).toBe("fr");
    expect(readers).toBeInstanceOf(asyncHooks.AsyncLocalStorage);
    expect(storesMade).toEqual([readers]);
  });

  it("gives the same module under both names, and every other core module unchanged", () => {
    const { coreModules, storesMade } = coreModulesOfOneFile();
    const prefixed = coreModules.require("node:async_hooks") as typeof asyncHooks;
    expect(coreModules.require("async_hooks")).toBe(prefixed);
    expect(prefixed.AsyncResource).toBe(asyncHooks.AsyncResource);
    expect(coreModules.require("node:fs")).toBe(fs);
    new prefixed.AsyncLocalStorage();
    new prefixed.AsyncLocalStorage();
    expect(storesMade).toHaveLength(2);
  });

  it("a disabled store (what the runtime does when the file ends) no longer follows promises", async () => {
    const { coreModules, storesMade } = coreModulesOfOneFile();
    const { AsyncLocalStorage } = coreModules.require("node:async_hooks") as typeof asyncHooks;
    const readers = new AsyncLocalStorage<string>();
    readers.enterWith("de");
    for (const store of storesMade) store.disable();
    await Promise.resolve();
    expect(readers.getStore()).toBeUndefined();
  });
});
