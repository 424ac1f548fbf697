import type { PageBootstrap } from "@forum/api/bootstrap";
import type { Me } from "@forum/api/users";
import type { AppContext } from "../app/appContext";
import { allSettingDefinitions } from "../settings/settingsRegistry";
import type { Viewer } from "../permissions/viewer";

/** The users feature presents the signed-in user; it registers itself here so pages embed the same body as GET /users/me. */
export type MePresenter = (context: AppContext, viewer: Viewer) => Promise<Me>;

let mePresenter: MePresenter | null = null;

export function registerMePresenter(presenter: MePresenter): void {
  mePresenter = presenter;
}

export async function presentMeForPage(context: AppContext, viewer: Viewer): Promise<Me> {
  if (!mePresenter)
    throw new Error("No Me presenter is registered; the dashboard application must be enabled.");
  return mePresenter(context, viewer);
}

/** Public settings (and member settings for signed-in viewers), as `GET /config` would return them. */
export async function readableSettings(
  context: AppContext,
  viewer: Viewer,
): Promise<Record<string, unknown>> {
  const values = await context.settings.all();
  const readable = allSettingDefinitions().filter(
    (definition) =>
      context.addons.isActive(definition.owner ?? "core") &&
      (definition.read === "public" ||
        (definition.read === "member" && !viewer.isGuest) ||
        (definition.read !== "none" && definition.read !== "member" && viewer.has(definition.read))),
  );
  return Object.fromEntries(readable.map((definition) => [definition.key, values[definition.key]]));
}

/** A guest's Me and permissions change only with the grants: computed once per grant snapshot, not per page. */
const guestParts = new WeakMap<object, Promise<Pick<PageBootstrap, "currentUser" | "permissions">>>();

function userParts(
  context: AppContext,
  viewer: Viewer,
): Promise<Pick<PageBootstrap, "currentUser" | "permissions">> {
  const build = async () => ({
    currentUser: await presentMeForPage(context, viewer),
    permissions: viewer.toPermissionsResponse(true),
  });
  if (!viewer.isGuest) return build();
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

export async function buildPageBootstrap(
  context: AppContext,
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
