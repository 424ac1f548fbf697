import type { PageBootstrap } from "@forum/api/bootstrap";
import type { Me } from "@forum/api/users";
import type { PlatformContext } from "../app/platformContext";
import { allSettingDefinitions } from "../settings/settingsRegistry";
import type { Viewer } from "../permissions/viewer";
import { rolesKey } from "../permissions/sharedViewer";
import { memberStateTerms, sharedCacheFor, type SharedCache } from "../http/sharedCache";

/** The users feature presents the signed-in user; it registers itself here so pages embed the same body as GET /users/me. */
export type MePresenter = (context: PlatformContext, viewer: Viewer) => Promise<Me>;

let mePresenter: MePresenter | null = null;

export function registerMePresenter(presenter: MePresenter): void {
  mePresenter = presenter;
}

export async function presentMeForPage(context: PlatformContext, viewer: Viewer): Promise<Me> {
  if (!mePresenter)
    throw new Error("No Me presenter is registered; the dashboard application must be enabled.");
  return mePresenter(context, viewer);
}

/** Readable settings by viewer kind, made once per settings refresh and per generation (add-ons switched). */
const readableByValues = new WeakMap<
  object,
  { generation: number; byViewer: Map<string, Record<string, unknown>> }
>();

/**
 * Public settings (and member settings for signed-in viewers), as `GET /config` would return them. The same
 * object for every viewer of the same kind until the settings or the add-ons change: read it, never change it.
 */
export async function readableSettings(
  context: PlatformContext,
  viewer: Viewer,
): Promise<Record<string, unknown>> {
  const values = await context.settings.all();
  const generation = context.guestCache.currentVersion;
  let known = readableByValues.get(values);
  if (known?.generation !== generation) {
    known = { generation, byViewer: new Map() };
    readableByValues.set(values, known);
  }
  const kind = viewer.isGuest ? "guest" : `${rolesKey(viewer)}`;
  const cached = known.byViewer.get(kind);
  if (cached && viewer.grantSnapshot === grantsOf.get(cached)) return cached;
  const readable = allSettingDefinitions().filter(
    (definition) =>
      context.addons.isActive(definition.owner ?? "core") &&
      (definition.read === "public" ||
        (definition.read === "member" && !viewer.isGuest) ||
        (definition.read !== "none" && definition.read !== "member" && viewer.has(definition.read))),
  );
  const result = Object.fromEntries(readable.map((definition) => [definition.key, values[definition.key]]));
  grantsOf.set(result, viewer.grantSnapshot);
  known.byViewer.set(kind, result);
  return result;
}

/** The grants a cached readable-settings object was made with. */
const grantsOf = new WeakMap<object, object>();

/** A guest's Me and permissions change only with the grants: computed once per grant snapshot, not per page. */
const guestParts = new WeakMap<object, Promise<Pick<PageBootstrap, "currentUser" | "permissions">>>();

function userParts(
  context: PlatformContext,
  viewer: Viewer,
): Promise<Pick<PageBootstrap, "currentUser" | "permissions">> {
  const build = async () => ({
    currentUser: await presentMeForPage(context, viewer),
    permissions: viewer.toPermissionsResponse(true),
  });
  if (!viewer.isGuest) return memberParts(context, viewer, build);
  const key = viewer.grantSnapshot;
  let parts = guestParts.get(key);
  if (!parts) {
    parts = build();
    guestParts.set(key, parts);
    parts.catch(() => {
      guestParts.delete(key);
    });
  }
  return parts;
}

type UserParts = Pick<PageBootstrap, "currentUser" | "permissions">;

const memberPartsCaches = new WeakMap<object, SharedCache<UserParts>>();

/**
 * A member's Me (with their unread counts) and permissions, kept between their page views as the shared pages
 * are (`sharedPageSeconds`, retired by any write, a member's own included): a member reading page after page costs no
 * query for their title bar. Counts raised by background work (a notification) show within those seconds; the
 * live channel tells the open page at once.
 */
function memberParts(
  context: PlatformContext,
  viewer: Viewer,
  build: () => Promise<UserParts>,
): Promise<UserParts> {
  if (context.config.sharedPageSeconds <= 0) return build();
  return sharedCacheFor(memberPartsCaches, context, {
    maxEntries: 5_000,
    maxBytes: 32 * 1024 * 1024,
  }).getOrMake(`${viewer.userID}|${rolesKey(viewer)}`, memberStateTerms(context, viewer), async () => ({
    value: await build(),
    bytes: 4096,
  }));
}

/**
 * The bootstrap's JSON for a page's script tag, written once for the same parts: a member's parts and the
 * readable settings are kept objects (the same until they change), so a member reading page after page, or
 * guests, reuse the text instead of serialising it per page.
 */
const bootstrapJsonByParts = new WeakMap<
  object,
  { key: string; config: object; permissions: object; json: string }
>();

export function pageBootstrapJson(bootstrap: PageBootstrap, write: (value: unknown) => string): string {
  const parts = bootstrap.currentUser as object;
  const key = `${bootstrap.siteUrl}|${bootstrap.basePath}|${bootstrap.locale}|${bootstrap.addons.join(",")}|${bootstrap.debug}`;
  const known = bootstrapJsonByParts.get(parts);
  if (
    known &&
    known.key === key &&
    known.config === bootstrap.config &&
    known.permissions === bootstrap.permissions
  )
    return known.json;
  const json = write(bootstrap);
  bootstrapJsonByParts.set(parts, {
    key,
    config: bootstrap.config,
    permissions: bootstrap.permissions,
    json,
  });
  return json;
}

export async function buildPageBootstrap(
  context: PlatformContext,
  viewer: Viewer,
  siteUrl: string,
  addons: string[],
): Promise<PageBootstrap> {
  const [{ currentUser, permissions }, config] = await Promise.all([
    userParts(context, viewer),
    readableSettings(context, viewer),
  ]);
  return {
    basePath: "",
    siteUrl,
    locale: typeof config["garden.locale"] === "string" ? config["garden.locale"] : "en",
    currentUser,
    permissions,
    config,
    addons,
    debug: context.config.debug,
  };
}
