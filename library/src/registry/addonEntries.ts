import { getRegistry } from "@library/src/registry/registryStore";

/** What an add-on's client entry runs when the add-on is enabled: it registers components, routes, slices. */
export type AddonEntryLoader = () => Promise<void> | void;

/**
 * Called by an add-on's entry file (`plugins/<key>/src/entries/<bundle>.tsx`). The loader runs only when the
 * server lists the add-on as enabled, so a disabled add-on's code is never fetched: keep the entry file to this
 * one call and `import()` the rest inside the loader.
 */
export function registerAddonEntry(key: string, load: AddonEntryLoader): void {
  const entries = getRegistry().addonEntries;
  entries.set(key, [...(entries.get(key) ?? []), load]);
}

/**
 * Runs the entries of the enabled add-ons and resolves once every one has registered (or failed: a failing
 * add-on is logged and the others still load). Page widgets mount after this, so an add-on's widget on a
 * server-rendered page finds its component registered.
 */
export async function loadAddonEntries(enabledKeys: readonly string[]): Promise<void> {
  // A bundle runs its entry modules one after the other in one task, the core's (which start the page) before
  // the add-ons'; waiting one microtask lets every add-on's entry file register first.
  await Promise.resolve();
  const entries = getRegistry().addonEntries;
  await Promise.all(
    enabledKeys.flatMap((key) =>
      (entries.get(key) ?? []).map(async (load) => {
        try {
          await load();
        } catch (error) {
          console.error(`The ${key} add-on failed to load in the browser.`, error);
        }
      }),
    ),
  );
}
