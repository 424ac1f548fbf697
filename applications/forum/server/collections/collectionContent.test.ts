import type { Category } from "@forum/api/categories";
import type { Collection, CollectionContent, CollectionContentsItem } from "@forum/api/collections";
import type { Discussion } from "@forum/api/discussions";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

interface ErrorBody {
  message: string;
  status: number;
  errors?: Array<{ field: string }>;
}

/** Each record as `type:name` (a discussion's title, a category's name). */
function names(records: ReadonlyArray<{ recordType: string; record: Discussion | Category }>): string[] {
  return records.map((entry) => `${entry.recordType}:${entry.record.name}`);
}

describe.each(testDialects)("collection content (API.md 11) on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let manager: SignedIn;
  let member: SignedIn;
  let general: Category;
  let staff: Category;
  let picks: Collection;
  let extra: Collection;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    manager = await forumClient(testApp, { role: "Site Manager" });
    member = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "General" });
    // A category the site managers do not see (only administrators do).
    staff = await makePrivateCategory(testApp, admin.client, "Staff Room", [
      "Member",
      "Guest",
      "Site Manager",
    ]);
    const open = await makeDiscussion(member.client, general.categoryID, "Open thread");
    const secret = await makeDiscussion(admin.client, staff.categoryID, "Staff thread");
    const doomed = await makeDiscussion(member.client, general.categoryID, "Doomed thread");
    const created = await admin.client.post<Collection>("/api/v2/collections", {
      name: "Picks",
      records: [
        { recordID: open.discussionID, recordType: "discussion", sort: 2 },
        { recordID: general.categoryID, recordType: "category", sort: 1 },
        { recordID: secret.discussionID, recordType: "discussion", sort: 3 },
        { recordID: staff.categoryID, recordType: "category", sort: 4 },
        { recordID: doomed.discussionID, recordType: "discussion", sort: 5 },
        // A record of an add-on this site does not have: nothing to expand it into.
        { recordID: 7, recordType: "article", sort: 6 },
      ],
    });
    expect(created.status).toBe(201);
    picks = created.body;
    expect((await admin.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(204);
    const more = await makeDiscussion(member.client, general.categoryID, "Another open thread");
    extra = (
      await admin.client.post<Collection>("/api/v2/collections", {
        name: "Extra",
        records: [
          { recordID: more.discussionID, recordType: "discussion" },
          { recordID: open.discussionID, recordType: "discussion" },
        ],
      })
    ).body;
  });
  afterAll(() => testApp.close());

  describe("GET /collections/{id}/content/{locale}", () => {
    const content = (who: SignedIn, id: number, locale = "en") =>
      who.client.get<CollectionContent>(`/api/v2/collections/${id}/content/${locale}`);

    it("answers the collection with each record expanded, in its order, leaving out what cannot be shown", async () => {
      const response = await content(admin, picks.collectionID);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        collectionID: picks.collectionID,
        name: "Picks",
        insertUserID: picks.insertUserID,
        dateInserted: picks.dateInserted,
      });
      // The deleted discussion and the add-on's article are left out.
      expect(names(response.body.records)).toEqual([
        "category:General",
        "discussion:Open thread",
        "discussion:Staff thread",
        "category:Staff Room",
      ]);
      const [category, discussion] = response.body.records;
      expect(category).toMatchObject({ recordID: general.categoryID, sort: 1 });
      expect(category?.record).toMatchObject({ categoryID: general.categoryID, url: general.url });
      expect(discussion?.record).toMatchObject({
        insertUser: { name: member.user.name },
        category: { categoryID: general.categoryID },
      });
      expect(discussion?.dateAddedToCollection).toBe(picks.records[1]?.dateAddedToCollection);
    });

    it("shows each viewer only the records they may see", async () => {
      const response = await content(manager, picks.collectionID);
      expect(response.status).toBe(200);
      expect(names(response.body.records)).toEqual(["category:General", "discussion:Open thread"]);
      expect(response.text).not.toContain("Staff");
    });

    it("needs community.manage (403), an enabled locale (422) and a known collection (404)", async () => {
      for (const client of [member.client, testApp.guest()]) {
        const refused = await client.get<ErrorBody>(`/api/v2/collections/${picks.collectionID}/content/en`);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ message: "Permission Problem", status: 403 });
      }
      expect((await content(admin, picks.collectionID, "EN")).status).toBe(200);
      const locale = await admin.client.get<ErrorBody>(
        `/api/v2/collections/${picks.collectionID}/content/xx`,
      );
      expect(locale.status).toBe(422);
      expect(locale.body.errors?.map((error) => error.field)).toEqual(["locale"]);
      const missing = await admin.client.get<ErrorBody>("/api/v2/collections/999999/content/en");
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: "Collection not found.", status: 404 });
      expect((await admin.client.get<ErrorBody>("/api/v2/collections/abc/content/en")).status).toBe(422);
    });
  });

  describe("GET /collections/contents/{locale}", () => {
    const contents = (who: SignedIn, query = "") =>
      who.client.get<CollectionContentsItem[]>(`/api/v2/collections/contents/en${query}`);
    const keyOf = (item: CollectionContentsItem) =>
      `${item.collectionID}:${item.recordType}:${item.recordID}`;

    it("lists the records of every collection, newest first, expanded, with a 'more' pager", async () => {
      const all = await contents(admin);
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(6);
      expect(all.headers["x-app-page-next-url"]).toBeUndefined();
      expect(all.headers["x-app-page-result-count"]).toBeUndefined();
      const dates = all.body.map((item) => item.dateAddedToCollection);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(all.body.filter((item) => item.collectionID === extra.collectionID)).toHaveLength(2);
      expect(all.body[0]?.collection).toBeUndefined();

      const first = await contents(admin, "?limit=4&expand=collection");
      expect(first.body).toHaveLength(4);
      expect(first.headers["x-app-page-next-url"]).toContain("page=2");
      expect(first.body.map((item) => item.collection?.name)).toEqual(
        first.body.map((item) => (item.collectionID === extra.collectionID ? "Extra" : "Picks")),
      );
      const second = await contents(admin, "?limit=4&page=2");
      expect(second.body).toHaveLength(2);
      expect(second.headers["x-app-page-next-url"]).toBeUndefined();
      // Page 1 is the default: its link has no page parameter (API.md 1.7).
      expect(second.headers["x-app-page-prev-url"]).toMatch(/\/api\/v2\/collections\/contents\/en\?limit=4$/);
      expect([...first.body, ...second.body].map(keyOf)).toEqual(all.body.map(keyOf));
    });

    it("filters by collection and shows each viewer only the records they may see", async () => {
      const onlyExtra = await contents(admin, `?collectionID=${extra.collectionID}`);
      expect(onlyExtra.body.map((item) => item.record.name).sort()).toEqual([
        "Another open thread",
        "Open thread",
      ]);
      const range = await contents(admin, `?collectionID=${picks.collectionID}..${extra.collectionID}`);
      expect(range.body).toHaveLength(6);
      const managed = await contents(manager);
      expect(managed.body.map((item) => `${item.recordType}:${item.record.name}`).sort()).toEqual([
        "category:General",
        "discussion:Another open thread",
        "discussion:Open thread",
        "discussion:Open thread",
      ]);
      // Filtered in the query: a page of the manager's is full of what they may see.
      const page = await contents(manager, "?limit=3");
      expect(page.body).toHaveLength(3);
      expect(page.headers["x-app-page-next-url"]).toContain("page=2");
    });

    it("refuses members and guests (403) and bad input with 422, never 500", async () => {
      for (const client of [member.client, testApp.guest()])
        expect((await client.get("/api/v2/collections/contents/en")).status).toBe(403);
      for (const query of [
        "/xx",
        "/en?limit=101",
        "/en?limit=0",
        "/en?page=0",
        "/en?collectionID=abc",
        "/en?collectionID=99999999999999999999",
        "/en?expand=record",
      ]) {
        const response = await admin.client.get<ErrorBody>(`/api/v2/collections/contents${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 422 });
        expect(response.body).toMatchObject({ message: "Validation Failed", status: 422 });
      }
    });
  });
});
