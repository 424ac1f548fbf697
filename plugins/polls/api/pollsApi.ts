import { Type, type Static } from "@sinclair/typebox";
import { POLL_MAX_OPTIONS } from "./pollLimits";

/** The polls add-on's contract, kept with it so the add-on stays removable. */

export const PollOptionSchema = Type.Object({
  /** Position of the option in the poll (0-based), the id votes name. */
  optionID: Type.Integer(),
  label: Type.String(),
  /** Ballots choosing it; absent while the viewer may not see results yet. */
  countVotes: Type.Optional(Type.Integer()),
});
export type PollOption = Static<typeof PollOptionSchema>;

export const PollSchema = Type.Object({
  discussionID: Type.Integer(),
  question: Type.String(),
  multipleChoice: Type.Boolean(),
  options: Type.Array(PollOptionSchema),
  /** When voting ends by itself, if ever. */
  dateCloses: Type.Union([Type.String(), Type.Null()]),
  closed: Type.Boolean(),
  /** Members who voted; absent while the viewer may not see results yet. */
  countVoters: Type.Optional(Type.Integer()),
  resultsVisible: Type.Boolean(),
  /** The viewer's chosen options (empty before they vote, and for guests). */
  myVote: Type.Array(Type.Integer()),
  canVote: Type.Boolean(),
  canClose: Type.Boolean(),
});
export type Poll = Static<typeof PollSchema>;

export const PollParamsSchema = Type.Object({ discussionID: Type.Integer({ minimum: 1 }) });

export const PollVoteBodySchema = Type.Object({
  /** One option (single choice) or several (multiple choice). */
  optionIDs: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: POLL_MAX_OPTIONS }),
});
export type PollVoteBody = Static<typeof PollVoteBodySchema>;

export const PollPatchBodySchema = Type.Object({ closed: Type.Boolean() });
export type PollPatchBody = Static<typeof PollPatchBodySchema>;
