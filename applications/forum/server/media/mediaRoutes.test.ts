import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MediaItem } from "@forum/api/media";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  DEFAULT_ALLOWED_EXTENSIONS,
  UPLOAD_EXTENSIONS_SETTING,
  UPLOAD_MAX_SIZE_SETTING,
  UPLOAD_QUOTA_SETTING,
} from "@library/server/uploads/uploadRules";
import { CONTENT_MISMATCH_MESSAGE } from "@library/server/uploads/imageProcessing";
import sharp from "sharp";
import { forumApplication } from "../forumApplication";
import { forumClient, makeCategory, makeDiscussion, rich2, type SignedIn } from "../testing/forumTesting";
import { cleanOrphanedMedia } from "./mediaCleanup";
import { MULTIPART_REQUIRED_MESSAGE } from "./mediaRoutes";
import { uploadStorageFor } from "./mediaStorage";
import { multipartFile } from "@library/server/testing/multipartFile";

interface Upload {
  status: number;
  body: MediaItem & { message?: string; errors?: { field: string; message: string }[] };
}

/** A JPEG with camera metadata (EXIF with a GPS position), `width` × `height`. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Someone" }, IFD3: { GPSLatitudeRef: "N" } })
    .jpeg()
    .toBuffer();
}

describe.each(testDialects)("media on %s", (dialect) => {
  let testApp: TestApp;
  let dataDir: string;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-media-"));
    testApp = await createTestApp(dialect, [forumApplication], { dataDir });
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    other = await forumClient(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await testApp.context.settings.write(
      testApp.context.db,
      {
        [UPLOAD_MAX_SIZE_SETTING]: 500 * 1024 * 1024,
        [UPLOAD_QUOTA_SETTING]: 1024 ** 3,
        [UPLOAD_EXTENSIONS_SETTING]: DEFAULT_ALLOWED_EXTENSIONS,
      },
      admin.user.userID,
    );
  });

  const upload = async (
    who: SignedIn | null,
    filename: string,
    data: Buffer,
    field = "file",
  ): Promise<Upload> => {
    const { payload, contentType } = multipartFile(filename, data, field);
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/v2/media",
      payload,
      headers: {
        "content-type": contentType,
        "x-requested-with": "vanilla",
        referer: "http://localhost:80/",
        host: "localhost:80",
        ...(who?.client.cookie ? { cookie: `${cookieName}=${who.client.cookie}` } : {}),
      },
    });
    return { status: response.statusCode, body: response.json<Upload["body"]>() };
  };
  const mediaCount = async () =>
    (await testApp.context.db.selectFrom("media").select("mediaID").execute()).length;

  it("stores an image scaled down to 2000 px, without its metadata, and serves it with safe headers", async () => {
    const created = await upload(member, "Holiday.JPG", await photo(3000, 1500));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Holiday.JPG",
      type: "image/jpeg",
      width: 2000,
      height: 1000,
      insertUserID: member.user.userID,
      foreignType: null,
      foreignID: null,
    });
    const url = new URL(created.body.url);
    expect(url.pathname).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}\.jpg$/);
    const served = await testApp.app.inject({ method: "GET", url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBe("inline; filename*=UTF-8''Holiday.JPG");
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([2000, 1000, undefined]);
    expect(served.rawPayload.includes(Buffer.from("SecretCam"))).toBe(false);
    expect(created.body.size).toBe(served.rawPayload.length);
    // Stored under DATA_DIR/uploads.
    expect(
      fs.existsSync(path.join(dataDir, "uploads", ...url.pathname.slice("/uploads/".length).split("/"))),
    ).toBe(true);
  });

  it("refuses a disallowed extension (any case) with the allowed list, and a file too big with its limit", async () => {
    const before = await mediaCount();
    const exe = await upload(member, "setup.EXE", Buffer.from("MZ binary"));
    expect(exe.status).toBe(422);
    expect(exe.body.errors?.[0]?.field).toBe("file");
    expect(exe.body.errors?.[0]?.message).toMatch(
      /^The uploaded file did not have an allowed extension\. Only the following extensions are allowed\. jpg, jpeg, gif, png/,
    );
    await testApp.context.settings.write(
      testApp.context.db,
      { [UPLOAD_MAX_SIZE_SETTING]: 20 * 1024 * 1024 },
      admin.user.userID,
    );
    const big = await upload(member, "big.pdf", Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ message: "The uploaded file was too big (max 20 MB).", status: 413 });
    const exact = await upload(member, "exact.pdf", Buffer.alloc(1024, 1));
    expect(exact.status).toBe(201);
    expect(await mediaCount()).toBe(before + 1);
  });

  it("refuses contents that are not what the extension says, a missing file field, and guests", async () => {
    const before = await mediaCount();
    const fake = await upload(member, "cat.png", Buffer.from("<html><script>alert(1)</script></html>"));
    expect(fake.status).toBe(422);
    expect(fake.body.errors?.[0]).toMatchObject({
      field: "file",
      message: "The file's contents do not match its extension.",
    });
    const jpegAsPng = await upload(member, "photo.png", await photo(10, 10));
    expect(jpegAsPng.status).toBe(422);
    const wrongField = await upload(member, "a.png", await photo(10, 10), "image");
    expect(wrongField.status).toBe(422);
    const guest = await upload(null, "a.jpg", await photo(10, 10));
    expect(guest.status).toBe(403);
    const json = await member.client.post("/api/v2/media", { file: "x" });
    expect([415, 422]).toContain(json.status);
    expect(await mediaCount()).toBe(before);
  });

  it("answers a damaged image and a malformed multipart body with 422 on file, never 500", async () => {
    const before = await mediaCount();
    // A PNG whose signature and header are sound but whose compressed pixels are not: the decoder refuses it.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c84" } })
      .png()
      .toBuffer();
    const damaged = Buffer.from(png);
    const idat = damaged.indexOf("IDAT");
    damaged.fill(0xff, idat + 8, Math.min(idat + 40, damaged.length - 16));
    const broken = await upload(member, "broken.png", damaged);
    expect(broken.status).toBe(422);
    expect(broken.body.errors?.[0]).toMatchObject({ field: "file", message: CONTENT_MISMATCH_MESSAGE });

    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const send = (contentType: string, payload: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/v2/media",
        payload,
        headers: {
          "content-type": contentType,
          "x-requested-with": "vanilla",
          referer: "http://localhost:80/",
          host: "localhost:80",
          cookie: `${cookieName}=${member.client.cookie ?? ""}`,
        },
      });
    const malformed = [
      // The part never ends: no closing boundary.
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
        MULTIPART_REQUIRED_MESSAGE,
      ],
      // No boundary at all.
      ["multipart/form-data", "hello", MULTIPART_REQUIRED_MESSAGE],
      // Headers that are not headers: a part, but not the field file.
      [
        "multipart/form-data; boundary=xyz",
        "--xyz\r\nnot a header\r\n\r\nhello\r\n--xyz--\r\n",
        "file is required.",
      ],
    ] as const;
    for (const [contentType, payload, message] of malformed) {
      const response = await send(contentType, payload);
      const label = `${contentType} ${JSON.stringify(payload).slice(0, 40)}`;
      expect({ label, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        label,
        status: 422,
        body: expect.objectContaining({
          status: 422,
          errors: [expect.objectContaining({ field: "file", message })],
        }),
      });
    }
    expect(await mediaCount()).toBe(before);
  });

  it("serves other files as attachments of their recorded type, never as HTML", async () => {
    await testApp.context.settings.write(
      testApp.context.db,
      { [UPLOAD_EXTENSIONS_SETTING]: ["txt", "html", "jpg"] },
      admin.user.userID,
    );
    const page = await upload(member, "page.HTML", Buffer.from("<script>alert(document.cookie)</script>"));
    expect(page.status).toBe(201);
    expect(page.body.type).toBe("application/octet-stream");
    const served = await testApp.app.inject({ method: "GET", url: new URL(page.body.url).pathname });
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
    const missing = await testApp.app.inject({ method: "GET", url: "/uploads/2026/01/nothing.png" });
    expect(missing.body).toBe("Not found.");
    expect(missing.statusCode).toBe(404);
    expect(
      (await testApp.app.inject({ method: "GET", url: "/uploads/2026/01/..%2F..%2F..%2Fetc%2Fpasswd" }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps each member within their quota", async () => {
    const first = await upload(other, "one.pdf", Buffer.alloc(3000, 1));
    expect(first.status).toBe(201);
    await testApp.context.settings.write(
      testApp.context.db,
      { [UPLOAD_QUOTA_SETTING]: 5000 },
      admin.user.userID,
    );
    const over = await upload(other, "two.pdf", Buffer.alloc(3000, 1));
    expect(over.status).toBe(422);
    expect(over.body.errors?.[0]?.message).toBe("You have used all of your upload space (4.88 KB).");
    // Moderators are not limited.
    expect((await upload(admin, "big.pdf", Buffer.alloc(6000, 1))).status).toBe(201);
  });

  it("shows and deletes a member's own media; others' are 404", async () => {
    const { body } = await upload(member, "mine.pdf", Buffer.alloc(100, 1));
    expect((await other.client.get(`/api/v2/media/${body.mediaID}`)).status).toBe(404);
    expect((await other.client.delete(`/api/v2/media/${body.mediaID}`)).status).toBe(404);
    expect((await member.client.get<MediaItem>(`/api/v2/media/${body.mediaID}`)).body.name).toBe("mine.pdf");
    expect((await member.client.delete(`/api/v2/media/${body.mediaID}`)).status).toBe(204);
    expect((await testApp.app.inject({ method: "GET", url: new URL(body.url).pathname })).statusCode).toBe(
      404,
    );
  });

  it("cleans up uploads no post, photo or draft uses after a day, and records where the others are used", async () => {
    const general = await makeCategory(admin.client, { name: `Pictures ${dialect}` });
    const used = await upload(member, "used.jpg", await photo(20, 20));
    const orphan = await upload(member, "orphan.jpg", await photo(20, 20));
    const inDraft = await upload(member, "draft.jpg", await photo(20, 20));
    const discussion = await makeDiscussion(member.client, general.categoryID, "With a picture", {
      body: JSON.stringify([
        { type: "p", children: [{ text: "See" }] },
        { type: "img", url: used.body.url, children: [{ text: "" }] },
      ]),
    });
    await member.client.post("/api/v2/drafts", {
      recordType: "discussion",
      attributes: { body: rich2(`Later ${inDraft.body.url}`), format: "rich2" },
    });
    const storage = uploadStorageFor(testApp.context);
    // Not a day old yet: nothing happens.
    expect(await cleanOrphanedMedia(testApp.context, storage)).toBe(0);
    const tomorrow = Date.now() + 25 * 3600_000;
    expect(await cleanOrphanedMedia(testApp.context, storage, tomorrow)).toBeGreaterThanOrEqual(1);
    const status = async (mediaID: number) =>
      (await member.client.get<MediaItem>(`/api/v2/media/${mediaID}`)).body;
    expect(await status(used.body.mediaID)).toMatchObject({
      foreignType: "discussion",
      foreignID: discussion.discussionID,
    });
    expect((await member.client.get(`/api/v2/media/${orphan.body.mediaID}`)).status).toBe(404);
    expect(
      (await testApp.app.inject({ method: "GET", url: new URL(orphan.body.url).pathname })).statusCode,
    ).toBe(404);
    expect(await status(inDraft.body.mediaID)).toMatchObject({ foreignType: null });
  });
});
