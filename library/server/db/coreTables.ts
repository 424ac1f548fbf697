import type { Generated } from "kysely";

/**
 * Tables owned by the server core: accounts, roles and grants, sessions, stored configuration, mail.
 * Dates are stored as ISO-8601 UTC text (`2025-03-14T09:26:53.000Z`) and flags as 0/1 integers on both
 * dialects, so every query and presenter has one code path.
 */
export interface UserTable {
  userID: Generated<number>;
  name: string;
  /** Lower-cased name: the unique key for sign-in and look-ups. */
  nameKey: string;
  email: string;
  emailKey: string;
  password: string | null;
  photo: string | null;
  title: string | null;
  /** Sanitised HTML rendered from `signatureRaw` at write time. */
  signature: string | null;
  /** The signature as the member typed it (Markdown). */
  signatureRaw: string | null;
  /** The member's own words about themself (plain text), shown on the Profile tab. */
  about: string | null;
  dateInserted: string;
  dateUpdated: string | null;
  dateLastActive: string | null;
  emailConfirmed: number;
  confirmationCode: string | null;
  showEmail: number;
  bypassSpam: number;
  banned: number;
  private: number;
  hidden: number;
  deleted: number;
  isAdmin: number;
  points: number;
  countDiscussions: number;
  countComments: number;
  countVisits: number;
  inviteUserID: number | null;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
}

export interface RoleTable {
  roleID: Generated<number>;
  name: string;
  description: string | null;
  type: string | null;
  deletable: number;
  canSession: number;
  personalInfo: number;
  sort: number;
}

export interface UserRoleTable {
  userID: number;
  roleID: number;
}

/** A grant: `resourceType` "global" (resourceID 0) or a resource such as "category" with its id. */
export interface RolePermissionTable {
  roleID: number;
  resourceType: string;
  resourceID: number;
  permission: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  sessionID: string;
  userID: number;
  dateInserted: string;
  dateExpires: string;
  dateLastSeen: string;
  persist: number;
  /** The browser's User-Agent when the session was opened (trimmed). */
  userAgent: string | null;
  ipAddress: string | null;
}

export interface AccessTokenTable {
  accessTokenID: Generated<number>;
  tokenHash: string;
  userID: number;
  name: string;
  dateInserted: string;
  dateExpires: string | null;
}

export interface ConfigValueTable {
  key: string;
  /** JSON text of the value. */
  value: string;
  dateUpdated: string;
  updateUserID: number;
}

export interface MailOutboxTable {
  mailID: Generated<number>;
  to: string;
  subject: string;
  bodyText: string;
  dateInserted: string;
  dateSent: string | null;
  error: string | null;
  /** What caused it (`comment:12`), unique with `to`: a job run again queues nothing twice. */
  sourceKey: string | null;
  /** One-click unsubscribe address (`List-Unsubscribe`), for mail a member can turn off. */
  unsubscribeUrl: string | null;
  /** The HTML part, sent beside `bodyText`; null for plain-text mail. */
  bodyHtml: Generated<string | null>;
}

export interface AuthAttemptTable {
  attemptKey: string;
  dateInserted: string;
}

export interface PasswordResetTable {
  tokenHash: string;
  userID: number;
  dateExpires: string;
}

declare module "./database" {
  interface Database {
    users: UserTable;
    roles: RoleTable;
    userRoles: UserRoleTable;
    rolePermissions: RolePermissionTable;
    sessions: SessionTable;
    accessTokens: AccessTokenTable;
    configValues: ConfigValueTable;
    mailOutbox: MailOutboxTable;
    authAttempts: AuthAttemptTable;
    passwordResets: PasswordResetTable;
  }
}
