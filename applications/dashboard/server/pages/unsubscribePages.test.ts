import type { MailOutboxItem } from "@forum/api/dashboard";
import type { NotificationPreferences } from "@forum/api/notifications";
import { startFakeSmtpServer, type ReceivedMail } from "@library/server/testing/fakeSmtpServer";
import {
  createTestApp,
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../../../forum/server/testing/forumTesting";

/** The unsubscribe address at the foot of a notification mail's text. */
function unsubscribeLink(bodyText: string | undefined): string {
  const match = /Stop these emails: (\S+)/.exec(bodyText ?? "");
  if (!match?.[1]) throw new Error(`No unsubscribe link in: ${bodyText}`);
  return match[1];
}

/** A raw message's header, unfolded. */
function header(mail: ReceivedMail | undefined, name: string): string | undefined {
  const head = (mail?.raw ?? "").split("\r\n\r\n")[0]?.replace(/\r\n[ \t]+/g, " ") ?? "";
  return head
    .split("\r\n")
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

describe.each(testDialects)("notification mail and one-click unsubscribe on %s", (dialect) => {
  let testApp: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let admin: SignedIn;
  let author: SignedIn;
  let replier: SignedIn;
  let categoryID: number;

  const mailTo = (email: string) =>
    testApp.context.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", email)
      .orderBy("mailID", "asc")
      .execute();
  const oneClick = (url: string) =>
    testApp.app.inject({
      method: "POST",
      url: sitePath(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    testApp = await createTestApp(dialect, serverApplications, {
      siteUrl: TEST_ORIGIN,
      smtp: { host: "127.0.0.1", port: smtp.port, user: null, password: null, from: "forum@example.com" },
    });
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    replier = await forumClient(testApp);
    categoryID = (await makeCategory(admin.client, { name: "Mail Talk" })).categoryID;
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it("emails mentions, replies to one's discussions and messages by default, and the administrator changes that", async () => {
    const mine = await author.client.get<NotificationPreferences>("/api/v2/notifications/preferences");
    expect(mine.body).toEqual({
      Comment: { popup: true, email: true },
      Participated: { popup: true, email: false },
      Mention: { popup: true, email: true },
      ConversationMessage: { popup: true, email: true },
    });
    const changed = await admin.client.patch("/api/v2/config", {
      "notifications.defaults.Participated.email": true,
      "notifications.defaults.Mention.popup": false,
    });
    expect(changed.status).toBe(204);
    const member = await forumClient(testApp);
    const theirs = await member.client.get<NotificationPreferences>("/api/v2/notifications/preferences");
    expect(theirs.body.Participated).toEqual({ popup: true, email: true });
    expect(theirs.body.Mention).toEqual({ popup: false, email: true });
    expect(
      (await member.client.patch("/api/v2/config", { "notifications.defaults.Mention.email": false })).status,
    ).toBe(403);
    await admin.client.patch("/api/v2/config", {
      "notifications.defaults.Participated.email": false,
      "notifications.defaults.Mention.popup": true,
    });
  });

  it("sends a reply's mail with List-Unsubscribe; one click stops that kind of mail and keeps the menu", async () => {
    const thread = await makeDiscussion(author.client, categoryID, "Mailed thread");
    await makeComment(replier.client, thread.discussionID, "First reply");
    const [mail] = await mailTo(author.user.email);
    expect(mail?.subject).toBe(`${replier.user.name} commented on Mailed thread.`);
    const link = unsubscribeLink(mail?.bodyText);
    expect(link.startsWith(`${TEST_ORIGIN}/unsubscribe/`)).toBe(true);
    expect(mail?.unsubscribeUrl).toBe(link);
    expect(mail?.bodyText).toContain(`${TEST_ORIGIN}/profile/preferences`);

    // The mail server got the RFC 8058 headers.
    const sent = smtp.received.find((message) => message.to.includes(author.user.email));
    expect(header(sent, "List-Unsubscribe")).toBe(`<${link}>`);
    expect(header(sent, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // The dashboard's outbox shows it.
    const outbox = await admin.client.get<MailOutboxItem[]>("/api/v2/mail-outbox");
    expect(outbox.body.find((item) => item.mailID === mail?.mailID)?.unsubscribeUrl).toBe(link);

    // Opening the link only asks (a scanner that follows links changes nothing).
    const page = await testApp.guest().get(sitePath(link));
    expect(page.status).toBe(200);
    expect(page.text).toContain("Stop emails for: Replies in discussions I started?");
    expect(
      (await author.client.get<NotificationPreferences>("/api/v2/notifications/preferences")).body.Comment,
    ).toEqual({ popup: true, email: true });

    const clicked = await oneClick(link);
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain("You will no longer get emails for: Replies in discussions I started.");
    const after = await author.client.get<NotificationPreferences>("/api/v2/notifications/preferences");
    expect(after.body.Comment).toEqual({ popup: true, email: false });
    expect(after.body.Mention).toEqual({ popup: true, email: true });

    await makeComment(replier.client, thread.discussionID, "Second reply");
    expect(await mailTo(author.user.email)).toHaveLength(1);
    const menu = await author.client.get<Array<{ body: string }>>("/api/v2/notifications");
    expect(menu.body.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a link that is malformed or whose signature does not match, changing nothing", async () => {
    const thread = await makeDiscussion(replier.client, categoryID, "Another mailed thread");
    await makeComment(author.client, thread.discussionID, "Reply for the replier");
    const link = unsubscribeLink((await mailTo(replier.user.email))[0]?.bodyText);
    const token = link.slice(link.lastIndexOf("/") + 1);
    const [payload, signature] = token.split(".");
    const forged = `${Buffer.from(`${author.user.userID}.Mention`).toString("base64url")}.${signature}`;
    for (const bad of [`${TEST_ORIGIN}/unsubscribe/${forged}`, `${TEST_ORIGIN}/unsubscribe/${payload}.x`]) {
      const refused = await oneClick(bad);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain("This unsubscribe link is not valid.");
      expect((await testApp.guest().get(sitePath(bad))).status).toBe(404);
    }
    const authorPrefs = await author.client.get<NotificationPreferences>("/api/v2/notifications/preferences");
    expect(authorPrefs.body.Mention).toEqual({ popup: true, email: true });
    const replierPrefs = await replier.client.get<NotificationPreferences>(
      "/api/v2/notifications/preferences",
    );
    expect(replierPrefs.body.Comment).toEqual({ popup: true, email: true });
  });

  it("welcomes a new member by mail when mail is configured", async () => {
    const response = await testApp.guest().post("/api/v2/users/register", {
      name: "Welcome Wendy",
      email: "wendy@example.com",
      password: "a long enough password",
    });
    expect(response.status).toBe(201);
    const [welcome] = await mailTo("wendy@example.com");
    expect(welcome?.subject).toBe("Welcome to Community");
    expect(welcome?.bodyText).toContain(`${TEST_ORIGIN}/profile/preferences`);
    expect(smtp.received.some((message) => message.to.includes("wendy@example.com"))).toBe(true);
  });
});
