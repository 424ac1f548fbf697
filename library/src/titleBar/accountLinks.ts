import { siteUrl } from "@library/src/bootstrap/bootstrap";

/**
 * A sign-in or registration link returning to `target`: the site's own pages get `?Target=`, an outside
 * service's address (`signInUrl`, `registrationUrl` in the config) is used as given.
 */
export function accountLinkWithTarget(url: string, target: string): string {
  if (!url.startsWith("/")) return siteUrl(url);
  return siteUrl(`${url}${url.includes("?") ? "&" : "?"}Target=${encodeURIComponent(target)}`);
}
