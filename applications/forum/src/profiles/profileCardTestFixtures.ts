import type { User } from "@forum/api/users";
import type { PermissionsResponse } from "@forum/api/users";
import { installBootstrap, makeMe } from "@library/src/testing/bootstrapFixture";

/** A member's public profile view, as `GET /users/{id}` answers another member. */
export function publicUser(overrides: Partial<User> = {}): User {
  return {
    userID: 5,
    name: "Bob",
    photoUrl: "https://images.example.com/bob.png",
    url: "/profile/Bob",
    banned: 0,
    private: false,
    title: "Chief Tester",
    dateInserted: "2024-01-02T10:00:00+00:00",
    dateLastActive: "2024-06-01T10:00:00+00:00",
    countDiscussions: 12,
    countComments: 1234,
    countPosts: 1246,
    ...overrides,
  };
}

/** The restricted view (API.md 4.1 private profile view). */
export function privateUser(overrides: Partial<User> = {}): User {
  return {
    userID: 5,
    name: "Bob",
    photoUrl: "https://images.example.com/bob.png",
    url: "/profile/Bob",
    banned: 0,
    private: true,
    ...overrides,
  };
}

export function grants(names: readonly string[]): PermissionsResponse {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [
      { type: "global", id: null, permissions: Object.fromEntries(names.map((name) => [name, true])) },
    ],
  };
}

/** A signed-in member (Alice, id 2) who may start conversations, on a site with them enabled. */
export function installMemberBootstrap(
  options: { permissions?: readonly string[]; config?: Record<string, unknown>; userID?: number } = {},
): void {
  installBootstrap({
    currentUser: makeMe(options.userID === undefined ? {} : { userID: options.userID }),
    permissions: grants(options.permissions ?? ["session.valid", "profiles.view", "conversations.add"]),
    config: { "context.conversationsEnabled": true, "ui.bannedPrivateProfile": false, ...options.config },
  });
}
