import { hasProfile } from "@forum/api/guest";
import type { UserFragment } from "@forum/api/users";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";

/**
 * The author's name linking to the profile; 'Unknown' when the record has no user (not expanded). A placeholder
 * user ('Unknown', 'User Deleted': SPEC 3) has no profile and is plain text. With `profileCard` (the viewer may
 * read profiles) the name also opens the profile card, as the server's names do.
 */
export function AuthorName({
  user,
  profileCard = false,
}: {
  user: UserFragment | undefined;
  profileCard?: boolean;
}) {
  if (!user) return <span className="userName">{t("Unknown")}</span>;
  if (!hasProfile(user)) return <span className="userName">{t(user.name)}</span>;
  return (
    <a
      className="userName"
      dir="auto"
      href={siteUrl(user.url)}
      {...(profileCard && user.userID > 0 ? { "data-usercard": user.userID } : {})}
    >
      {user.name}
    </a>
  );
}
