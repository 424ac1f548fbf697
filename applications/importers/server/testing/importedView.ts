import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import { signedInClient } from "@library/server/testing/factories";
import { sitePath, type TestApp } from "@library/server/testing/testApp";
import "../core/importMapTable";

/** The local id an imported record became (the test app holds one source's import). */
export async function localIDOf(app: TestApp, kind: string, foreignID: string): Promise<number> {
  const row = await app.context.db
    .selectFrom("importMap")
    .select("localID")
    .where("kind", "=", kind)
    .where("foreignID", "=", foreignID)
    .executeTakeFirstOrThrow();
  return row.localID;
}

/** A member's photo as another member sees it: its address, and what fetching that address gives. */
export async function photoOf(app: TestApp, userID: number) {
  const { client } = await signedInClient(app, { role: "Member" });
  const user = await client.get<{ photoUrl: string }>(`/api/v2/users/${userID}`);
  const served = await app.app.inject({ url: user.body.photoUrl, headers: { host: "localhost:80" } });
  return {
    photoUrl: user.body.photoUrl,
    status: served.statusCode,
    type: served.headers["content-type"],
    bytes: served.rawPayload,
  };
}

/** A discussion's page as a member reads it, and the article of one of its posts (`Comment_12`, `Discussion_3`). */
export async function discussionPage(app: TestApp, discussionID: number) {
  const { client } = await signedInClient(app, { role: "Member" });
  const discussion = await client.get<Discussion>(`/api/v2/discussions/${discussionID}`);
  const page = await app.app.inject({
    url: sitePath(discussion.body.url),
    headers: { host: "localhost:80", ...(client.cookie ? { cookie: `forum_session=${client.cookie}` } : {}) },
  });
  const html = page.body;
  return {
    status: page.statusCode,
    articleOf: (id: string) => html.slice(html.indexOf(`id="${id}"`)).split("</article>")[0] ?? "",
  };
}

/** A comment as the API gives it (its parent and depth in the thread). */
export async function commentOf(app: TestApp, commentID: number): Promise<Comment> {
  const { client } = await signedInClient(app, { role: "Member" });
  return (await client.get<Comment>(`/api/v2/comments/${commentID}`)).body;
}
