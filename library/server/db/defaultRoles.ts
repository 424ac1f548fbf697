import type { Db } from "./database";

interface DefaultRole {
  name: string;
  type: string | null;
  description: string;
  canSession: boolean;
  deletable: boolean;
  global: string[];
  /** Category-scoped grants; granted globally, so they apply to every category without custom permissions. */
  category: string[];
}

const GUEST_GLOBAL = ["profiles.view", "reactions.view"];
const MEMBER_GLOBAL = [
  ...GUEST_GLOBAL,
  "session.valid",
  "profiles.edit",
  "uploads.add",
  "reactions.positive.add",
  "reactions.negative.add",
  "flag.add",
  "tags.add",
];
const MODERATOR_GLOBAL = [
  ...MEMBER_GLOBAL,
  "community.moderate",
  "curation.manage",
  "personalInfo.view",
  "staff.allow",
];
const MANAGER_GLOBAL = [...MODERATOR_GLOBAL, "community.manage", "schedule.allow", "users.add", "users.edit"];

const MEMBER_CATEGORY = ["discussions.view", "discussions.add", "comments.add"];
const MODERATOR_CATEGORY = [
  ...MEMBER_CATEGORY,
  "discussions.edit",
  "discussions.delete",
  "discussions.announce",
  "discussions.sink",
  "discussions.close",
  "comments.edit",
  "comments.delete",
  "posts.moderate",
];

/** The default roles and grants of API.md 1.10 (the Administrator role passes every check). */
export const DEFAULT_ROLES: DefaultRole[] = [
  {
    name: "Guest",
    type: "guest",
    description: "Visitors who are not signed in.",
    canSession: false,
    deletable: false,
    global: GUEST_GLOBAL,
    category: ["discussions.view"],
  },
  {
    name: "Unconfirmed",
    type: "unconfirmed",
    description: "Members who have not confirmed their email address yet.",
    canSession: true,
    deletable: false,
    global: [...GUEST_GLOBAL, "session.valid", "profiles.edit"],
    category: ["discussions.view"],
  },
  {
    name: "Applicant",
    type: "applicant",
    description: "People who applied for membership.",
    canSession: false,
    deletable: false,
    global: [],
    category: [],
  },
  {
    name: "Member",
    type: "member",
    description: "Signed-in members of the community.",
    canSession: true,
    deletable: false,
    global: MEMBER_GLOBAL,
    category: MEMBER_CATEGORY,
  },
  {
    name: "Moderator",
    type: "moderator",
    description: "Members who moderate the community.",
    canSession: true,
    deletable: true,
    global: MODERATOR_GLOBAL,
    category: MODERATOR_CATEGORY,
  },
  {
    name: "Site Manager",
    type: null,
    description: "Community managers: settings, members and moderation.",
    canSession: true,
    deletable: true,
    global: MANAGER_GLOBAL,
    category: MODERATOR_CATEGORY,
  },
  {
    name: "Administrator",
    type: "administrator",
    description: "Full control of the site.",
    canSession: true,
    deletable: false,
    global: [...MANAGER_GLOBAL, "site.manage", "users.delete", "discussions.closeOwn"],
    category: MODERATOR_CATEGORY,
  },
];

/** Creates the default roles on an empty database; later runs change nothing. */
export async function ensureDefaultRoles(db: Db): Promise<void> {
  const existing = await db.selectFrom("roles").select("roleID").limit(1).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    for (const [index, role] of DEFAULT_ROLES.entries()) {
      const { roleID } = await trx
        .insertInto("roles")
        .values({
          name: role.name,
          type: role.type,
          description: role.description,
          canSession: role.canSession ? 1 : 0,
          deletable: role.deletable ? 1 : 0,
          personalInfo: 0,
          sort: index,
        })
        .returning("roleID")
        .executeTakeFirstOrThrow();
      const names = [...new Set([...role.global, ...role.category])];
      if (names.length > 0) {
        await trx
          .insertInto("rolePermissions")
          .values(names.map((permission) => ({ roleID, resourceType: "global", resourceID: 0, permission })))
          .execute();
      }
    }
  });
}

export async function roleIDsByType(db: Db, type: string): Promise<number[]> {
  const rows = await db.selectFrom("roles").select("roleID").where("type", "=", type).execute();
  return rows.map((row) => row.roleID);
}
