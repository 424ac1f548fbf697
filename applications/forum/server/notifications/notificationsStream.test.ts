import type { LiveCounts, Notification } from "@forum/api/notifications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

interface StreamEvent {
  event: string;
  data: unknown;
}

/** Reads server-sent events from a fetch body, one at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<StreamEvent> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
          const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
          if (event && data !== undefined) return { event, data: JSON.parse(data) as unknown };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("The stream ended.");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe.each(testDialects)("notifications stream on %s", (dialect) => {
  let testApp: TestApp;
  let member: SignedIn;
  let other: SignedIn;
  let base: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    base = await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("sends the counts, then each new notification and the new counts", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "Stream Category" });
    const thread = await makeDiscussion(member.client, category.categoryID, "Streamed thread");
    const response = await fetch(`${base}/api/v2/notifications/stream`, {
      headers: { cookie: `forum_session=${member.client.cookie}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("set-cookie")).toBeNull();
    const events = eventReader(response.body!);
    expect(await events.next()).toEqual({
      event: "count",
      data: {
        counts: expect.objectContaining({ UnreadNotifications: 0 }) as LiveCounts["counts"],
      } satisfies LiveCounts,
    });

    const commentID = await makeComment(other.client, thread.discussionID, "Live reply");
    const notification = await events.next();
    expect(notification.event).toBe("notification");
    expect(notification.data as Notification).toMatchObject({
      activityType: "Comment",
      recordID: commentID,
      read: false,
    });
    expect(await events.next()).toEqual({
      event: "count",
      data: { counts: expect.objectContaining({ UnreadNotifications: 1 }) },
    });

    expect((await member.client.patch("/api/v2/notifications", { read: true })).status).toBe(204);
    expect(await events.next()).toEqual({
      event: "count",
      data: { counts: expect.objectContaining({ UnreadNotifications: 0 }) },
    });
    await events.cancel();
  });

  it("refuses a guest with 403 JSON", async () => {
    const response = await fetch(`${base}/api/v2/notifications/stream`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: 403 });
  });

  it("ends open streams when the server closes", async () => {
    const own = await createTestApp(dialect, serverApplications);
    const signedIn = await forumClient(own);
    const url = await own.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${url}/api/v2/notifications/stream`, {
      headers: { cookie: `forum_session=${signedIn.client.cookie}` },
    });
    const events = eventReader(response.body!);
    expect((await events.next()).event).toBe("count");
    await own.close();
    await expect(events.next()).rejects.toThrow("The stream ended.");
  });
});
