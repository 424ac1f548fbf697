import { Type, type Static, type TUnsafe } from "@sinclair/typebox";
import { DateTime, Nullable } from "./common";

/**
 * Nullable for request schemas: `null` first. The server's Ajv coerces types, and with the value schema
 * first (`Nullable`) it turns `null` into `0` or `""` before trying the null branch.
 */

/** UserFragment (API.md 2.1): embedded wherever a record names a user. */
export const UserFragmentSchema = Type.Object({
  userID: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  photoUrl: Type.String(),
  url: Type.String(),
  dateLastActive: Nullable(DateTime),
  title: Type.Optional(Nullable(Type.String())),
  banned: Type.Integer({ minimum: 0, maximum: 1 }),
  private: Type.Boolean(),
  label: Type.Optional(Type.String()),
  labelHtml: Type.Optional(Type.String()),
  /** DECISION: the staff role (administrator or moderator type) shown beside the name on posts, where loaded. */
  roleBadge: Type.Optional(Type.String()),
});
export type UserFragment = Static<typeof UserFragmentSchema>;

export const RoleFragmentSchema = Type.Object({ roleID: Type.Integer(), name: Type.String() });

/**
 * User (API.md 4.1). The full record carries every field; the public and private profile views are
 * subsets, so the fields beyond the private view are optional here.
 */
export const UserSchema = Type.Object({
  userID: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  photoUrl: Type.String(),
  url: Type.String(),
  banned: Type.Integer({ minimum: 0, maximum: 1 }),
  private: Type.Boolean(),
  email: Type.Optional(Nullable(Type.String())),
  dateInserted: Type.Optional(DateTime),
  dateLastActive: Type.Optional(Nullable(DateTime)),
  dateUpdated: Type.Optional(Nullable(DateTime)),
  /** Moderators only: when the member may post again (null: not muted). */
  dateMutedUntil: Type.Optional(Nullable(DateTime)),
  points: Type.Optional(Type.Integer()),
  emailConfirmed: Type.Optional(Type.Boolean()),
  showEmail: Type.Optional(Type.Boolean()),
  bypassSpam: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  roles: Type.Optional(Type.Array(RoleFragmentSchema)),
  title: Type.Optional(Nullable(Type.String())),
  /** DECISION: what the member wrote about themself (plain text; public and full views). */
  about: Type.Optional(Nullable(Type.String())),
  label: Type.Optional(Type.String()),
  labelHtml: Type.Optional(Type.String()),
  countDiscussions: Type.Optional(Type.Integer()),
  countComments: Type.Optional(Type.Integer()),
  countPosts: Type.Optional(Type.Integer()),
  countVisits: Type.Optional(Type.Integer()),
  inviteUserID: Type.Optional(Nullable(Type.Integer())),
  signature: Type.Optional(Type.Object({ body: Type.String() })),
  insertIPAddress: Type.Optional(Nullable(Type.String())),
  lastIPAddress: Type.Optional(Nullable(Type.String())),
  isAdmin: Type.Optional(Type.Boolean()),
  isSysAdmin: Type.Optional(Type.Boolean()),
  isSuperAdmin: Type.Optional(Type.Boolean()),
});
export type User = Static<typeof UserSchema>;

/** `GET /users/me` (API.md 4.1 "Me"); a guest gets userID 0 and the defaults of SPEC 3. */
export const MeSchema = Type.Object({
  userID: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  photoUrl: Type.String(),
  url: Type.String(),
  email: Nullable(Type.String()),
  emailConfirmed: Type.Boolean(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  dateLastActive: Nullable(DateTime),
  points: Type.Integer(),
  banned: Type.Integer({ minimum: 0, maximum: 1 }),
  private: Type.Boolean(),
  showEmail: Type.Boolean(),
  bypassSpam: Type.Boolean(),
  roles: Type.Array(RoleFragmentSchema),
  roleIDs: Type.Array(Type.Integer()),
  permissions: Type.Array(Type.String()),
  isAdmin: Type.Boolean(),
  isSysAdmin: Type.Boolean(),
  isSuperAdmin: Type.Boolean(),
  countUnreadNotifications: Type.Integer(),
  /**
   * Every running menu counter by its declared name (`UnreadNotifications`, …): what the badges read. Counters
   * their owner declares `onMe` are also fields `count<name>` (API.md 4.1), added to this schema at declaration.
   */
  counts: Type.Record(Type.String(), Type.Integer()),
  countDiscussions: Type.Integer(),
  countComments: Type.Integer(),
  title: Nullable(Type.String()),
  signature: Type.Object({ body: Type.String() }),
});
export type Me = Static<typeof MeSchema>;

export const MeCountsSchema = Type.Object({
  counts: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
});
export type MeCounts = Static<typeof MeCountsSchema>;

/** One grant set: the global one (id null) or one per resource with custom permissions (API.md 4.2). */
export const PermissionFragmentSchema = Type.Object({
  type: Type.String(),
  id: Nullable(Type.Integer()),
  permissions: Type.Record(Type.String(), Type.Boolean()),
});
export type PermissionFragment = Static<typeof PermissionFragmentSchema>;

export const PermissionsResponseSchema = Type.Object({
  isAdmin: Type.Boolean(),
  isSysAdmin: Type.Boolean(),
  isSuperAdmin: Type.Boolean(),
  permissions: Type.Array(PermissionFragmentSchema),
  junctions: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Integer()))),
  junctionAliases: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()))),
});
export type PermissionsResponse = Static<typeof PermissionsResponseSchema>;

