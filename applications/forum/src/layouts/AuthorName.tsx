import type { UserFragment } from "@forum/api/users";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";

/** The author's name linking to the profile; 'Unknown' when the record has no user (deleted, not expanded). */
export function AuthorName({ user }: { user: UserFragment | undefined }) {
  if (!user) return <span className="userName">{t("Unknown")}</span>;
  if (!user.url) return <span className="userName">{user.name}</span>;
  return (
    <a className="userName" href={siteUrl(user.url)}>
      {user.name}
    </a>
  );
}
