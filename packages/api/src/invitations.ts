import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID, Nullable } from "./common";
import { StringEnum, UserFragmentSchema } from "./users";

/** Where an invitation stands: waiting for the invitee, used to register, or past its date. */
export const INVITATION_STATUSES = ["pending", "accepted", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** At most this many addresses in one `POST /invitations`. */
export const MAX_INVITATIONS_PER_REQUEST = 100;

/** An invitation to register (`GET /invitations`). The code itself is only ever in the mail. */
export const InvitationSchema = Type.Object({
  invitationID: Type.Integer(),
  email: Type.String(),
  status: StringEnum(INVITATION_STATUSES),
  insertUserID: Type.Integer(),
  insertUser: UserFragmentSchema,
  dateInserted: DateTime,
  dateExpires: DateTime,
  acceptedUserID: Nullable(Type.Integer()),
  acceptedUser: Nullable(UserFragmentSchema),
  dateAccepted: Nullable(DateTime),
});
export type Invitation = Static<typeof InvitationSchema>;

/** `POST /invitations`: addresses to invite; each gets a mail with a registration link. */
export const InvitationPostSchema = Type.Object({
  emails: Type.Array(Type.String({ maxLength: 100 }), {
    minItems: 1,
    maxItems: MAX_INVITATIONS_PER_REQUEST,
  }),
  /** A few words added to the mail. */
  message: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type InvitationPost = Static<typeof InvitationPostSchema>;

/** What `POST /invitations` did: the invitations made, and the addresses skipped (members, already invited). */
export const InvitationPostResultSchema = Type.Object({
  invitations: Type.Array(InvitationSchema),
  skipped: Type.Array(Type.Object({ email: Type.String(), reason: StringEnum(["member", "invited"]) })),
});
export type InvitationPostResult = Static<typeof InvitationPostResultSchema>;

export const InvitationListQuerySchema = Type.Object({
  status: Type.Optional(StringEnum(INVITATION_STATUSES)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type InvitationListQuery = Static<typeof InvitationListQuerySchema>;

export const InvitationIDParamsSchema = Type.Object({ id: ID });
