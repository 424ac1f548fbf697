import type { TitleBarItem } from "@forum/api/titleBar";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";

/** Holding any of these shows the Dashboard link (a moderator's leads to the sections they may use). */
export const DASHBOARD_PERMISSIONS = [
  "site.manage",
  "community.manage",
  "community.moderate",
  "users.add",
  "users.edit",
  "users.delete",
] as const;

export interface AccountLink {
  /** `profile`, `notifications`, `bookmarks`, `drafts`, a contributed entry's key, or `dashboard`. */
  id: string;
  label: string;
  href: string;
}

/** The links of the My Account menu and panel, for the signed-in user. */
export function useAccountLinks(items: readonly TitleBarItem[]): AccountLink[] {
  const user = useAppSelector(selectCurrentUser);
  const hasPermission = usePermissionsChecker();
  const links: AccountLink[] = [
    { id: "profile", label: t("Profile"), href: siteUrl(paths.profile(user.name)) },
    { id: "notifications", label: t("Notifications"), href: siteUrl(paths.notifications) },
    { id: "bookmarks", label: t("Bookmarks"), href: siteUrl(paths.bookmarks) },
    { id: "drafts", label: t("Drafts"), href: siteUrl(paths.drafts) },
  ];
  for (const item of items) links.push({ id: item.key, label: item.label, href: siteUrl(item.href) });
  if (hasPermission(DASHBOARD_PERMISSIONS, { mode: "global" })) {
    links.push({ id: "dashboard", label: t("Dashboard"), href: siteUrl(paths.dashboard) });
  }
  return links;
}
