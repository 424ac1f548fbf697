import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import type { DigestPreferences, DigestPreview } from "../../api/digestsApi";
import {
  backdateEverything,
  makeDigestCategory,
  postComment,
  postDiscussion,
  setDiscussionDate,
} from "../testing/digestsTesting";
import { setLocalePreference } from "@library/server/i18n/readerLocale";
import { lastEndedPeriod } from "./digestPeriods";

type SignedIn = Awaited<ReturnType<typeof sessionClient>>;

describe.each(testDialects)("email digests on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let reader: SignedIn;
  let poster: SignedIn;
  let optedOut: SignedIn;
  let moderator: SignedIn;

  const digestsTo = (email: string) =>
    testApp.context.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", email)
      .where("subject", "like", "%digest from%")
      .orderBy("mailID", "asc")
      .execute();
  const runScheduler = async () => {
    await testApp.context.jobs.enqueue(testApp.context.db, "digests.tick", {});
    await testApp.context.jobs.drain();
  };
  const setConfig = async (client: TestClient, values: Record<string, unknown>) =>
    (await client.patch("/api/v2/config", values)).status;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { siteUrl: TEST_ORIGIN });
    admin = await sessionClient(testApp, { role: "Administrator" });
    reader = await sessionClient(testApp);
    poster = await sessionClient(testApp);
    optedOut = await sessionClient(testApp);
    moderator = await sessionClient(testApp, { role: "Moderator" });
  });
  afterAll(() => testApp.close());

  it("is off by default; once enabled a member chooses their frequency and managers set the site's", async () => {
    expect((await reader.client.get("/api/v2/digests/preferences")).status).toBe(404);
    expect((await admin.client.patch("/api/v2/addons/digests", { enabled: true })).status).toBe(200);

    const mine = await reader.client.get<DigestPreferences>("/api/v2/digests/preferences");
    expect(mine.body).toEqual({ frequency: "default", siteFrequency: "off" });
    expect((await testApp.guest().get("/api/v2/digests/preferences")).status).toBe(403);
    const weekly = await reader.client.patch<DigestPreferences>("/api/v2/digests/preferences", {
      frequency: "weekly",
    });
    expect(weekly.body).toEqual({ frequency: "weekly", siteFrequency: "off" });
    expect((await reader.client.patch("/api/v2/digests/preferences", { frequency: "hourly" })).status).toBe(
      422,
    );

    expect(await setConfig(reader.client, { "digests.frequency": "daily" })).toBe(403);
    expect(await setConfig(admin.client, { "digests.hour": 24 })).toBe(422);
    expect(await setConfig(admin.client, { "digests.frequency": "daily", "digests.timeZone": "UTC" })).toBe(
      204,
    );
    const back = await reader.client.patch<DigestPreferences>("/api/v2/digests/preferences", {
      frequency: "default",
    });
    expect(back.body).toEqual({ frequency: "default", siteFrequency: "daily" });
    expect((await optedOut.client.patch("/api/v2/digests/preferences", { frequency: "never" })).status).toBe(
      200,
    );

    // The preferences page carries the frequency control.
    const page = await reader.client.get("/profile/preferences");
    expect(page.text).toContain('data-react="DigestPreferenceControl"');
  });

  it("sends each member the readable discussions with news, once per period, and nothing when nothing is new", async () => {
    const open = await makeDigestCategory(testApp, admin.client, "Digest Talk");
    const followed = await makeDigestCategory(testApp, admin.client, "Digest Follows");
    const staff = await makeDigestCategory(testApp, admin.client, "Digest Staff", ["Member", "Guest"]);
    const busy = await postDiscussion(poster.client, open, "Busy thread of the day");
    for (const text of ["One", "Two", "Three"]) await postComment(admin.client, busy, text);
    await postDiscussion(poster.client, open, "Quiet new thread");
    const secret = await postDiscussion(moderator.client, staff, "Staff only plans");
    await postComment(moderator.client, secret, "Nobody else sees this");
    await postDiscussion(poster.client, followed, "News in a followed category");
    const old = await postDiscussion(poster.client, open, "Old bookmarked thread");
    await postComment(poster.client, old, "A reply to the bookmark");
    await postDiscussion(reader.client, open, "My own thread");
    expect(
      (await reader.client.put(`/api/v2/categories/${followed}/follow`, { followed: true })).status,
    ).toBe(200);
    expect(
      (await reader.client.put(`/api/v2/discussions/${old}/bookmark`, { bookmarked: true })).status,
    ).toBe(200);
    await backdateEverything(testApp, 70);
    await setDiscussionDate(testApp, old, new Date(Date.now() - 5 * 86_400_000).toISOString());

    // A period that ended before all of it: nothing is new, nothing is sent or claimed.
    const hour = new Date().getUTCHours();
    await setConfig(admin.client, { "digests.hour": (hour + 22) % 24 });
    await runScheduler();
    expect(await digestsTo(reader.user.email)).toEqual([]);
    expect(await testApp.context.db.selectFrom("digestSends").selectAll().execute()).toEqual([]);

    // The period ending this hour holds it all. The poster reads the site in French.
    expect((await admin.client.patch("/api/v2/addons/locale-fr", { enabled: true })).status).toBe(200);
    await setLocalePreference(testApp.context.db, poster.user.userID, "fr");
    await setConfig(admin.client, { "digests.hour": hour });
    await runScheduler();
    const [mail, ...more] = await digestsTo(reader.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Your daily digest from /);
    const text = mail?.bodyText ?? "";
    const followedPart = text.slice(
      text.indexOf("New in what you follow"),
      text.indexOf("Popular discussions"),
    );
    const popularPart = text.slice(text.indexOf("Popular discussions"), text.indexOf("-- \n"));
    expect(followedPart).toContain("News in a followed category");
    expect(followedPart).toContain("Old bookmarked thread\nDigest Talk · 1 new comment");
    expect(popularPart).toContain("Busy thread of the day\nDigest Talk · New discussion · 3 new comments");
    expect(popularPart.indexOf("Busy thread")).toBeLessThan(popularPart.indexOf("Quiet new thread"));
    expect(text).toContain(`${TEST_ORIGIN}/discussion/${busy}/busy-thread-of-the-day`);
    expect(text).not.toContain("Staff only plans");
    expect(text).not.toContain("My own thread");
    // The HTML part is in the theme's colours and escapes titles; the unsubscribe link is the List-Unsubscribe one.
    expect(mail?.bodyHtml).toContain("background:#0866c2");
    expect(mail?.bodyHtml).toContain("Busy thread of the day</a>");
    const link = /Stop digest emails: (\S+)/.exec(text)?.[1] ?? "";
    expect(link.startsWith(`${TEST_ORIGIN}/digests/unsubscribe/`)).toBe(true);
    expect(mail?.unsubscribeUrl).toBe(link);

    // Permissions are checked per member: the administrator's digest has the staff discussion.
    const [adminMail] = await digestsTo(admin.user.email);
    expect(adminMail?.bodyText).toContain("Staff only plans");
    // A member who chose never gets nothing; the poster only sees the others' activity.
    expect(await digestsTo(optedOut.user.email)).toEqual([]);
    const [french] = await testApp.context.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", poster.user.email)
      .where("subject", "like", "Votre résumé quotidien de %")
      .execute();
    expect(french?.bodyText).toContain("Discussions populaires");
    expect(french?.bodyText).toContain("Busy thread of the day\nDigest Talk · 3 nouveaux commentaires");
    expect(french?.bodyText).not.toContain("Quiet new thread");

    // The member's job run again, and the scheduler again: still one digest for the period.
    const period = lastEndedPeriod(Date.now(), "daily", { weekday: 1, hour, timeZone: "UTC" });
    await testApp.context.jobs.enqueue(testApp.context.db, "digests.member", {
      userID: reader.user.userID,
      period,
    });
    await testApp.context.jobs.drain();
    await runScheduler();
    expect(await digestsTo(reader.user.email)).toHaveLength(1);
    const claims = await testApp.context.db
      .selectFrom("digestSends")
      .selectAll()
      .where("userID", "=", reader.user.userID)
      .execute();
    expect(claims).toEqual([expect.objectContaining({ periodKey: period.periodKey, mailID: mail?.mailID })]);

    // One click on the link (no sign-in) turns the member's digests off; opening it only asks.
    const asked = await testApp.guest().get(sitePath(link));
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("Stop digest emails?");
    expect((await reader.client.get<DigestPreferences>("/api/v2/digests/preferences")).body.frequency).toBe(
      "default",
    );
    const clicked = await testApp.app.inject({
      method: "POST",
      url: sitePath(link),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain("You will no longer get digest emails.");
    expect((await reader.client.get<DigestPreferences>("/api/v2/digests/preferences")).body.frequency).toBe(
      "never",
    );
    const token = link.slice(link.lastIndexOf("/") + 1);
    const forged = `${Buffer.from(`${poster.user.userID}.Digest`).toString("base64url")}.${token.split(".")[1]}`;
    expect((await testApp.guest().post(`/digests/unsubscribe/${forged}`, {})).status).toBe(404);
  });

  it("sends a manager a preview, refuses members, and keeps members' choices while disabled", async () => {
    expect((await reader.client.post("/api/v2/digests/preview", {})).status).toBe(403);
    const preview = await admin.client.post<DigestPreview>("/api/v2/digests/preview", {});
    expect(preview.status).toBe(201);
    expect(preview.body.to).toBe(admin.user.email);
    const sent = await testApp.context.db
      .selectFrom("mailOutbox")
      .select(["subject", "bodyHtml"])
      .where("mailID", "=", preview.body.mailID)
      .executeTakeFirst();
    expect(sent?.subject).toMatch(/^Preview: Your daily digest from /);
    expect(sent?.bodyHtml).toContain("background:#0866c2");

    // The site's theme gives the mail its colours.
    const theme = await admin.client.post<{ themeID: number }>("/api/v2/themes", {
      name: "Digest Green",
      assets: { variables: { type: "json", data: { "--color-primary": "#1e7a3c" } } },
    });
    expect(theme.status).toBe(201);
    expect((await admin.client.put("/api/v2/themes/current", { themeID: theme.body.themeID })).status).toBe(
      200,
    );
    const themed = await admin.client.post<DigestPreview>("/api/v2/digests/preview", {});
    const green = await testApp.context.db
      .selectFrom("mailOutbox")
      .select("bodyHtml")
      .where("mailID", "=", themed.body.mailID)
      .executeTakeFirst();
    expect(green?.bodyHtml).toContain("background:#1e7a3c");

    await admin.client.patch("/api/v2/addons/digests", { enabled: false });
    expect((await reader.client.get("/api/v2/digests/preferences")).status).toBe(404);
    await admin.client.patch("/api/v2/addons/digests", { enabled: true });
    expect((await reader.client.get<DigestPreferences>("/api/v2/digests/preferences")).body.frequency).toBe(
      "never",
    );
  });
});
