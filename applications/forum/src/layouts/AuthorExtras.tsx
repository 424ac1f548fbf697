import type { UserFragment } from "@forum/api/users";

/** The author's staff role, label and title beside their name on a post (as the server page writes them). */
export function AuthorExtras({ user }: { user: UserFragment | undefined }) {
  if (!user) return null;
  return (
    <>
      {user.roleBadge ? <span className="metaBadge post-roleBadge">{user.roleBadge}</span> : null}
      {user.labelHtml ? (
        // Labels (ranks) are HTML the server built and sanitised (API.md 2.1 labelHtml).
        <span className="post-authorLabel" dangerouslySetInnerHTML={{ __html: user.labelHtml }} />
      ) : null}
      {user.title ? <span className="post-authorTitle">{user.title}</span> : null}
    </>
  );
}
