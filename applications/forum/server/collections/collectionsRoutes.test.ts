import type { Category } from "@forum/api/categories";
import type { Collection } from "@forum/api/collections";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumCast,
  makeCategory,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("collections on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;

  beforeAll(async () => {
    // The whole server: the home page is drawn with the dashboard application's parts.
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const rows = async () => ({
    collections: (await testApp.context.db.selectFrom("collections").select("collectionID").execute()).length,
    records: (await testApp.context.db.selectFrom("collectionRecords").select("recordID").execute()).length,
  });
  const discussionRecord = (recordID: number) => ({ recordID, recordType: "discussion" });

  it("creates, lists, renames, replaces records and deletes, for community managers only", async () => {
    const first = await makeDiscussion(member.client, general.categoryID, "Featured one");
    const second = await makeDiscussion(member.client, general.categoryID, "Featured two");
    for (const client of [member.client, moderator.client, testApp.guest()]) {
      const refused = await client.post("/api/v2/collections", {
        name: "Nope",
        records: [discussionRecord(first.discussionID)],
      });
      expect(refused.status).toBe(403);
      expect((await client.get("/api/v2/collections")).status).toBe(403);
    }
    expect(await rows()).toEqual({ collections: 0, records: 0 });

    const created = await admin.client.post<Collection>("/api/v2/collections", {
      name: "Staff Picks",
      records: [discussionRecord(first.discussionID), { ...discussionRecord(second.discussionID), sort: 0 }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Staff Picks",
      insertUserID: admin.user.userID,
      updateUserID: null,
      dateUpdated: null,
    });
    // Manual order first.
    expect(created.body.records.map((record) => record.recordID)).toEqual([
      second.discussionID,
      first.discussionID,
    ]);
    const id = created.body.collectionID;
    expect((await admin.client.get<Collection[]>("/api/v2/collections")).body.map((c) => c.name)).toEqual([
      "Staff Picks",
    ]);
    expect((await admin.client.get<Collection>(`/api/v2/collections/${id}`)).body.records).toHaveLength(2);

    const renamed = await admin.client.patch<Collection>(`/api/v2/collections/${id}`, {
      name: "Editors' Picks",
      records: [discussionRecord(first.discussionID)],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Editors' Picks", updateUserID: admin.user.userID });
    expect(renamed.body.records.map((record) => record.recordID)).toEqual([first.discussionID]);

    expect((await member.client.patch(`/api/v2/collections/${id}`, { name: "Mine" })).status).toBe(403);
    expect((await member.client.delete(`/api/v2/collections/${id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/v2/collections/${id}`)).status).toBe(204);
    expect((await admin.client.get(`/api/v2/collections/${id}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/v2/collections/${id}`)).status).toBe(404);
    expect(await rows()).toEqual({ collections: 0, records: 0 });
  });

  it("refuses bad names and records with 422, writing nothing", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Valid record");
    await admin.client.post("/api/v2/collections", {
      name: "Unique",
      records: [discussionRecord(thread.discussionID)],
    });
    const before = await rows();
    const cases: Array<[unknown, string]> = [
      [{ name: "unique", records: [discussionRecord(thread.discussionID)] }, "name"],
      [{ name: "   ", records: [discussionRecord(thread.discussionID)] }, "name"],
      [{ name: "Types", records: [{ recordID: 1, recordType: "poem" }] }, "records[0].recordType"],
      [{ name: "Missing", records: [discussionRecord(99999999)] }, "records[0].recordID"],
      [
        {
          name: "Twice",
          records: [discussionRecord(thread.discussionID), discussionRecord(thread.discussionID)],
        },
        "records[1]",
      ],
      [
        {
          name: "Too many",
          records: Array.from({ length: 31 }, (_, index) => ({ recordID: index + 1, recordType: "event" })),
        },
        "records",
      ],
      [{ name: "No records", records: [] }, "records"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post<{ errors: Array<{ field: string; message: string }> }>(
        "/api/v2/collections",
        body,
      );
      expect(response.status).toBe(422);
      expect(response.body.errors.map((error) => error.field)).toContain(field);
    }
    const invalid = await admin.client.post<{ errors: Array<{ message: string }> }>("/api/v2/collections", {
      name: "Types",
      records: [{ recordID: 1, recordType: "poem" }],
    });
    expect(invalid.body.errors[0]?.message).toBe(
      "The recordType poem is not a valid record type for collection.",
    );
    expect(await rows()).toEqual(before);
  });

  it("sets a record's collections as a set: an empty list first, then the real one, both idempotent", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Curated thread");
    const other = await makeDiscussion(member.client, general.categoryID, "Already there");
    const a = (
      await admin.client.post<Collection>("/api/v2/collections", {
        name: "Alpha",
        records: [discussionRecord(other.discussionID)],
      })
    ).body;
    const b = (
      await admin.client.post<Collection>("/api/v2/collections", {
        name: "Beta",
        records: [discussionRecord(thread.discussionID)],
      })
    ).body;
    const byResource = `/api/v2/collections/by-resource?recordID=${thread.discussionID}&recordType=discussion`;
    expect((await admin.client.get<Collection[]>(byResource)).body.map((c) => c.name)).toEqual(["Beta"]);

    const put = (collectionIDs: number[]) =>
      admin.client.put<Collection[]>("/api/v2/collections/by-resource", {
        record: discussionRecord(thread.discussionID),
        collectionIDs,
      });
    // The client's two calls (SPEC 7): empty first, then the real list; again, the same result.
    for (let round = 0; round < 2; round += 1) {
      const cleared = await put([]);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual([]);
      const set = await put([a.collectionID]);
      expect(set.body.map((c) => c.name)).toEqual(["Alpha"]);
      expect(set.body[0]?.records.map((record) => record.recordID)).toEqual([
        other.discussionID,
        thread.discussionID,
      ]);
    }
    // A collection that does not exist is skipped, the others are set.
    const skipped = await put([a.collectionID, 99999999]);
    expect(skipped.status).toBe(200);
    expect(skipped.body.map((c) => c.collectionID)).toEqual([a.collectionID]);
    expect(
      (await admin.client.get<Collection>(`/api/v2/collections/${b.collectionID}`)).body.records,
    ).toEqual([]);

    const before = await rows();
    expect(
      (
        await member.client.put("/api/v2/collections/by-resource", {
          record: discussionRecord(thread.discussionID),
          collectionIDs: [],
        })
      ).status,
    ).toBe(403);
    expect((await member.client.get(byResource)).status).toBe(403);
    const bad = await admin.client.put("/api/v2/collections/by-resource", {
      record: { recordID: thread.discussionID, recordType: "poem" },
      collectionIDs: [a.collectionID],
    });
    expect(bad.status).toBe(422);
    expect((await admin.client.put("/api/v2/collections/by-resource", { collectionIDs: [] })).status).toBe(
      422,
    );
    expect((await admin.client.get("/api/v2/collections/by-resource?recordType=discussion")).status).toBe(
      422,
    );
    expect(await rows()).toEqual(before);
  });

  it("shows a collection on the home page with only what the reader may see", async () => {
    const secret = await makePrivateCategory(testApp, admin.client, "Staff Room");
    const open = await makeDiscussion(member.client, general.categoryID, "Open pick");
    const hidden = await makeDiscussion(admin.client, secret.categoryID, "Hidden pick");
    const created = await admin.client.post<Collection>("/api/v2/collections", {
      name: "Home Picks",
      records: [
        { ...discussionRecord(hidden.discussionID), sort: 0 },
        { ...discussionRecord(open.discussionID), sort: 1 },
        { recordID: secret.categoryID, recordType: "category", sort: 2 },
        { recordID: general.categoryID, recordType: "category", sort: 3 },
      ],
    });
    expect(created.status).toBe(201);
    const widgetItems = async (client = testApp.guest()) => {
      const page = await client.get("/");
      expect(page.status).toBe(200);
      const match = /data-react="CollectionWidget" data-props='([^']*)'/.exec(page.text);
      if (!match?.[1]) return null;
      const props = JSON.parse(
        match[1].replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&"),
      ) as {
        title: string;
        items: Array<{ recordType: string; name: string; url: string }>;
      };
      return {
        title: props.title,
        items: props.items.map((item) => `${item.recordType}:${item.name}`),
        page,
      };
    };

    const guest = await widgetItems();
    expect(guest?.title).toBe("Home Picks");
    expect(guest?.items).toEqual(["discussion:Open pick", "category:General"]);
    // Neither the props nor the markup written for readers without script name the private records.
    expect(guest?.page.text).not.toContain("Hidden pick");
    expect(guest?.page.text).not.toContain("Staff Room");
    expect(guest?.page.text).toContain(`href="/discussion/${open.discussionID}/`);
    expect((await widgetItems(member.client))?.items).toEqual(["discussion:Open pick", "category:General"]);
    expect((await widgetItems(admin.client))?.items).toEqual([
      "discussion:Hidden pick",
      "discussion:Open pick",
      "category:Staff Room",
      "category:General",
    ]);

    // A collection with nothing the reader may see is left out.
    await admin.client.patch(`/api/v2/collections/${created.body.collectionID}`, {
      records: [discussionRecord(hidden.discussionID)],
    });
    expect((await widgetItems())?.title).not.toBe("Home Picks");
    expect((await testApp.guest().get("/")).text).not.toContain("Hidden pick");
  });
});
