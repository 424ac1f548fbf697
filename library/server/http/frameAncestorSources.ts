import type { PlatformContext } from "../app/platformContext";

/** Origins an application or add-on lets frame the site's pages (`https://blog.example.com`), read per answer. */
export type FrameAncestorSource = () => readonly string[];

/** The frame-ancestor sources of one app; those of an inactive owner (a disabled add-on) are skipped. */
export class FrameAncestorSourceRegistry {
  private readonly sources: { owner: string; source: FrameAncestorSource }[] = [];

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(source: FrameAncestorSource, owner: string): void {
    this.sources.push({ owner, source });
  }

  /** Every origin the running owners allow, once each; a source that throws adds nothing. */
  origins(): string[] {
    const origins = new Set<string>();
    for (const { owner, source } of this.sources) {
      if (!this.isOwnerActive(owner)) continue;
      try {
        for (const origin of source()) origins.add(origin);
      } catch {
        // A failing add-on never stops the site: its origins are left out (the site frames itself only).
      }
    }
    return [...origins];
  }
}

const registries = new WeakMap<PlatformContext, FrameAncestorSourceRegistry>();

/** The frame-ancestor sources of an app (add-ons add theirs with `registrar.extend`). */
export function frameAncestorSources(context: PlatformContext): FrameAncestorSourceRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new FrameAncestorSourceRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
