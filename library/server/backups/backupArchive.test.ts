import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import {
  ARCHIVE_CHECKSUMS_NAME,
  ARCHIVE_DAMAGED,
  checkBackupArchive,
  isBackupArchive,
  packBackupArchive,
  unpackBackupArchive,
  uploadTarget,
} from "./backupArchive";

type Entry = {
  name: string;
  body?: string;
  type?: "file" | "symlink" | "link" | "directory";
  linkname?: string;
};

/** A tar archive written entry by entry, as a hand-made (or hostile) backup would be. */
async function writeArchive(file: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(file));
  for (const entry of entries) {
    const header = {
      name: entry.name,
      type: entry.type ?? "file",
      ...(entry.linkname ? { linkname: entry.linkname } : {}),
    };
    await new Promise<void>((resolve, reject) => {
      const callback = (error?: Error | null) => (error ? reject(error) : resolve());
      if (header.type === "file") pack.entry(header, entry.body ?? "", callback);
      else pack.entry(header, callback);
    });
  }
  pack.finalize();
  await written;
}

/** Every file under `dir`, relative, sorted. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("backup archives", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "forum-archive-"));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("packs the database with every finished upload and unpacks them byte for byte", async () => {
    const uploads = path.join(root, "uploads");
    fs.mkdirSync(path.join(uploads, "2026", "11"), { recursive: true });
    fs.mkdirSync(path.join(uploads, "2026", "12"), { recursive: true });
    const image = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    fs.writeFileSync(path.join(uploads, "2026", "11", "a1.png"), image);
    fs.writeFileSync(path.join(uploads, "2026", "12", "empty.txt"), "");
    // Still being written by an upload: not part of the site yet.
    fs.writeFileSync(path.join(uploads, "2026", "12", "b2.png.partial-1a2b3c4d"), "half");
    const database = path.join(root, "snapshot.sqlite");
    fs.writeFileSync(database, "SQLite format 3\u0000 and the rows");

    const archive = path.join(root, "backup.tar");
    await packBackupArchive(archive, { file: database, format: "sqlite" }, uploads);
    expect(isBackupArchive(archive)).toBe(true);
    expect(isBackupArchive(database)).toBe(false);

    const restored = path.join(root, "restored");
    const format = await unpackBackupArchive(
      archive,
      path.join(root, "restored.database"),
      path.join(restored, "uploads"),
    );
    expect(format).toBe("sqlite");
    expect(fs.readFileSync(path.join(root, "restored.database"), "utf8")).toBe(
      "SQLite format 3\u0000 and the rows",
    );
    expect(filesIn(path.join(restored, "uploads"))).toEqual([
      path.join("2026", "11", "a1.png"),
      path.join("2026", "12", "empty.txt"),
    ]);
    expect(fs.readFileSync(path.join(restored, "uploads", "2026", "11", "a1.png")).equals(image)).toBe(true);
  });

  it("packs a site without uploads, and names a pg_dump script as such", async () => {
    const database = path.join(root, "dump.sql");
    fs.writeFileSync(database, "CREATE TABLE users ();\n");
    const archive = path.join(root, "backup.tar");
    await packBackupArchive(archive, { file: database, format: "pg_dump" }, path.join(root, "no-uploads"));
    const uploads = path.join(root, "restored-uploads");
    expect(await unpackBackupArchive(archive, path.join(root, "out.sql"), uploads)).toBe("pg_dump");
    expect(fs.readFileSync(path.join(root, "out.sql"), "utf8")).toBe("CREATE TABLE users ();\n");
    expect(filesIn(uploads)).toEqual([]);
  });

  it("writes nothing outside the uploads folder, whatever the archive's entries say", async () => {
    const archive = path.join(root, "hostile.tar");
    const site = path.join(root, "site");
    const uploads = path.join(site, "uploads");
    await writeArchive(archive, [
      { name: "database.sqlite", body: "SQLite format 3\u0000" },
      { name: "../x", body: "escaped" },
      { name: "uploads/../x", body: "escaped" },
      { name: "uploads/../../x", body: "escaped" },
      { name: "uploads/2026/../../../x", body: "escaped" },
      { name: "/tmp/x-from-archive", body: "escaped" },
      { name: "uploads//x", body: "escaped" },
      { name: "x", body: "not an upload" },
      { name: "uploads/link", type: "symlink", linkname: ".." },
      { name: "uploads/hard", type: "link", linkname: "../x" },
      { name: "uploads/2026/11/kept.png", body: "kept" },
    ]);
    await unpackBackupArchive(archive, path.join(site, "restored.database"), uploads);

    expect(filesIn(root)).toEqual(
      [
        "hostile.tar",
        path.join("site", "restored.database"),
        path.join("site", "uploads", "2026", "11", "kept.png"),
      ].sort(),
    );
    expect(fs.existsSync("/tmp/x-from-archive")).toBe(false);
  });

  it("fails, without writing outside, on an archive whose upload paths collide", async () => {
    const archive = path.join(root, "collide.tar");
    await writeArchive(archive, [
      { name: "database.sqlite", body: "SQLite format 3\u0000" },
      { name: "uploads/a", body: "a file" },
      { name: "uploads/a/b", body: "under a file" },
    ]);
    await expect(
      unpackBackupArchive(archive, path.join(root, "db"), path.join(root, "uploads")),
    ).rejects.toThrow();
    expect(filesIn(root)).toEqual(["collide.tar", "db", path.join("uploads", "a")].sort());
  });

  it("refuses an archive without a database", async () => {
    const archive = path.join(root, "uploads-only.tar");
    await writeArchive(archive, [{ name: "uploads/2026/11/a.png", body: "a" }]);
    await expect(
      unpackBackupArchive(archive, path.join(root, "db"), path.join(root, "uploads")),
    ).rejects.toThrow("This archive holds no database.");
  });

  it("checks every file against the archive's checksums: one changed, missing or added is damage", async () => {
    const uploads = path.join(root, "uploads");
    fs.mkdirSync(path.join(uploads, "2026", "11"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "2026", "11", "a.png"), "an image");
    const database = path.join(root, "snapshot.sqlite");
    fs.writeFileSync(database, "SQLite format 3\u0000 and the rows");
    const packed = path.join(root, "packed.tar");
    await packBackupArchive(packed, { file: database, format: "sqlite" }, uploads);
    expect(await checkBackupArchive(packed)).toEqual({ format: "sqlite", checksummed: true });

    const sha256 = (body: string) => createHash("sha256").update(body).digest("hex");
    const files = [
      { name: "database.sqlite", body: "SQLite format 3\u0000 and the rows" },
      { name: "uploads/2026/11/a.png", body: "an image" },
    ];
    const checksums = {
      name: ARCHIVE_CHECKSUMS_NAME,
      body: JSON.stringify({
        sha256: Object.fromEntries(files.map((file) => [file.name, sha256(file.body)])),
      }),
    };
    const check = async (name: string, entries: Entry[]) => {
      const archive = path.join(root, name);
      await writeArchive(archive, entries);
      return checkBackupArchive(archive);
    };
    expect(await check("same.tar", [...files, checksums])).toEqual({ format: "sqlite", checksummed: true });
    // Made before backups carried checksums: nothing to compare, the database's own check decides.
    expect(await check("older.tar", files)).toEqual({ format: "sqlite", checksummed: false });
    const changed = [files[0] as Entry, { name: "uploads/2026/11/a.png", body: "an imagf" }, checksums];
    await expect(check("changed.tar", changed)).rejects.toThrow(ARCHIVE_DAMAGED);
    await expect(check("missing.tar", [files[0] as Entry, checksums])).rejects.toThrow(ARCHIVE_DAMAGED);
    const added = [...files, { name: "uploads/2026/11/b.png", body: "added" }, checksums];
    await expect(check("added.tar", added)).rejects.toThrow(ARCHIVE_DAMAGED);
    await expect(check("garbled.tar", [...files, { ...checksums, body: "{not json" }])).rejects.toThrow(
      ARCHIVE_DAMAGED,
    );
    // Written nowhere: the check only reads.
    expect(fs.readdirSync(root).sort()).toEqual(
      [
        "added.tar",
        "changed.tar",
        "garbled.tar",
        "missing.tar",
        "older.tar",
        "packed.tar",
        "same.tar",
        "snapshot.sqlite",
        "uploads",
      ].sort(),
    );
  });

  it("maps only names inside the uploads folder to a path", () => {
    const uploads = path.join(root, "uploads");
    expect(uploadTarget(uploads, "uploads/2026/11/a.png")).toBe(path.join(uploads, "2026", "11", "a.png"));
    for (const name of [
      "../x",
      "uploads/..",
      "uploads/.",
      "uploads/",
      "uploads/a/../../x",
      "uploads/a\\..\\..\\x",
      "uploads/a\0b",
      "/uploads/a",
      "database.sqlite",
    ])
      expect(uploadTarget(uploads, name)).toBeNull();
  });
});
