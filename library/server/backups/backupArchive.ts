import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { types } from "node:util";
import tar from "tar-stream";

/** The database inside a backup archive: an SQLite file or a pg_dump script. */
export const ARCHIVE_DATABASE_NAMES = { sqlite: "database.sqlite", pg_dump: "database.sql" } as const;
export type ArchiveDatabaseFormat = keyof typeof ARCHIVE_DATABASE_NAMES;
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

/**
 * Writes one tar archive holding the database snapshot and every uploaded file (`uploads/…`), so a restored
 * site has its logo, avatars and attachments as well as its rows. Files are streamed, never held in memory;
 * an upload deleted while the backup runs is left out, an upload still being written is not taken.
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
  const add = async (name: string, file: string) => {
    const handle = await fs.promises.open(file, "r");
    try {
      const stat = await handle.stat();
      const header = { name, size: stat.size, mtime: stat.mtime, mode: 0o644 };
      if (stat.size === 0) {
        await new Promise<void>((resolve, reject) =>
          pack.entry(header, Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
        );
        return;
      }
      // Exactly the bytes the header announces, even if the file changed since.
      const body = handle.createReadStream({ start: 0, end: stat.size - 1, autoClose: false });
      await pipeline(body, pack.entry(header));
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
    const databaseFormat = (Object.keys(ARCHIVE_DATABASE_NAMES) as ArchiveDatabaseFormat[]).find(
      (key) => ARCHIVE_DATABASE_NAMES[key] === header.name,
    );
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
