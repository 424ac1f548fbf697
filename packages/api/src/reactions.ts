import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID, Nullable } from "./common";
import { StringEnum, UserFragmentSchema } from "./users";

/** The records a reaction can be attached to (API.md 9). */
export const REACTION_RECORD_TYPES = ["discussion", "comment"] as const;
export type ReactionRecordType = (typeof REACTION_RECORD_TYPES)[number];

/** `Positive`, `Negative`, `Flag`: a class maps to `reactions.<class>.add` (`flag.add` for Flag). */
export const REACTION_CLASSES = ["Positive", "Negative", "Flag"] as const;
export type ReactionClass = (typeof REACTION_CLASSES)[number];

/** `{tagID, urlcode, name, class}` of a reaction type (API.md 2.6 `reactionType`, SPEC 3). */
export const ReactionTypeFragmentSchema = Type.Object({
  tagID: Type.Integer(),
  urlcode: Type.String(),
  name: Type.String(),
  class: Type.String(),
});
export type ReactionTypeFragment = Static<typeof ReactionTypeFragmentSchema>;

/** ReactionSummaryItem (API.md 2.5): one per active reaction type on a record. */
export const ReactionSummaryItemSchema = Type.Object({
  tagID: Type.Integer(),
  urlcode: Type.String(),
  name: Type.String(),
  class: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  reactionValue: Type.Integer(),
  hasReacted: Type.Boolean(),
  photoUrl: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
});
export type ReactionSummaryItem = Static<typeof ReactionSummaryItemSchema>;

/** ReactionType of `GET /reactions` (API.md 9); `urlCode` with a capital C, and `urlcode` too (DECISION). */
export const ReactionTypeSchema = Type.Object({
  tagID: Type.Integer(),
  urlCode: Type.String(),
  urlcode: Type.String(),
  name: Type.String(),
  description: Type.String(),
  class: Nullable(Type.String()),
  points: Type.Integer(),
  reactionValue: Type.Integer(),
  photoUrl: Type.String(),
  sort: Nullable(Type.Integer()),
  active: Type.Boolean(),
  custom: Type.Boolean(),
  hidden: Type.Boolean(),
  attributes: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type ReactionType = Static<typeof ReactionTypeSchema>;

/** ReactionLogEntry (API.md 2.6). */
export const ReactionLogEntrySchema = Type.Object({
  recordType: StringEnum(REACTION_RECORD_TYPES),
  recordID: Type.Integer(),
  tagID: Type.Integer(),
  userID: Type.Integer(),
  dateInserted: DateTime,
  user: UserFragmentSchema,
  reactionType: ReactionTypeFragmentSchema,
});
export type ReactionLogEntry = Static<typeof ReactionLogEntrySchema>;

/** `POST /{recordType}s/{id}/reactions` body: a reaction type's urlcode. */
export const ReactionPostSchema = Type.Object({
  reactionType: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ReactionPost = Static<typeof ReactionPostSchema>;

/** `GET /{recordType}s/{id}/reactions` query ("more" pager, DECISION). */
export const ReactionLogQuerySchema = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ReactionLogQuery = Static<typeof ReactionLogQuerySchema>;

export const ReactionRecordParamsSchema = Type.Object({ id: ID });
/** `userID` may be `$me`, which is 0 for a guest (then refused with 403, not 422). */
export const ReactionUserParamsSchema = Type.Object({ id: ID, userID: Type.Integer({ minimum: 0 }) });

/** Props of the discussion page's `ReactionsBar` widget (one per post). */
export interface ReactionsBarProps {
  recordType: ReactionRecordType;
  recordID: number;
  score: number;
  reactions: ReactionSummaryItem[];
  /** Urlcodes the viewer may react with (never a Flag type; Promote only with curation.manage). */
  permittedTypes: string[];
  /** reactions.view: the tooltip lists who reacted. */
  canViewLog: boolean;
  /** community.moderate: the Log button. */
  isModerator: boolean;
}
