import { DRAFT_ATTRIBUTES_MAX_BYTES, type DraftAttributes, type DraftStatus } from "@forum/api/drafts";
import { ClientError, ValidationError } from "@library/server/errors/httpErrors";
import type { SettingsStore } from "@library/server/settings/settingsStore";
import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** Whether members with schedule.allow may schedule drafts (API.md 14). */
export const DRAFT_SCHEDULING_SETTING = "drafts.scheduling.enabled";
/** Least lead time of a schedule, in minutes (API.md 14: 15). */
export const DRAFT_SCHEDULE_LEAD_SETTING = "drafts.scheduling.minimumMinutes";

defineSetting({
  key: DRAFT_SCHEDULING_SETTING,
  schema: Type.Boolean(),
  default: true,
  read: "public",
  write: "community.manage",
});
defineSetting({
  key: DRAFT_SCHEDULE_LEAD_SETTING,
  schema: Type.Integer({ minimum: 1, maximum: 1440 }),
  default: 15,
  read: "public",
  write: "site.manage",
});

export const DRAFT_STATUS_CODES: Record<DraftStatus, number> = { draft: 0, scheduled: 1, error: 2 };
export const DRAFT_STATUS_NAMES: DraftStatus[] = ["draft", "scheduled", "error"];
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** The attributes as stored: JSON text of at most 256 KB (422 on `attributes` past it). */
export function serializeAttributes(attributes: DraftAttributes): string {
  const text = JSON.stringify(attributes);
  if (Buffer.byteLength(text, "utf8") > DRAFT_ATTRIBUTES_MAX_BYTES)
    throw ValidationError.field(
      "attributes",
      `attributes must be at most ${DRAFT_ATTRIBUTES_MAX_BYTES} bytes.`,
      "maxLength",
    );
  return text;
}

/**
 * The checks of API.md 14 for a draft becoming or staying scheduled. It runs inside the draft's transaction: a
 * settings refresh there reads without waiting for it (library/server/db/readWithoutQueue.ts).
 */
export async function assertSchedulable(
  settings: SettingsStore,
  recordType: string,
  attributes: DraftAttributes,
  dateScheduled: string | null | undefined,
  now = Date.now(),
  /** False when the date is the one already scheduled (editing a scheduled draft close to its time). */
  checkDate = true,
): Promise<string> {
  if ((await settings.get<boolean>(DRAFT_SCHEDULING_SETTING)) !== true)
    throw new ClientError("Draft scheduling is not enabled.");
  if (!dateScheduled) throw ValidationError.field("dateScheduled", "dateScheduled is required.", "required");
  const when = Date.parse(dateScheduled);
  const leadMinutes = await settings.get<number>(DRAFT_SCHEDULE_LEAD_SETTING);
  if (!Number.isFinite(when) || (checkDate && when < now + leadMinutes * 60_000))
    throw ValidationError.field(
      "dateScheduled",
      `The scheduled date and time must be at least ${leadMinutes} minutes in the future.`,
    );
  if (checkDate && when > now + YEAR_MS)
    throw ValidationError.field(
      "dateScheduled",
      "The scheduled date and time must be less than 1 year from now.",
    );
  if (recordType === "discussion") {
    const meta = (attributes.draftMeta ?? {}) as { name?: unknown; postTypeID?: unknown };
    const missing: [string, unknown][] = [
      ["attributes.format", attributes.format],
      ["attributes.body", attributes.body],
      ["attributes.draftMeta.name", meta.name],
      ["attributes.draftMeta.postTypeID", meta.postTypeID],
    ];
    const errors = missing
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([field]) => ({ field, message: `${field.split(".").pop()} is required.`, code: "required" }));
    if (errors.length > 0) throw new ValidationError(errors);
  }
  // Whole seconds, as the API shows it, so a date read back names the same schedule.
  return new Date(Math.floor(when / 1000) * 1000).toISOString();
}
