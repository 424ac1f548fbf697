import { Type, type Static } from "@sinclair/typebox";

/** The ideation add-on's contract, kept with it so the add-on stays removable. */

/** SPEC 9: the built-in suggestion statuses; administrators add their own. */
export const BUILT_IN_IDEA_STATUSES = { pending: 0, accepted: 1, rejected: 2 } as const;

export const IdeaStatusSchema = Type.Object({
  statusID: Type.Integer(),
  name: Type.String(),
  /** `#rrggbb`. */
  color: Type.String(),
  /** `open` ideas still take votes; `closed` ones (accepted, rejected…) are decided. */
  state: Type.Union([Type.Literal("open"), Type.Literal("closed")]),
  builtIn: Type.Boolean(),
});
export type IdeaStatus = Static<typeof IdeaStatusSchema>;

export const IdeaStatusPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  color: Type.String({ pattern: "^#[0-9a-fA-F]{6}$" }),
  state: Type.Optional(Type.Union([Type.Literal("open"), Type.Literal("closed")])),
});
export type IdeaStatusPost = Static<typeof IdeaStatusPostSchema>;
export const IdeaStatusPatchSchema = Type.Partial(IdeaStatusPostSchema);

export const IdeaSchema = Type.Object({
  discussionID: Type.Integer(),
  score: Type.Integer(),
  countUp: Type.Integer(),
  countDown: Type.Integer(),
  /** 1, -1, or 0 when the viewer has not voted. */
  myVote: Type.Integer(),
  status: IdeaStatusSchema,
  statusNotes: Type.String(),
  canVote: Type.Boolean(),
  canSetStatus: Type.Boolean(),
});
export type Idea = Static<typeof IdeaSchema>;

export const IdeaParamsSchema = Type.Object({ discussionID: Type.Integer({ minimum: 1 }) });
export const IdeaStatusParamsSchema = Type.Object({ statusID: Type.Integer({ minimum: 0 }) });
export const IdeaVoteBodySchema = Type.Object({
  value: Type.Union([Type.Literal(1), Type.Literal(-1)]),
});
export const IdeaStatusBodySchema = Type.Object({
  statusID: Type.Integer({ minimum: 0 }),
  statusNotes: Type.Optional(Type.String({ maxLength: 500 })),
});
