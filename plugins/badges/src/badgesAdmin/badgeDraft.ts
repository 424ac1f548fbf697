import { t } from "@library/src/i18n/translate";
import type { Badge, BadgePost, BadgeType } from "../../api/badgesApi";

/** The badge form's fields as typed. */
export interface BadgeDraft {
  name: string;
  description: string;
  icon: string;
  type: BadgeType;
  threshold: string;
  points: string;
}

/** Rules with a number: at least N comments, N positive reactions received, N years since joining. */
export const TYPES_WITH_THRESHOLD: readonly BadgeType[] = ["comments", "reactions", "anniversary"];

/** How each kind of badge is earned, as the form's choices name them. */
export function badgeTypeLabel(type: BadgeType): string {
  switch (type) {
    case "manual":
      return t("Awarded by moderators");
    case "firstPost":
      return t("First post");
    case "comments":
      return t("Comments written");
    case "reactions":
      return t("Positive reactions received");
    case "anniversary":
      return t("Years since joining");
  }
}

export function draftOf(badge: Badge | null): BadgeDraft {
  return {
    name: badge?.name ?? "",
    description: badge?.description ?? "",
    icon: badge?.icon ?? "🏅",
    type: badge?.type ?? "manual",
    threshold: badge?.threshold === null || badge?.threshold === undefined ? "" : String(badge.threshold),
    points: String(badge?.points ?? 0),
  };
}

/** A whole number typed in a field; NaN when it is not one (the API answers with the field's error). */
function wholeNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text.trim());
}

/** The body of `POST /badges` and `PATCH /badges/{id}` (a badge's address stays as it was made). */
export function bodyOf(draft: BadgeDraft): BadgePost {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    ...(draft.icon.trim() ? { icon: draft.icon.trim() } : {}),
    type: draft.type,
    threshold: TYPES_WITH_THRESHOLD.includes(draft.type)
      ? draft.threshold.trim() === ""
        ? null
        : wholeNumber(draft.threshold)
      : null,
    points: draft.points.trim() === "" ? 0 : wholeNumber(draft.points),
  };
}