export const SignInBodySchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 100 }),
  persist: Type.Optional(Type.Boolean({ default: false })),
  /** The authenticator code (or a recovery code) when the account has two-factor authentication on. */
  twoFactorCode: Type.Optional(Type.String({ maxLength: 20 })),
});
export type SignInBody = Static<typeof SignInBodySchema>;

export const RegisterBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  email: Type.String({ format: "email", maxLength: 100 }),
  password: Type.String({ minLength: 8, maxLength: 100 }),
  discoveryText: Type.Optional(Type.String({ maxLength: 1000 })),
  captchaToken: Type.Optional(Type.String()),
  /** **DECISION**: the code of an invitation's link; required when the registration method is `invitation`. */
  invitationCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const RegisterResultSchema = Type.Object({
  userID: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});

export const UserPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  email: Type.String({ format: "email", maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 100 }),
  emailConfirmed: Type.Optional(Type.Boolean({ default: true })),
  bypassSpam: Type.Optional(Type.Boolean({ default: false })),
  sendWelcomeEmail: Type.Optional(Type.Boolean({ default: true })),
  showEmail: Type.Optional(Type.Boolean({ default: false })),
  photo: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  roleID: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  private: Type.Optional(Type.Boolean({ default: false })),
});
export type UserPost = Static<typeof UserPostSchema>;

/** Most characters a member's About text may have. */
export const USER_ABOUT_MAX_LENGTH = 1000;

export const UserPatchSchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  email: Type.Optional(Type.String({ format: "email", maxLength: 100 })),
  showEmail: Type.Optional(Type.Boolean()),
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 100 })),
  passwordConfirmation: Type.Optional(Type.String({ maxLength: 100 })),
  private: Type.Optional(Type.Boolean()),
  photo: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  title: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** DECISION: plain text about the member, shown on the Profile tab. Empty or null clears it. */
  about: Type.Optional(Nullable(Type.String({ maxLength: USER_ABOUT_MAX_LENGTH }))),
  /** Markdown; rendered to sanitised HTML on save. Empty or null clears it. */
  signature: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  emailConfirmed: Type.Optional(Type.Boolean()),
  bypassSpam: Type.Optional(Type.Boolean()),
  resetPassword: Type.Optional(Type.Literal(true)),
  roleID: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  banned: Type.Optional(Type.Boolean()),
});
export type UserPatch = Static<typeof UserPatchSchema>;

/** A string limited to a list of values: one `enum` keyword, so a bad value gives one validation error. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { default?: T[number] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

/** `POST /users/request-password`: an email or a user name. */
export const RequestPasswordBodySchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 100 }),
});
export type RequestPasswordBody = Static<typeof RequestPasswordBodySchema>;

/** `POST /users/password-reset` (DECISION: the JSON call behind the reset-password page). */
export const PasswordResetBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ minLength: 8, maxLength: 100 }),
});
export type PasswordResetBody = Static<typeof PasswordResetBodySchema>;

export const PasswordResetResultSchema = Type.Object({ userID: Type.Integer() });

export const ConfirmEmailBodySchema = Type.Object({
  confirmationCode: Type.String({ minLength: 1, maxLength: 200 }),
});
export type ConfirmEmailBody = Static<typeof ConfirmEmailBodySchema>;

export const ConfirmEmailResultSchema = Type.Object({
  userID: Type.Integer(),
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
});
export type ConfirmEmailResult = Static<typeof ConfirmEmailResultSchema>;

/** A path segment that takes a user id; the server has already replaced `$me` with the session user's id. */
export const UserIDParamsSchema = Type.Object({ id: Type.Integer({ minimum: 0 }) });

export const UserExpandSchema = Type.Array(
  StringEnum(["all", "rank", "reactionsReceived", "signature", "profileFields"]),
);

export const PermissionsQuerySchema = Type.Object({
  expand: Type.Optional(Type.Array(StringEnum(["junctions", "all"]))),
});

export const UsersByNamesQuerySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  order: Type.Optional(
    StringEnum(["name", "countComments", "dateLastActive", "mention"], { default: "name" }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type UsersByNamesQuery = Static<typeof UsersByNamesQuerySchema>;

export const USER_SORTS = [
  "dateInserted",
  "dateLastActive",
  "name",
  "userID",
  "points",
  "countPosts",
] as const;

export const UserListQuerySchema = Type.Object({
  roleID: Type.Optional(Type.Integer({ minimum: 1 })),
  roleIDs: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  isBanned: Type.Optional(Type.Boolean()),
  /** Range expression: `5`, `1,2,3`, `1..10`, `>5`, `<=5`. */
  userID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  sort: Type.Optional(
    StringEnum([...USER_SORTS, ...USER_SORTS.map((sort) => `-${sort}` as const)], { default: "userID" }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 30 })),
  expand: Type.Optional(UserExpandSchema),
});
export type UserListQuery = Static<typeof UserListQuerySchema>;

export const UserGetQuerySchema = Type.Object({ expand: Type.Optional(UserExpandSchema) });

/** `PUT /users/{id}/ban`; with `banned: true`, an optional reason and a length in days (none: until unbanned). */
export const BanBodySchema = Type.Object({
  banned: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
});
export type BanBody = Static<typeof BanBodySchema>;

export const BanResultSchema = Type.Object({
  banned: Type.Boolean(),
  reason: Type.Optional(Nullable(Type.String())),
  /** When the ban ends by itself (null: until unbanned). */
  dateExpires: Type.Optional(Nullable(Type.String())),
});
export type BanResult = Static<typeof BanResultSchema>;

export const DeleteUserBodySchema = Type.Object({
  deleteMethod: Type.Optional(StringEnum(["keep", "wipe", "delete"], { default: "delete" })),
});
export type DeleteMethod = "keep" | "wipe" | "delete";
