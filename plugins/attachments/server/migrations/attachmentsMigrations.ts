import type { Migration } from "kysely";
import * as createAttachments from "./2026-11-28T2300_create_attachments";

export const attachmentsMigrations: Record<string, Migration> = {
  "2026-11-28T2300_create_attachments": createAttachments,
};
