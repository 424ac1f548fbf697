import fs from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { LocalUploadStorage } from "@library/server/uploads/uploadStorage";
import { testPhoto } from "../testing/photoServer";
import { downloadAvatar } from "./importAvatars";

describe("downloading a member's photo", () => {
  let url: string;
  let close: () => Promise<void>;
  let root: string;
  let storage: LocalUploadStorage;

  beforeAll(async () => {
    const png = await testPhoto();
    const server = createServer((request, response) => {
      switch (request.url) {
        case "/photo.png":
          response.writeHead(200, { "Content-Type": "image/png" });
          return response.end(png);
        case "/huge.png":
          response.writeHead(200, { "Content-Type": "image/png" });
          return response.end(Buffer.concat([png, Buffer.alloc(4096)]));
        case "/lying.png":
          response.writeHead(200, { "Content-Type": "image/png" });
          return response.end("GIF89a, or rather not an image at all");
        case "/silent.png":
          return;
        case "/slow.png":
          // Headers, then nothing: the download must give up.
          response.writeHead(200, { "Content-Type": "image/png" });
          return response.write(png.subarray(0, 8));
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    root = await fs.mkdtemp(path.join(os.tmpdir(), "import-photos-"));
    storage = new LocalUploadStorage(root);
  });
  afterAll(async () => {
    await close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("stores an image within the size limit, and refuses a large, slow, false or missing one with why", async () => {
    // A busy machine may take its time with a good answer; the slow ones are given little.
    const options = { timeoutMs: 20_000 };
    const impatient = { timeoutMs: 300 };
    const stored = await downloadAvatar(`${url}/photo.png`, storage, 1000, options);
    if (!("stored" in stored)) throw new Error(stored.failed);
    expect(stored.stored).toMatchObject({ name: "photo.png", type: "image/png", width: 6, height: 6 });
    expect((await storage.get(stored.stored.storageKey))?.size).toBe(stored.stored.size);

    expect(await downloadAvatar(`${url}/huge.png`, storage, 1000, options)).toEqual({
      failed: "larger than 1000 B",
    });
    expect(await downloadAvatar(`${url}/lying.png`, storage, 1000, options)).toEqual({
      failed: "its contents are not the image its type names",
    });
    for (const slow of ["silent", "slow"])
      expect(await downloadAvatar(`${url}/${slow}.png`, storage, 1000, impatient)).toEqual({
        failed: "not downloaded within 0.3 s",
      });
    expect(await downloadAvatar(`${url}/gone.png`, storage, 1000, options)).toEqual({
      failed: "the source answered HTTP 404",
    });
    expect(await downloadAvatar("http://127.0.0.1:1/photo.png", storage, 1000, options)).toEqual({
      failed: "the address could not be reached",
    });
    // Only the one image was stored.
    const files = await fs.readdir(root, { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile())).toHaveLength(1);
  });
});
