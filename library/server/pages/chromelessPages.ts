import type { FastifyRequest } from "fastify";
import type { PlatformContext } from "../app/platformContext";

/** Whether this request's page is shown without the site's chrome (inside another site's frame). */
export type ChromelessRule = (request: FastifyRequest) => boolean;

/** The chrome-less page rules of one app; those of an inactive owner (a disabled add-on) are skipped. */
export class ChromelessPageRegistry {
  private readonly rules: { owner: string; rule: ChromelessRule }[] = [];

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(rule: ChromelessRule, owner: string): void {
    this.rules.push({ owner, rule });
  }

  /** True when a running owner's rule asks for the page without title bar, theme header, footer. */
  applies(request: FastifyRequest): boolean {
    return this.rules.some(({ owner, rule }) => {
      if (!this.isOwnerActive(owner)) return false;
      try {
        return rule(request);
      } catch {
        return false;
      }
    });
  }
}

const registries = new WeakMap<PlatformContext, ChromelessPageRegistry>();

/** The chrome-less page rules of an app (add-ons add theirs with `registrar.extend`). */
export function chromelessPages(context: PlatformContext): ChromelessPageRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new ChromelessPageRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
