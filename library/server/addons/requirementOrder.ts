import type { AddonPackage } from "./addonManifest";

/** The packages in load order, and why some cannot load (a missing requirement, a cycle). */
export interface RequirementOrder {
  ordered: AddonPackage[];
  /** Key → the reason it is failed before loading. */
  problems: Map<string, string>;
}

/**
 * Orders add-ons so each loads after what it `requires` (folder order otherwise). A requirement that is neither
 * another package nor a core application, or a cycle of requirements, marks the add-ons concerned failed with a
 * message naming them; an add-on requiring a failed one fails too.
 */
export function requirementOrder(
  packages: readonly AddonPackage[],
  coreKeys: ReadonlySet<string>,
  nameOf: (key: string) => string,
): RequirementOrder {
  const byKey = new Map(packages.map((addonPackage) => [addonPackage.manifest.key, addonPackage]));
  const ordered: AddonPackage[] = [];
  const problems = new Map<string, string>();
  const done = new Set<string>();
  const path: string[] = [];

  const visit = (key: string): void => {
    if (done.has(key)) return;
    const addonPackage = byKey.get(key);
    if (!addonPackage) return;
    const start = path.indexOf(key);
    if (start >= 0) {
      const cycle = path.slice(start);
      const names = [...cycle, key].map(nameOf).join(" → ");
      for (const member of cycle) problems.set(member, `Its requirements form a cycle: ${names}.`);
      return;
    }
    path.push(key);
    for (const required of addonPackage.manifest.requires) {
      if (coreKeys.has(required)) continue;
      if (!byKey.has(required)) {
        problems.set(key, `It requires "${required}", which is not installed.`);
        continue;
      }
      visit(required);
      if (problems.has(required) && !problems.has(key))
        problems.set(key, `It requires ${nameOf(required)}, which failed to load.`);
    }
    path.pop();
    done.add(key);
    ordered.push(addonPackage);
  };

  for (const addonPackage of packages) visit(addonPackage.manifest.key);
  return { ordered, problems };
}
