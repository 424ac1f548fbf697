import type { Category } from "@forum/api/categories";
import { DEFAULT_AVATAR_URL } from "@forum/api/guest";
import { createSession } from "@library/server/auth/sessions";
import { nameKey } from "@library/server/users/createUserRecord";
import { createTestUser, roleIDByName, type TestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

// A whole server per dialect plus a few dozen posts: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

describe.each(testDialects)("profile pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let author: SignedIn;
  let moderator: SignedIn;
  let hidden: TestUser;
  let banned: TestUser;
  let gone: TestUser;
  let slashed: TestUser;
  let open: Category;
  let secret: Category;
  const SLASHED_NAME = "Tom/Jerry & Co";

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator", name: "ProfileAdmin" });
    member = await forumClient(testApp, { name: "ProfileReader" });
    author = await forumClient(testApp, { name: "ProfileAuthor" });
    moderator = await forumClient(testApp, { role: "Moderator", name: "ProfileModerator" });
    hidden = await createTestUser(testApp.context, { name: "ProfileHidden", private: true });
    banned = await createTestUser(testApp.context, { name: "ProfileBanned" });
    gone = await createTestUser(testApp.context, { name: "ProfileGone" });
    slashed = await createTestUser(testApp.context, { name: "ProfileSlashed" });
    const db = testApp.context.db;
    // Names from before the current name rules (imports) may hold slashes and ampersands.
    await db
      .updateTable("users")
      .set({ name: SLASHED_NAME, nameKey: nameKey(SLASHED_NAME), title: "Cat & Mouse" })
      .where("userID", "=", slashed.userID)
      .execute();
    await db.updateTable("users").set({ banned: 1 }).where("userID", "=", banned.userID).execute();
    await db.updateTable("users").set({ deleted: 1 }).where("userID", "=", gone.userID).execute();
    await db
      .updateTable("users")
      .set({ title: "Chief <b>Tester</b>", photo: "https://images.example.com/author.png" })
      .where("userID", "=", author.user.userID)
      .execute();
    open = await makeCategory(admin.client, { name: "Profile Open" });
    secret = await makePrivateCategory(testApp, admin.client, "Profile Secret");
    const authorThread = await makeDiscussion(author.client, open.categoryID, "Author's open thread");
    const shared = await makeDiscussion(admin.client, open.categoryID, "Admin's open thread");
    await makeComment(author.client, shared.discussionID, "Author's visible comment");
    const hiddenThread = await makeDiscussion(admin.client, secret.categoryID, "Admin's secret thread");
    await makeComment(admin.client, hiddenThread.discussionID, "Admin's secret comment");
    await makeComment(admin.client, shared.discussionID, "Admin's open comment");
    for (const reactor of [member, moderator]) {
      const liked = await reactor.client.post(`/api/v2/discussions/${authorThread.discussionID}/reactions`, {
        reactionType: "Like",
      });
      if (liked.status !== 201) throw new Error(`Reaction: ${liked.status} ${liked.text}`);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);

  const setBannedPrivate = async (value: boolean) => {
    await testApp.context.settings.write(testApp.context.db, { "ui.bannedPrivateProfile": value }, 0);
  };

  describe("/profile/{username}", () => {
    it("shows a member's card to another member: photo, name, title, counts linking to the lists, dates", async () => {
      const response = await get("/profile/ProfileAuthor", member.client);
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toContain('<h1 class="profileHeader-name" dir="auto">ProfileAuthor</h1>');
      expect(body).toContain('src="https://images.example.com/author.png"');
      expect(body).toContain("Chief &lt;b&gt;Tester&lt;/b&gt;");
      expect(body).toMatch(/<a href="\/profile\/discussions\/ProfileAuthor">1<\/a>/);
      expect(body).toMatch(/<a href="\/profile\/comments\/ProfileAuthor">1<\/a>/);
      expect(body).toContain("<dt>Joined</dt>");
      expect(body).toContain('href="/profile/reactions/ProfileAuthor"');
      expect(body).toContain('rel="canonical" href="http://localhost:80/profile/ProfileAuthor"');
    });

    it("fills the Profile tab with recent activity the viewer may see and the reactions received", async () => {
      const asMember = await get("/profile/ProfileAdmin", member.client);
      expect(asMember.body).toContain("Recent Activity");
      expect(asMember.body).toContain("Admin&#39;s open comment");
      expect(asMember.body).toContain("Admin&#39;s open thread");
      expect(asMember.body).not.toContain("Admin&#39;s secret");
      expect(asMember.body).toContain("Commented on");
      expect(asMember.body).toContain("Started a discussion");
      expect((await get("/profile/ProfileAdmin", admin.client)).body).toContain("Admin&#39;s secret comment");
      const author = await get("/profile/ProfileAuthor", member.client);
      expect(author.body).toContain("Reactions Received");
      expect(author.body).toMatch(
        /href="\/profile\/reactions\/ProfileAuthor\?reaction=Like"[^>]*>Like<\/a>\s*<span class="profileReactionList-count">2</,
      );
    });

    it("shows the About text the member saved, escaped, in paragraphs; empty clears it", async () => {
      const saved = await author.client.patch<{ about: string | null }>(
        `/api/v2/users/${author.user.userID}`,
        {
          about: "  I grow <b>tomatoes</b>.\n\nAnd peppers.  ",
        },
      );
      expect(saved.status).toBe(200);
      expect(saved.body.about).toBe("I grow <b>tomatoes</b>.\n\nAnd peppers.");
      const publicView = await member.client.get<{ about?: string | null }>(
        `/api/v2/users/${author.user.userID}`,
      );
      expect(publicView.body.about).toBe("I grow <b>tomatoes</b>.\n\nAnd peppers.");
      const page = await get("/profile/ProfileAuthor", member.client);
      expect(page.body).toContain('<p class="profileAbout-text">I grow &lt;b&gt;tomatoes&lt;/b&gt;.</p>');
      expect(page.body).toContain('<p class="profileAbout-text">And peppers.</p>');
      const tooLong = await author.client.patch(`/api/v2/users/${author.user.userID}`, {
        about: "x".repeat(1001),
      });
      expect(tooLong.status).toBe(422);
      await author.client.patch(`/api/v2/users/${author.user.userID}`, { about: "" });
      expect((await get("/profile/ProfileAuthor", member.client)).body).not.toContain("profileAbout");
    });

    it("offers Message on another member's profile, Bookmarks and Edit Profile on one's own", async () => {
      const other = await get("/profile/ProfileAuthor", member.client);
      expect(other.body).toContain('href="/messages/add/ProfileAuthor"');
      expect(other.body).not.toContain('href="/profile/edit"');
      const own = await get("/profile/ProfileReader", member.client);
      expect(own.body).toContain('href="/discussions/bookmarked"');
      expect(own.body).toContain('href="/profile/edit"');
      expect(own.body).not.toContain('href="/messages/add/');
      // Not to a banned member, and not while private messages are off.
      expect((await get("/profile/ProfileBanned", member.client)).body).not.toContain('href="/messages/add/');
      await testApp.context.settings.write(testApp.context.db, { "context.conversationsEnabled": false }, 0);
      try {
        expect((await get("/profile/ProfileAuthor", member.client)).body).not.toContain(
          'href="/messages/add/',
        );
      } finally {
        await testApp.context.settings.write(testApp.context.db, { "context.conversationsEnabled": true }, 0);
      }
    });

    it("labels a banned member 'Banned' for moderators only", async () => {
      await setBannedPrivate(false);
      const asModerator = await get("/profile/ProfileBanned", moderator.client);
      expect(asModerator.body).toContain("profileHeader-banned");
      expect((await get("/profile/ProfileBanned", member.client)).body).not.toContain("profileHeader-banned");
      expect((await get("/profile/ProfileAuthor", moderator.client)).body).not.toContain(
        "profileHeader-banned",
      );
    });

    it("offers moderators Ban on a profile; a week's ban with a reason labels it 'Banned', ends the member's sessions, and Unban lifts it", async () => {
      await setBannedPrivate(false);
      const target = await forumClient(testApp, { name: "ProfileToBan" });
      const mount = /data-react="ProfileBanControl" data-props='([^']*)'/;
      const props = (page: string) => JSON.parse(mount.exec(page)?.[1] ?? "null") as unknown;
      expect(props((await get("/profile/ProfileToBan", moderator.client)).body)).toEqual({
        userID: target.user.userID,
        name: "ProfileToBan",
        banned: false,
      });
      // Members, the member themself and guests get no ban control.
      expect((await get("/profile/ProfileToBan", member.client)).body).not.toMatch(mount);
      expect((await get("/profile/ProfileToBan", target.client)).body).not.toMatch(mount);
      expect((await get("/profile/ProfileToBan", testApp.guest())).body).not.toMatch(mount);
      expect((await target.client.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(
        target.user.userID,
      );

      const ban = await moderator.client.put(`/api/v2/users/${target.user.userID}/ban`, {
        banned: true,
        reason: "Spam links",
        days: 7,
      });
      expect(ban.status).toBe(200);
      const row = await testApp.context.db
        .selectFrom("userBans")
        .select(["reason", "dateExpires"])
        .where("userID", "=", target.user.userID)
        .executeTakeFirstOrThrow();
      expect(row.reason).toBe("Spam links");
      const days = (Date.parse(row.dateExpires ?? "") - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      const afterBan = (await get("/profile/ProfileToBan", moderator.client)).body;
      expect(props(afterBan)).toEqual({ userID: target.user.userID, name: "ProfileToBan", banned: true });
      expect(afterBan).toContain("profileHeader-banned");
      expect((await get("/profile/ProfileToBan", member.client)).body).not.toContain("profileHeader-banned");
      // The banned member's session is over: the same cookie is a guest's now.
      expect((await target.client.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);

      expect(
        (await moderator.client.put(`/api/v2/users/${target.user.userID}/ban`, { banned: false })).status,
      ).toBe(200);
      const afterUnban = (await get("/profile/ProfileToBan", moderator.client)).body;
      expect(afterUnban).not.toContain("profileHeader-banned");
      expect(props(afterUnban)).toMatchObject({ banned: false });
    });

    it("never shows another member's email to a member, but shows it to the member themself", async () => {
      const asOther = await get("/profile/ProfileAuthor", member.client);
      expect(asOther.body).not.toContain(author.user.email);
      expect(asOther.body).not.toContain("<dt>Email</dt>");
      expect(asOther.body).not.toContain("/profile/edit");
      const asSelf = await get("/profile/ProfileAuthor", author.client);
      expect(asSelf.body).toContain(`mailto:${author.user.email}`);
      expect(asSelf.body).toContain('href="/profile/edit"');
    });

    it("shows the email to viewers with personalInfo.view", async () => {
      const response = await get("/profile/ProfileAuthor", moderator.client);
      expect(response.body).toContain(`mailto:${author.user.email}`);
    });

    it("falls back to the generic avatar without a photo, and finds names case-insensitively", async () => {
      const response = await get("/profile/profilereader", author.client);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`src="${DEFAULT_AVATAR_URL}"`);
      expect(response.body).toContain('<h1 class="profileHeader-name" dir="auto">ProfileReader</h1>');
    });

    it("resolves names with slashes and ampersands from their escaped URLs", async () => {
      const escaped = encodeURIComponent(SLASHED_NAME);
      expect(escaped).toBe("Tom%2FJerry%20%26%20Co");
      const response = await get(`/profile/${escaped}`, member.client);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1 class="profileHeader-name" dir="auto">Tom/Jerry &amp; Co</h1>');
      expect(response.body).toContain("Cat &amp; Mouse");
      expect(response.body).toContain(`href="/profile/discussions/${escaped}"`);
      expect((await get(`/profile/discussions/${escaped}`, member.client)).statusCode).toBe(200);
      expect((await get(`/profile/comments/${escaped}`, member.client)).statusCode).toBe(200);
      // Unescaped, the slash is a path separator: another page, not this member.
      expect((await get("/profile/Tom/Jerry", member.client)).statusCode).toBe(404);
    });

    it("answers Page Not Found for unknown and deleted members", async () => {
      const unknown = await get("/profile/NobodyAtAll", member.client);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain("Page Not Found");
      const deleted = await get("/profile/ProfileGone", admin.client);
      expect(deleted.statusCode).toBe(404);
      expect(deleted.body).not.toContain("profileHeader");
    });

    it("shows the restricted view of a private profile to members, the full one to the user and personalInfo.view", async () => {
      const asMember = await get("/profile/ProfileHidden", member.client);
      expect(asMember.statusCode).toBe(200);
      expect(asMember.body).toContain("This user&#39;s profile is private.");
      expect(asMember.body).toContain(">Private</span>");
      expect(asMember.body).not.toContain("<dt>Joined</dt>");
      expect(asMember.body).not.toContain("profileTabs");
      const list = await get("/profile/discussions/ProfileHidden", member.client);
      expect(list.body).toContain("This user&#39;s profile is private.");
      expect(list.body).not.toContain("profileSection");
      const asModerator = await get("/profile/ProfileHidden", moderator.client);
      expect(asModerator.body).not.toContain("This user&#39;s profile is private.");
      expect(asModerator.body).toContain("<dt>Joined</dt>");
      const self = testApp.guest();
      self.cookie = (await createSession(testApp.context.db, hidden.userID, false)).token;
      const asSelf = await get("/profile/ProfileHidden", self);
      expect(asSelf.body).toContain(`mailto:${hidden.email}`);
      expect(asSelf.body).not.toContain("profile is private");
    });

    it("restricts banned profiles only while ui.bannedPrivateProfile is on", async () => {
      const before = await get("/profile/ProfileBanned", member.client);
      expect(before.body).not.toContain("This user has been banned.");
      expect(before.body).toContain("<dt>Joined</dt>");
      await setBannedPrivate(true);
      try {
        const asMember = await get("/profile/ProfileBanned", member.client);
        expect(asMember.body).toContain("This user has been banned.");
        expect(asMember.body).toContain(">Banned</span>");
        expect(asMember.body).not.toContain("<dt>Joined</dt>");
        const asModerator = await get("/profile/ProfileBanned", moderator.client);
        expect(asModerator.body).not.toContain("This user has been banned.");
        expect(asModerator.body).toContain(`mailto:${banned.email}`);
      } finally {
        await setBannedPrivate(false);
      }
    });

    it("redirects /profile to the member's own profile", async () => {
      const response = await get("/profile", member.client);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/profile/ProfileReader");
      expect((await get("/profile")).statusCode).toBe(403);
    });
  });

  describe("the member's lists", () => {
    it("lists only the discussions the viewer may see", async () => {
      const asMember = await get("/profile/discussions/ProfileAdmin", member.client);
      expect(asMember.statusCode).toBe(200);
      expect(asMember.body).toContain("Admin&#39;s open thread");
      expect(asMember.body).not.toContain("Admin&#39;s secret thread");
      expect(asMember.body).toContain('aria-current="page"');
      const asAdmin = await get("/profile/discussions/ProfileAdmin", admin.client);
      expect(asAdmin.body).toContain("Admin&#39;s secret thread");
    });

    it("lists only the comments the viewer may see, linking to them", async () => {
      const asMember = await get("/profile/comments/ProfileAdmin", member.client);
      expect(asMember.statusCode).toBe(200);
      expect(asMember.body).toContain("Admin&#39;s open comment");
      expect(asMember.body).not.toContain("Admin&#39;s secret comment");
      expect(asMember.body).toContain('href="/discussion/comment/');
      const asAdmin = await get("/profile/comments/ProfileAdmin", admin.client);
      expect(asAdmin.body).toContain("Admin&#39;s secret comment");
    });

    it("pages through a long list and answers 404 past the end or for a bad page segment", async () => {
      const prolific = await forumClient(testApp, { name: "ProfileProlific" });
      for (let index = 0; index < 31; index += 1)
        await makeDiscussion(prolific.client, open.categoryID, `Prolific thread ${index}`);
      const first = await get("/profile/discussions/ProfileProlific", member.client);
      expect(first.body).toContain("Prolific thread 30");
      expect(first.body).not.toContain("Prolific thread 0<");
      expect(first.body).toContain('href="/profile/discussions/ProfileProlific/p2"');
      const second = await get("/profile/discussions/ProfileProlific/p2", member.client);
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain("Prolific thread 0<");
      expect((await get("/profile/discussions/ProfileProlific/p9", member.client)).statusCode).toBe(404);
      expect((await get("/profile/discussions/ProfileProlific/page2", member.client)).statusCode).toBe(404);
    });

    it("lists the reactions received by type, linking to each type", async () => {
      const response = await get("/profile/reactions/ProfileAuthor", member.client);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1 class="profileHeader-name" dir="auto">ProfileAuthor</h1>');
      expect(response.body).toMatch(/href="\/profile\/reactions\/ProfileAuthor" aria-current="page"/);
      expect(response.body).toMatch(
        /href="\/profile\/reactions\/ProfileAuthor\?reaction=Like">Like<\/a>\s*<span class="profileReactionList-count">2<\/span>/,
      );
      expect(response.body).toContain("?reaction=Dislike");
      expect(response.body).not.toContain("?reaction=OffTopic");
    });

    it("shows one type with ?reaction={urlcode}, and Page Not Found for an unknown type", async () => {
      const like = await get("/profile/reactions/ProfileAuthor?reaction=like", member.client);
      expect(like.statusCode).toBe(200);
      expect(like.body).toMatch(
        /\?reaction=Like" aria-current="true">Like<\/a>\s*<span class="profileReactionList-count">2</,
      );
      expect(like.body).not.toContain("?reaction=Dislike");
      expect(like.body).toContain("All Reactions");
      const unknown = await get("/profile/reactions/ProfileAuthor?reaction=nope", member.client);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("without profiles.view", () => {
    let guestRoleID: number;
    let memberRoleID: number;
    beforeAll(async () => {
      guestRoleID = await roleIDByName(testApp.context, "Guest");
      memberRoleID = await roleIDByName(testApp.context, "Member");
      await testApp.context.db
        .deleteFrom("rolePermissions")
        .where("roleID", "in", [guestRoleID, memberRoleID])
        .where("permission", "=", "profiles.view")
        .execute();
      testApp.context.grants.invalidate();
    });
    afterAll(async () => {
      await testApp.context.db
        .insertInto("rolePermissions")
        .values(
          [guestRoleID, memberRoleID].map((roleID) => ({
            roleID,
            resourceType: "global",
            resourceID: 0,
            permission: "profiles.view",
          })),
        )
        .execute();
      testApp.context.grants.invalidate();
    });

    it("gives a guest the permission page with a Sign In link, for known and unknown names alike", async () => {
      const known = await get("/profile/ProfileAuthor");
      expect(known.statusCode).toBe(403);
      expect(known.body).toContain("Permission Problem");
      expect(known.body).toContain("/entry/signin?Target=");
      expect((await get("/profile/NobodyAtAll")).statusCode).toBe(403);
      expect((await get("/profile/discussions/ProfileAuthor")).statusCode).toBe(403);
    });

    it("still lets a member open their own profile", async () => {
      expect((await get("/profile/ProfileAuthor", member.client)).statusCode).toBe(403);
      const own = await get("/profile/ProfileAuthor", author.client);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain(`mailto:${author.user.email}`);
    });
  });
});
