import type { Discussion, DiscussionEdit } from "@forum/api/discussions";
import type { PostType } from "@forum/api/postTypes";
import { parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumCast, makeCategory, rich2, type SignedIn } from "../testing/forumTesting";

/** A post type of a test add-on: a bug report with a version (checked by the type's own rule) and a severity. */
const bugTracker = defineAddon({
  key: "bugtracker",
  register(registrar) {
    registrar.postType({
      postTypeID: "bug-report",
      label: "Bug Report",
      fields: [
        { fieldID: "version", label: "Version", type: "text", required: true, maxLength: 20 },
        { fieldID: "severity", label: "Severity", type: "choice", required: false, options: ["low", "high"] },
        { fieldID: "reproducible", label: "Reproducible", type: "boolean", required: false },
      ],
      validate: (meta) =>
        typeof meta.version === "string" && !/^\d+(\.\d+)*$/.test(meta.version)
          ? [{ field: "postMeta.version", message: "Version must look like 2.1.0." }]
          : [],
    });
  },
});

describe.each(testDialects)("post types of add-ons on %s", (dialect) => {
  let testApp: TestApp;
  let member: SignedIn;
  let other: SignedIn;
  let categoryID: number;
  let questionsOnly: number;

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      serverApplications,
      {},
      {
        addons: [
          {
            manifest: parseManifest({ key: "bugtracker", name: "Bug Tracker", defaultEnabled: true }),
            load: () => bugTracker,
          },
        ],
      },
    );
    const cast = await forumCast(testApp);
    ({ member, other } = cast);
    categoryID = (await makeCategory(cast.admin.client, { name: "Bugs" })).categoryID;
    questionsOnly = (
      await makeCategory(cast.admin.client, { name: "Questions Only", allowedDiscussionTypes: ["question"] })
    ).categoryID;
  });
  afterAll(() => testApp.close());

  const post = (body: Record<string, unknown>, client = member.client) =>
    client.post<Discussion>("/api/v2/discussions", {
      name: "Crash on start",
      body: rich2("It crashes."),
      format: "rich2",
      categoryID,
      ...body,
    });

  it("lists the add-on's type with its fields after the built-in one", async () => {
    const types = await member.client.get<PostType[]>(`/api/v2/post-types?categoryID=${categoryID}`);
    expect(types.body.map((type) => type.postTypeID)).toEqual(["discussion", "bug-report"]);
    expect(types.body[1]).toMatchObject({
      baseType: "discussion",
      label: "Bug Report",
      fields: [{ fieldID: "version", required: true }, { fieldID: "severity" }, { fieldID: "reproducible" }],
    });
    const page = await member.client.get(`/post/bug-report/${categoryID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('"postTypeID":"bug-report"');
  });

  it("stores postTypeID and postMeta and returns them on the discussion and its edit view", async () => {
    const created = await post({
      postTypeID: "bug-report",
      postMeta: { version: "2.1.0", severity: "high", reproducible: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "discussion",
      postTypeID: "bug-report",
      postMeta: { version: "2.1.0", severity: "high", reproducible: true },
    });
    const read = await other.client.get<Discussion>(`/api/v2/discussions/${created.body.discussionID}`);
    expect(read.body.postTypeID).toBe("bug-report");
    expect(read.body.postMeta).toEqual({ version: "2.1.0", severity: "high", reproducible: true });
    const edit = await member.client.get<DiscussionEdit>(
      `/api/v2/discussions/${created.body.discussionID}/edit`,
    );
    expect(edit.body).toMatchObject({ postTypeID: "bug-report", postMeta: { version: "2.1.0" } });
    const plain = await post({ postTypeID: "discussion" });
    expect(plain.body).toMatchObject({ type: "discussion", postTypeID: "discussion" });
    expect(plain.body.postMeta).toBeUndefined();
  });

  it("checks each field and the type's own rule, and writes nothing when refused", async () => {
    const before = (await member.client.get<Discussion[]>(`/api/v2/discussions?categoryID=${categoryID}`))
      .body.length;
    const refusal = async (body: Record<string, unknown>) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      return (response.body as unknown as { errors: { field: string; message: string }[] }).errors;
    };
    expect(await refusal({ postTypeID: "bug-report", postMeta: {} })).toEqual([
      expect.objectContaining({ field: "postMeta.version", message: "Version is required." }),
    ]);
    expect(
      await refusal({ postTypeID: "bug-report", postMeta: { version: "1", severity: "urgent" } }),
    ).toEqual([expect.objectContaining({ field: "postMeta.severity" })]);
    expect(await refusal({ postTypeID: "bug-report", postMeta: { version: "1", colour: "red" } })).toEqual([
      expect.objectContaining({ field: "postMeta.colour" }),
    ]);
    expect(await refusal({ postTypeID: "bug-report", postMeta: { version: "latest" } })).toEqual([
      expect.objectContaining({ field: "postMeta.version", message: "Version must look like 2.1.0." }),
    ]);
    expect(
      await refusal({ postTypeID: "bug-report", postMeta: { version: "1", reproducible: "yes" } }),
    ).toEqual([expect.objectContaining({ field: "postMeta.reproducible" })]);
    expect(await refusal({ postMeta: { version: "1" } })).toEqual([
      expect.objectContaining({ field: "postMeta" }),
    ]);
    expect(await refusal({ postTypeID: "feature-wish" })).toEqual([
      expect.objectContaining({ field: "postTypeID", message: "feature-wish is not a valid post type" }),
    ]);
    expect(await refusal({ postTypeID: "bug-report", type: "question", postMeta: { version: "1" } })).toEqual(
      [expect.objectContaining({ field: "postTypeID" })],
    );
    // The category allows only questions: a bug report (a discussion) is not a valid post type there.
    expect(
      await refusal({ categoryID: questionsOnly, postTypeID: "bug-report", postMeta: { version: "1" } }),
    ).toEqual([expect.objectContaining({ field: "postTypeID" })]);
    const after = (await member.client.get<Discussion[]>(`/api/v2/discussions?categoryID=${categoryID}`)).body
      .length;
    expect(after).toBe(before);
  });

  it("edits postMeta by the type's rules, only for those who may edit the discussion", async () => {
    const created = await post({ postTypeID: "bug-report", postMeta: { version: "3.0" } });
    const url = `/api/v2/discussions/${created.body.discussionID}`;
    const patched = await member.client.patch<Discussion>(url, {
      postMeta: { version: "3.1", severity: "low" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.postMeta).toEqual({ version: "3.1", severity: "low" });
    expect((await member.client.patch(url, { postMeta: { version: "soon" } })).status).toBe(422);
    const stranger = await other.client.patch(url, { postMeta: { version: "9.9" } });
    expect(stranger.status).toBe(403);
    expect((await other.client.get<Discussion>(url)).body.postMeta).toEqual({
      version: "3.1",
      severity: "low",
    });
  });
});
