import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { readStateBufferOf } from "../readState/readStateBuffer";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

const LIST = "/api/v2/discussions?limit=30&expand=insertUser,lastUser";

describe.each(testDialects)("discussion lists made once for members on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let reader: SignedIn;
  let other: SignedIn;
  let general: Category;
  let staffOnly: Category;
  let discussions: Discussion[];

  /** The list as the shared one serves it, then as it is made for this member alone. */
  async function bothWays(member: SignedIn, url = LIST) {
    await readStateBufferOf(testApp.context).flush();
    testApp.context.config.sharedPageSeconds = 60;
    const shared = await member.client.get<Discussion[]>(url);
    testApp.context.config.sharedPageSeconds = 0;
    const alone = await member.client.get<Discussion[]>(url);
    testApp.context.config.sharedPageSeconds = 60;
    expect(shared.status).toBe(200);
    expect(alone.status).toBe(200);
    expect(shared.headers["x-app-page-current"]).toBe(alone.headers["x-app-page-current"]);
    expect(shared.headers.link).toBe(alone.headers.link);
    expect(shared.headers["x-app-page-first-url"]).toBe(alone.headers["x-app-page-first-url"]);
    return { shared: shared.body, alone: alone.body, etag: String(shared.headers.etag ?? "") };
  }

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    admin = await forumClient(testApp, { role: "Administrator" });
    reader = await forumClient(testApp);
    other = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "General" });
    const roles = await testApp.context.db.selectFrom("roles").select("roleID").execute();
    staffOnly = await makeCategory(admin.client, {
      name: "Staff Only",
      customPermissions: true,
      // No role holds any grant here: only administrators see it.
      permissions: roles.map((role) => ({ roleID: role.roleID, permissions: {} })),
    });
    discussions = [];
    for (const name of ["First", "Second", "Third"])
      discussions.push(await makeDiscussion(admin.client, general.categoryID, name));
    await makeDiscussion(admin.client, staffOnly.categoryID, "Staff Matters");
    await makeComment(other.client, discussions[0]?.discussionID ?? 0);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers each member exactly what their own list would be, with their own state", async () => {
    const [first, second] = discussions;
    await reader.client.put(`/api/v2/discussions/${first?.discussionID}/bookmark`, { bookmarked: true });
    await reader.client.put(`/api/v2/discussions/${second?.discussionID}/mute`, { muted: true });
    await reader.client.get(`/api/v2/discussions/${second?.discussionID}`);
    for (const member of [reader, other, admin, reader, other]) {
      const { shared, alone } = await bothWays(member);
      expect(shared).toEqual(alone);
    }
    const { shared: readers } = await bothWays(reader);
    const { shared: others } = await bothWays(other);
    expect(readers.find((item) => item.discussionID === first?.discussionID)?.bookmarked).toBe(true);
    expect(others.find((item) => item.discussionID === first?.discussionID)?.bookmarked).toBe(false);
    expect(readers.find((item) => item.discussionID === second?.discussionID)?.muted).toBe(true);
    expect(others.some((item) => item.muted)).toBe(false);
  });

  it("never shows a list made for other roles: staff-only discussions stay with the staff", async () => {
    const { shared: adminList } = await bothWays(admin);
    const { shared: readerList } = await bothWays(reader);
    expect(adminList.map((item) => item.name)).toContain("Staff Matters");
    expect(readerList.map((item) => item.name)).not.toContain("Staff Matters");
  });

  it("has an acknowledged write in the next list", async () => {
    await bothWays(reader);
    await makeDiscussion(other.client, general.categoryID, "Written Just Now");
    testApp.context.config.sharedPageSeconds = 60;
    const next = await reader.client.get<Discussion[]>(LIST);
    expect(next.body.map((item) => item.name)).toContain("Written Just Now");
  });

  it("shows a member's mark as read in their next list, and not in anyone else's", async () => {
    const before = await bothWays(other);
    expect(before.shared.some((item) => item.unread)).toBe(true);
    await other.client.put(`/api/v2/categories/${general.categoryID}/read`, {});
    const after = await bothWays(other);
    expect(after.shared).toEqual(after.alone);
    expect(
      after.shared.filter((item) => item.categoryID === general.categoryID).some((item) => item.unread),
    ).toBe(false);
    const { shared: readers, alone } = await bothWays(reader);
    expect(readers).toEqual(alone);
  });

  it("answers a client that takes gzip the same list, compressed once around each member's fields", async () => {
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const asGzipClient = (member: SignedIn, extra: Record<string, string> = {}) =>
      testApp.app.inject({
        url: LIST,
        headers: {
          host: "localhost:80",
          cookie: `${cookieName}=${member.client.cookie ?? ""}`,
          "accept-encoding": "gzip, deflate, br",
          ...extra,
        },
      });
    await reader.client.put(`/api/v2/discussions/${discussions[2]?.discussionID}/bookmark`, {
      bookmarked: true,
    });
    const etags = new Map<SignedIn, string>();
    for (const member of [reader, other, admin, reader]) {
      const { shared, alone } = await bothWays(member);
      expect(shared).toEqual(alone);
      // The list's template is made when a second client asks in gzip: until then answers are compressed as usual.
      const first = await asGzipClient(member);
      const encoding = String(first.headers["content-encoding"]);
      expect(["br", "gzip"]).toContain(encoding);
      const firstBody =
        encoding === "br" ? brotliDecompressSync(first.rawPayload) : gunzipSync(first.rawPayload);
      expect(JSON.parse(firstBody.toString())).toEqual(alone);
      const zipped = await asGzipClient(member);
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(alone);
      // Its own validator (the bytes differ by spaces), kept while the member's state is.
      const zippedEtag = String(zipped.headers.etag);
      expect(zippedEtag).toMatch(/^W\//);
      expect((await asGzipClient(member)).headers.etag).toBe(zippedEtag);
      const unchanged = await asGzipClient(member, { "if-none-match": zippedEtag });
      expect(unchanged.statusCode).toBe(304);
      etags.set(member, zippedEtag);
    }
    // Members in another state have another validator.
    expect(etags.get(reader)).not.toBe(etags.get(other));
    // A client that refuses gzip gets the list as before.
    const brotliOnly = await asGzipClient(reader, { "accept-encoding": "br, gzip;q=0" });
    expect(brotliOnly.headers["content-encoding"]).not.toBe("gzip");
  });

  it("changes the ETag with the member's own state and answers 304 to the same", async () => {
    const first = await bothWays(reader);
    const again = await reader.client.get(LIST, { "if-none-match": first.etag });
    expect(again.status).toBe(304);
    const { etag } = await bothWays(other);
    expect(etag).not.toBe(first.etag);
  });
});
