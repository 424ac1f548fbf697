import type { PageBootstrap } from "@forum/api/bootstrap";
import type { Me } from "@forum/api/users";
import {
  BOOTSTRAP_ELEMENT_ID,
  GUEST_USER,
  defaultBootstrap,
  resetBootstrap,
} from "@library/src/bootstrap/bootstrap";

/** A signed-in member for tests. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    ...GUEST_USER,
    userID: 2,
    name: "Alice",
    email: "alice@example.com",
    emailConfirmed: true,
    roles: [{ roleID: 8, name: "Member" }],
    roleIDs: [8],
    permissions: ["session.valid"],
    ...overrides,
  };
}

/** Write a bootstrap script into the document, as the server does, and forget the cached one. */
export function installBootstrap(overrides: Partial<PageBootstrap> = {}): PageBootstrap {
  const bootstrap = { ...defaultBootstrap(), ...overrides };
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = JSON.stringify(bootstrap);
  document.head.appendChild(script);
  resetBootstrap();
  return bootstrap;
}

export function removeBootstrap(): void {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  resetBootstrap();
}
