import { Type, type Static } from "@sinclair/typebox";

/** The analytics add-on's contract (API.md 25 and 26), kept with it so the add-on stays removable. */

export const TICK_TYPES = [
  "page_view",
  "discussion_view",
  "kb_view",
  "kb_article_view",
  "kb_category_view",
  "externalNavigation",
  "search",
] as const;
export type TickType = (typeof TICK_TYPES)[number];

const ContextID = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 100 })]);

export const TickBodySchema = Type.Object({
  type: Type.Union(TICK_TYPES.map((type) => Type.Literal(type))),
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  referrer: Type.Optional(Type.String({ maxLength: 2000 })),
  discussionID: Type.Optional(ContextID),
  categoryID: Type.Optional(ContextID),
  siteSectionID: Type.Optional(ContextID),
  groupID: Type.Optional(ContextID),
  eventID: Type.Optional(ContextID),
  destinationUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  domain: Type.Optional(Type.String({ maxLength: 100 })),
  searchResults: Type.Optional(Type.Integer({ minimum: 0 })),
  searchQuery: Type.Optional(
    Type.Object({
      terms: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
      negativeTerms: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
      originalQuery: Type.Optional(Type.String({ maxLength: 500 })),
    }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type TickBody = Static<typeof TickBodySchema>;

export const TickResponseSchema = Type.Object({
  didTrack: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type TickResponse = Static<typeof TickResponseSchema>;

export const AnonymizeDataSchema = Type.Union([Type.Literal("1"), Type.Literal("0"), Type.Literal("-1")]);
export type AnonymizeData = Static<typeof AnonymizeDataSchema>;
export const AnalyticsPrivacySchema = Type.Object({ AnonymizeData: AnonymizeDataSchema });
export type AnalyticsPrivacy = Static<typeof AnalyticsPrivacySchema>;

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

export const AnalyticsReportQuerySchema = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  userID: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type AnalyticsReportQuery = Static<typeof AnalyticsReportQuerySchema>;

export const AnalyticsDaySchema = Type.Object({
  date: Day,
  views: Type.Integer(),
  visitors: Type.Integer(),
  posts: Type.Integer(),
  activeMembers: Type.Integer(),
});
export type AnalyticsDay = Static<typeof AnalyticsDaySchema>;

export const AnalyticsReportSchema = Type.Object({
  from: Day,
  to: Day,
  days: Type.Array(AnalyticsDaySchema),
  topDiscussions: Type.Array(
    Type.Object({
      discussionID: Type.Integer(),
      name: Type.String(),
      url: Type.String(),
      views: Type.Integer(),
    }),
  ),
  searchesWithoutResults: Type.Array(Type.Object({ terms: Type.String(), count: Type.Integer() })),
  /** Views recorded under the member named by `userID`, when the query names one. */
  memberViews: Type.Optional(Type.Integer()),
});
export type AnalyticsReport = Static<typeof AnalyticsReportSchema>;
