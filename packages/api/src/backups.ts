import { Type, type Static } from "@sinclair/typebox";

/** A backup kept in the data directory (`GET /dashboard/backups`). */
export const BackupFileSchema = Type.Object({
  fileName: Type.String(),
  size: Type.Integer(),
  dateInserted: Type.String(),
  /** `sqlite`: a database file; `pg_dump`: an SQL script for psql. */
  format: Type.Union([Type.Literal("sqlite"), Type.Literal("pg_dump")]),
  /** Made by the backup schedule (and pruned by its retention), not by hand. */
  scheduled: Type.Boolean(),
});
export type BackupFile = Static<typeof BackupFileSchema>;

export const BackupFileParamsSchema = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
});
