import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID } from "@forum/api/common";
import { StringEnum, UserFragmentSchema } from "@forum/api/users";

/** Groups, their members and invitations (API.md 27 for invitations; the rest follows the house style). */

export const GROUP_PRIVACIES = ["public", "private", "secret"] as const;
export type GroupPrivacy = (typeof GROUP_PRIVACIES)[number];
export const GROUP_ROLES = ["leader", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** Most invitees (member ids and addresses together) in one call (API.md 27). */
export const MAX_INVITEES = 100;
export const GROUP_NAME_MAX_LENGTH = 100;

export const GroupSchema = Type.Object({
  groupID: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  privacy: StringEnum(GROUP_PRIVACIES),
  url: Type.String(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: Type.Union([DateTime, Type.Null()]),
  countMembers: Type.Integer(),
  countDiscussions: Type.Integer(),
  /** The viewer's place: a member's role, a pending request or invitation, or none. */
  viewerStatus: StringEnum(["leader", "member", "requested", "invited", "none"] as const),
});
export type Group = Static<typeof GroupSchema>;

export const GroupListQuerySchema = Type.Object({
  /** Only the groups this member belongs to. */
  memberUserID: Type.Optional(ID),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type GroupListQuery = Static<typeof GroupListQuerySchema>;

export const GroupPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX_LENGTH }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  privacy: StringEnum(GROUP_PRIVACIES),
});
export type GroupPost = Static<typeof GroupPostSchema>;

export const GroupPatchSchema = Type.Partial(GroupPostSchema, { minProperties: 1 });
export type GroupPatch = Static<typeof GroupPatchSchema>;

export const GroupIDParamsSchema = Type.Object({ id: ID });
export const GroupMemberParamsSchema = Type.Object({ id: ID, userID: ID });

export const GroupMemberSchema = Type.Object({
  userID: Type.Integer(),
  role: StringEnum(GROUP_ROLES),
  dateInserted: DateTime,
  user: UserFragmentSchema,
});
export type GroupMember = Static<typeof GroupMemberSchema>;

export const GroupMemberPatchSchema = Type.Object({ role: StringEnum(GROUP_ROLES) });

export const GroupRequestSchema = Type.Object({
  userID: Type.Integer(),
  dateInserted: DateTime,
  user: UserFragmentSchema,
});

export const GroupRequestDecisionSchema = Type.Object({
  status: StringEnum(["approved", "declined"] as const),
});

/** What `POST /groups/{id}/join` did: joined at once, or asked a leader. */
export const JoinResultSchema = Type.Object({
  status: StringEnum(["member", "requested"] as const),
});

export const InvitationPostSchema = Type.Object({
  userIDs: Type.Optional(Type.Array(ID, { maxItems: MAX_INVITEES })),
  emails: Type.Optional(
    Type.Array(Type.String({ format: "email", maxLength: 200 }), { maxItems: MAX_INVITEES }),
  ),
});
export type InvitationPost = Static<typeof InvitationPostSchema>;

export const InviteeSchema = Type.Object({
  userID: Type.Optional(Type.Integer()),
  email: Type.Optional(Type.String()),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
});
export type Invitee = Static<typeof InviteeSchema>;

/** Accepting or declining: a member's own invitation, or an address's by the token of its join link. */
export const InvitationAnswerSchema = Type.Object({
  status: StringEnum(["accepted", "declined"] as const),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const GroupDiscussionSchema = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  countComments: Type.Integer(),
});

/** The path of a group's page: `/groups/{id}-{slug}`. */
export function groupUrl(groupID: number, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `/groups/${groupID}-${encodeURIComponent(slug || "group")}`;
}
