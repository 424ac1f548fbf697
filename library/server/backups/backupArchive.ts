import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { types } from "node:util";
import tar from "tar-stream";

/** The database inside a backup archive: an SQLite file or a pg_dump script. */
export const ARCHIVE_DATABASE_NAMES = { sqlite: "database.sqlite", pg_dump: "database.sql" } as const;
export type ArchiveDatabaseFormat = keyof typeof ARCHIVE_DATABASE_NAMES;
/**
 * The archive's last entry: the SHA-256 of every other file in it (`{"sha256": {"database.sqlite": "…",
 * "uploads/…": "…"}}`), so a restore tells a damaged archive before it writes anything. Archives made before it
 * have none.
 */
export const ARCHIVE_CHECKSUMS_NAME = "checksums.json";
export const ARCHIVE_DAMAGED = "This archive is damaged (checksum mismatch).";
export const ARCHIVE_UNREADABLE = "This archive is damaged (it cannot be read to the end).";
const UPLOADS_PREFIX = "uploads/";
/** Upload storage writes a file under a temporary `….partial-xxxx` name and renames it when complete. */
const PARTIAL_UPLOAD = /\.partial-[0-9a-f]+$/;

/** Every file under `dir`, as paths relative to it with forward slashes, in a stable order. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), `${relative}/`);
      return entry.isFile() && !PARTIAL_UPLOAD.test(entry.name) ? [relative] : [];
    });
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

/** The database format an entry's name stands for (`database.sqlite`, `database.sql`), or undefined. */
function databaseFormatOf(name: string): ArchiveDatabaseFormat | undefined {
  return (Object.keys(ARCHIVE_DATABASE_NAMES) as ArchiveDatabaseFormat[]).find(
    (key) => ARCHIVE_DATABASE_NAMES[key] === name,
  );
}

