import type { Discussion } from "@forum/api/discussions";
import type { LayoutNode, WidgetName, WidgetPropsMap } from "@forum/api/widgetProps";
import type { PlatformContext } from "../app/platformContext";
import type { Viewer } from "../permissions/viewer";
import type { SafeHtml } from "./html";
import { node } from "./pageTree";
import { registerNodeHtml, type NodeHtmlContext } from "./pageTreeHtml";

/** What a widget on the discussion page knows when it builds its props. */
export interface DiscussionSlotContext {
  app: PlatformContext;
  viewer: Viewer;
  discussion: Discussion;
}

/**
 * A read that every post of a discussion page asks for (a slot widget beside each post), made once per page: the
 * page's discussion object stands for the page, each page build presenting its own. A failed read is not kept,
 * so the next post of the page asks again.
 */
export function readOncePerPage<App, T>(
  read: (app: App, discussion: Discussion) => Promise<T>,
): (app: App, discussion: Discussion) => Promise<T> {
  const reads = new WeakMap<Discussion, Promise<T>>();
  return (app, discussion) => {
    let found = reads.get(discussion);
    if (!found) {
      found = read(app, discussion);
      reads.set(discussion, found);
      found.catch(() => reads.delete(discussion));
    }
    return found;
  };
}

/** A widget beside one post's actions: the discussion, or one of its comments. */
export interface PostSlotContext extends DiscussionSlotContext {
  recordType: "discussion" | "comment";
  recordID: number;
  insertUserID: number;
}

/** A page with no record of its own (the home page's hero). */
export interface SiteSlotContext {
  app: PlatformContext;
  viewer: Viewer;
}

/** A member's profile: actions beside the header, for another member's profile only. */
export interface ProfileSlotContext extends SiteSlotContext {
  user: { userID: number; name: string; banned: number };
}

/**
 * The named places of a page tree an application or add-on may add widgets to, with what each widget is told.
 * Applications add slots by declaration merging.
 */
export interface PageSlotContexts {
  /** Beside the discussion's author, date and category. */
  "discussion.meta": DiscussionSlotContext;
  /** Between the original post and the comments. */
  "discussion.afterOriginalPost": DiscussionSlotContext;
  /** After the actions of each post (the discussion and every comment on the page). */
  "post.actions": PostSlotContext;
  /**
   * Items of the Share menu of every post of a discussion's page (e.g. sharing the post in a private message):
   * asked once per page, the same nodes on every post. An item reads the post it shares from the menu
   * (`useSharedPost`, library/src/share/sharedPost.ts).
   */
  "post.share": DiscussionSlotContext;
  /** The home page's hero banner, under its title (e.g. a search form). */
  "home.hero": SiteSlotContext;
  /** The actions of another member's profile header (e.g. a Message button). */
  "profile.actions": ProfileSlotContext;
  /** Sections of a member's Profile tab, after their recent activity (e.g. the badges they earned). */
  "profile.overview": ProfileSlotContext;
  /** Widgets of the home page, after the recent discussions (e.g. a leaderboard). */
  "home.widgets": SiteSlotContext;
  /** Sections of the signed-in member's preferences page, after the notification preferences (e.g. digests). */
  "profile.preferences": SiteSlotContext;
}

export type PageSlotName = keyof PageSlotContexts;

/** A widget in a slot: a component of `WidgetPropsMap` and its props for the page being built. */
export interface PageSlotWidget<S extends PageSlotName, K extends WidgetName> {
  component: K;
  /** The widget's props here, or null to leave it out of this page (a setting off, nothing to show). */
  props(slot: PageSlotContexts[S]): WidgetPropsMap[K] | null | Promise<WidgetPropsMap[K] | null>;
  /** Order within the slot (lower first). */
  sort?: number;
  /**
   * True when the props depend on which member is looking, not only on their roles (their vote, their follow):
   * pages holding the widget are then rendered for each member instead of once for all members of the same roles.
   */
  perMember?: boolean;
  /**
   * How the server writes the widget when it needs no script (a plain form, a link): the page then has no mount
   * point for it and fetches none of its code. The single-page app still renders the registered component.
   */
  html?: (props: WidgetPropsMap[K], context: NodeHtmlContext) => SafeHtml;
}

interface RegisteredWidget {
  slot: PageSlotName;
  owner: string;
  sort: number;
  perMember?: boolean;
  component: WidgetName;
  props(slot: never): unknown;
}

/**
 * The slot widgets of one app. The page-tree builders ask it for a slot's nodes, so a widget shows on the
 * server page and in the single-page layout alike; widgets of an inactive owner (a disabled add-on) are left
 * out, and one whose props throw is logged and skipped so the page still renders.
 */
export class PageSlotRegistry {
  private readonly widgets: RegisteredWidget[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add<S extends PageSlotName, K extends WidgetName>(
    slot: S,
    widget: PageSlotWidget<S, K>,
    owner = "core",
  ): void {
    this.widgets.push({ ...widget, slot, owner, sort: widget.sort ?? 0 });
    if (widget.html) registerNodeHtml(widget.component, { html: widget.html });
    this.widgets.sort((a, b) => a.sort - b.sort);
  }

  /**
   * True when an active widget's props depend on which member is looking (see `PageSlotWidget.perMember`) and it
   * is not among `joined` (the widgets the member overlay writes per member: memberOverlays.ts).
   */
  hasPerMemberWidgets(joined: ReadonlySet<string> = new Set()): boolean {
    return this.widgets.some(
      (widget) =>
        widget.perMember === true && this.isOwnerActive(widget.owner) && !joined.has(widget.component),
    );
  }

  /**
   * The slot's nodes for this page, in order. A widget whose props come at once is built at once: a page asks
   * every post's slots, and a promise per widget and post costs more than most widgets' props do.
   */
  async nodes<S extends PageSlotName>(slot: S, context: PageSlotContexts[S]): Promise<LayoutNode[]> {
    const built: (LayoutNode | null | Promise<LayoutNode | null>)[] = [];
    let waits = false;
    for (const widget of this.widgets) {
      if (widget.slot !== slot || !this.isOwnerActive(widget.owner)) continue;
      const made = this.build(widget, slot, context);
      if (isThenable(made)) waits = true;
      built.push(made);
    }
    if (!waits) return (built as (LayoutNode | null)[]).filter(isNode);
    // eslint-disable-next-line @typescript-eslint/await-thenable -- Promise.all passes the plain values through
    return (await Promise.all(built)).filter(isNode);
  }

  /** One widget's node (null when it leaves itself out or fails: a failure is logged, the page still renders). */
  private build(
    widget: RegisteredWidget,
    slot: PageSlotName,
    context: PageSlotContexts[PageSlotName],
  ): LayoutNode | null | Promise<LayoutNode | null> {
    const failed = (error: unknown): null => {
      context.app.log.error({ err: error, slot, owner: widget.owner }, "A page slot widget failed.");
      return null;
    };
    const toNode = (props: unknown): LayoutNode | null =>
      props === null ? null : node(widget.component, props as never);
    try {
      const props = widget.props(context as never);
      return isThenable(props) ? Promise.resolve(props).then(toNode, failed) : toNode(props);
    } catch (error) {
      return failed(error);
    }
  }
}

function isNode(item: LayoutNode | null): item is LayoutNode {
  return item !== null;
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
