import type { PostTypeDeclaration } from "@library/server/addons/discussionTypes";
import {
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
} from "../../api/pollLimits";

export const POLL_POST_TYPE = "poll";

/** A poll as its discussion's postMeta holds it. */
export interface PollDefinition {
  question: string;
  options: string[];
  multipleChoice: boolean;
  /** ISO date, or null when it stays open until closed by hand. */
  dateCloses: string | null;
}

/** The options of the `options` field: one per line, blank lines ignored. */
export function splitOptions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

function validatePoll(postMeta: Record<string, unknown>): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const options = splitOptions(typeof postMeta.options === "string" ? postMeta.options : "");
  if (options.length < POLL_MIN_OPTIONS || options.length > POLL_MAX_OPTIONS)
    issues.push({
      field: "postMeta.options",
      message: `A poll has between ${POLL_MIN_OPTIONS} and ${POLL_MAX_OPTIONS} options.`,
    });
  if (options.some((option) => option.length > POLL_OPTION_MAX_LENGTH))
    issues.push({
      field: "postMeta.options",
      message: `Each option must be at most ${POLL_OPTION_MAX_LENGTH} characters.`,
    });
  if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
    issues.push({ field: "postMeta.options", message: "Each option must be different." });
  const closes = postMeta.dateCloses;
  if (typeof closes === "string" && closes !== "" && Number.isNaN(Date.parse(closes)))
    issues.push({ field: "postMeta.dateCloses", message: "Closing date must be a date." });
  return issues;
}

/** The poll post type: its fields on the create-post page and in `postMeta`, checked by POST /discussions. */
export const pollPostType: PostTypeDeclaration = {
  postTypeID: POLL_POST_TYPE,
  label: "Poll",
  fields: [
    {
      fieldID: "question",
      label: "Question",
      type: "text",
      required: true,
      maxLength: POLL_QUESTION_MAX_LENGTH,
    },
    {
      fieldID: "options",
      label: "Options",
      description: "One option per line.",
      type: "textarea",
      required: true,
      maxLength: POLL_MAX_OPTIONS * (POLL_OPTION_MAX_LENGTH + 2),
    },
    {
      fieldID: "multipleChoice",
      label: "Members may choose several options",
      type: "boolean",
      required: false,
    },
    {
      fieldID: "dateCloses",
      label: "Closes on",
      description: "Leave empty to keep the poll open until it is closed.",
      type: "text",
      required: false,
      maxLength: 40,
    },
  ],
  validate: validatePoll,
};

/** The poll a discussion's postMeta describes (stored as JSON, or as the API shows it). */
export function pollDefinitionOf(
  postTypeID: string | null | undefined,
  postMeta: string | Record<string, unknown> | null | undefined,
): PollDefinition | null {
  if (postTypeID !== POLL_POST_TYPE || !postMeta) return null;
  let meta: Record<string, unknown>;
  try {
    meta = typeof postMeta === "string" ? (JSON.parse(postMeta) as Record<string, unknown>) : postMeta;
  } catch {
    return null;
  }
  const closes =
    typeof meta.dateCloses === "string" && meta.dateCloses !== "" ? Date.parse(meta.dateCloses) : NaN;
  return {
    question: typeof meta.question === "string" ? meta.question : "",
    options: splitOptions(typeof meta.options === "string" ? meta.options : ""),
    multipleChoice: meta.multipleChoice === true,
    dateCloses: Number.isNaN(closes) ? null : new Date(closes).toISOString(),
  };
}