/** Passes bytes through unchanged, adding them to `hash`. */
function hashing(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

function addEntry(pack: tar.Pack, header: Parameters<tar.Pack["entry"]>[0], body: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    pack.entry(header, body, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * Writes one tar archive holding the database snapshot and every uploaded file (`uploads/…`), so a restored
 * site has its logo, avatars and attachments as well as its rows, then the checksum of each. Files are streamed,
 * never held in memory; an upload deleted while the backup runs is left out, an upload still being written is
 * not taken.
 */
export async function packBackupArchive(
  target: string,
  database: { file: string; format: ArchiveDatabaseFormat },
  uploadsDir: string,
): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(target));
  // A failed write settles `written` while entries are still being added: it is awaited below.
  written.catch(() => undefined);
  const checksums: Record<string, string> = {};
  const add = async (name: string, file: string) => {
    const handle = await fs.promises.open(file, "r");
    try {
      const stat = await handle.stat();
      const header = { name, size: stat.size, mtime: stat.mtime, mode: 0o644 };
      const hash = createHash("sha256");
      if (stat.size === 0) {
        await addEntry(pack, header, Buffer.alloc(0));
      } else {
        // Exactly the bytes the header announces, even if the file changed since.
        const body = handle.createReadStream({ start: 0, end: stat.size - 1, autoClose: false });
        await pipeline(body, hashing(hash), pack.entry(header));
      }
      checksums[name] = hash.digest("hex");
    } finally {
      await handle.close();
    }
  };
  try {
    await add(ARCHIVE_DATABASE_NAMES[database.format], database.file);
    for (const relative of filesUnder(uploadsDir)) {
      try {
        await add(`${UPLOADS_PREFIX}${relative}`, path.join(uploadsDir, ...relative.split("/")));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    await addEntry(
      pack,
      { name: ARCHIVE_CHECKSUMS_NAME, mtime: new Date(), mode: 0o644 },
      Buffer.from(`${JSON.stringify({ sha256: checksums })}\n`),
    );
    pack.finalize();
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  await written;
}

/** Whether a file is a tar archive (the `ustar` mark at byte 257). */
export function isBackupArchive(file: string): boolean {
  const head = Buffer.alloc(262);
  const descriptor = fs.openSync(file, "r");
  try {
    const read = fs.readSync(descriptor, head, 0, 262, 0);
    return read === 262 && head.subarray(257, 262).toString("latin1") === "ustar";
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * `uploads/2026/11/ab….png` → the file's path inside `uploadsDir`; null for any other name and for anything
 * that would land outside the folder (`uploads/../x`, absolute paths, empty or `.`/`..` segments).
 */
export function uploadTarget(uploadsDir: string, name: string): string | null {
  if (!name.startsWith(UPLOADS_PREFIX) || name.includes("\0") || name.includes("\\")) return null;
  const segments = name.slice(UPLOADS_PREFIX.length).split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  const root = path.resolve(uploadsDir);
  const target = path.resolve(root, ...segments);
  return target.startsWith(`${root}${path.sep}`) ? target : null;
}

/**
 * Unpacks a backup archive: the database to `databaseTarget` (its format returned), the uploads into
 * `uploadsDir`. Only plain files are written; every other entry (links, folders, names outside `uploads/`) is
 * skipped. Throws when the archive holds no database.
 */
export async function unpackBackupArchive(
  archive: string,
  databaseTarget: string,
  uploadsDir: string,
): Promise<ArchiveDatabaseFormat> {
  let format: ArchiveDatabaseFormat | null = null;
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const done = (error?: unknown) => {
      if (!error) return next();
      // The entry's stream is torn down with the archive: nothing is left listening for its error.
      stream.on("error", () => undefined);
      extract.destroy(types.isNativeError(error) ? error : new Error("Could not unpack the archive."));
    };
    const isFile = header.type === "file" || header.type === "contiguous-file";
    const databaseFormat = databaseFormatOf(header.name);
    let target: string | null = null;
    if (isFile && databaseFormat) {
      format = databaseFormat;
      target = databaseTarget;
    } else if (isFile) {
      target = uploadTarget(uploadsDir, header.name);
    }
    if (target) {
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true });
      } catch (error) {
        // `uploads/a` a file and then `uploads/a/b`: not an archive this site made.
        done(error);
        return;
      }
    }
    if (!target) {
      stream.on("end", () => done());
      stream.resume();
      return;
    }
    pipeline(stream, fs.createWriteStream(target, { mode: 0o644 })).then(() => done(), done);
  });
  await pipeline(fs.createReadStream(archive), extract);
  if (!format) throw new Error("This archive holds no database.");
  return format;
}

/** What `checkBackupArchive` found: the database's format, and whether the archive carried checksums. */
export interface CheckedArchive {
  format: ArchiveDatabaseFormat;
  checksummed: boolean;
}

function isFileEntry(header: tar.Header): boolean {
  return header.type === "file" || header.type === "contiguous-file";
}

function sameChecksums(found: Map<string, string>, listed: unknown): boolean {
  if (typeof listed !== "object" || listed === null) return false;
  const expected = Object.entries(listed as Record<string, unknown>);
  return expected.length === found.size && expected.every(([name, checksum]) => found.get(name) === checksum);
}

/**
 * Reads a backup archive through without writing anything: every file's SHA-256 must be the one its checksums
 * entry lists (no file missing, none added), and it must hold a database. Throws `ARCHIVE_UNREADABLE` for an
 * archive that cannot be read to its end (broken headers, cut short) and `ARCHIVE_DAMAGED` for one whose
 * contents changed. An archive without checksums (made before they were added) passes with `checksummed: false`.
 */
export async function checkBackupArchive(archive: string): Promise<CheckedArchive> {
  const found = new Map<string, string>();
  let checksumsText: string | null = null;
  let format: ArchiveDatabaseFormat | null = null;
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const isChecksums = header.name === ARCHIVE_CHECKSUMS_NAME;
    const chunks: Buffer[] = [];
    const hash = createHash("sha256");
    // An archive that ends inside this entry fails the whole read (below); the entry's own error is the same.
    stream.on("error", () => undefined);
    stream.on("data", (chunk: unknown) => {
      const bytes = chunk as Buffer;
      if (isChecksums) chunks.push(bytes);
      else hash.update(bytes);
    });
    stream.on("end", () => {
      if (isFileEntry(header) && isChecksums) checksumsText = Buffer.concat(chunks).toString("utf8");
      else if (isFileEntry(header)) {
        found.set(header.name, hash.digest("hex"));
        const databaseFormat = databaseFormatOf(header.name);
        if (databaseFormat) format = databaseFormat;
      }
      next();
    });
  });
  try {
    await pipeline(fs.createReadStream(archive), extract);
  } catch {
    throw new Error(ARCHIVE_UNREADABLE);
  }
  if (checksumsText !== null) {
    let listed: unknown = null;
    try {
      listed = (JSON.parse(checksumsText) as { sha256?: unknown }).sha256;
    } catch {
      // Unreadable checksums: damaged like any other entry.
    }
    if (!sameChecksums(found, listed)) throw new Error(ARCHIVE_DAMAGED);
  }
  if (!format) throw new Error("This archive holds no database.");
  return { format, checksummed: checksumsText !== null };
}
