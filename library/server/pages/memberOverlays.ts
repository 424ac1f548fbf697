import type { LayoutNode, WidgetName } from "@forum/api/widgetProps";
import type { Viewer } from "../permissions/viewer";
import type { HoleFill } from "./pageTreeHtml";
import { perContext } from "../app/perContext";

/** The page a member overlay writes on: who is looking, and which posts it shows. */
export interface MemberOverlayPage {
  viewer: Viewer;
  discussionID: number;
  commentIDs: readonly number[];
}

/**
 * A per-member slot widget (`perMember: true`) that joins the member overlay: the page holding it is still
 * rendered once for all members with the same roles, with a hole where the widget goes, and the hole is written
 * per member from what `load` read for them (their vote, their follow).
 */
export interface MemberOverlayWidget<S = unknown> {
  /** What this member's holes of the widget need, read once per page view. */
  load(page: MemberOverlayPage): Promise<S>;
  /**
   * The hole for this member: "shared" (as rendered for all), or a key naming their variant (members with the
   * same key get the same HTML) and the node to write for it (null writes nothing).
   */
  fill(hole: LayoutNode, loaded: S, page: MemberOverlayPage): HoleFill;
}

interface Joined {
  owner: string;
  widget: MemberOverlayWidget<never>;
}

/** The widgets that joined the member overlay, by component (those of an inactive owner are left out). */
export class MemberOverlayRegistry {
  private readonly widgets = new Map<string, Joined>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  join<S>(component: WidgetName, widget: MemberOverlayWidget<S>, owner = "core"): void {
    this.widgets.set(component, { owner, widget: widget as MemberOverlayWidget<never> });
  }

  /** The active joined widgets' components. */
  components(): Set<string> {
    const active = new Set<string>();
    for (const [component, joined] of this.widgets)
      if (this.isOwnerActive(joined.owner)) active.add(component);
    return active;
  }

  /** Loads every active joined widget's state for this member: how to fill their holes. */
  async load(page: MemberOverlayPage): Promise<(hole: LayoutNode) => HoleFill | null> {
    const loaded = new Map<string, { widget: MemberOverlayWidget<never>; state: unknown }>();
    await Promise.all(
      [...this.widgets].map(async ([component, joined]) => {
        if (!this.isOwnerActive(joined.owner)) return;
        loaded.set(component, { widget: joined.widget, state: await joined.widget.load(page) });
      }),
    );
    return (hole) => {
      const found = loaded.get(hole.$reactComponent);
      return found ? found.widget.fill(hole, found.state as never, page) : null;
    };
  }
}

/** The member overlay of an app context (`context` is the AppContext; add-ons join from `register`). */
export const memberOverlaysOf = perContext((context: { addons: { isActive(owner: string): boolean } }) => {
  const registry = new MemberOverlayRegistry();
  const { addons } = context;
  registry.setOwnerActivity((owner) => owner === "core" || addons.isActive(owner));
  return registry;
});
