import type { UserFragment } from "@forum/api/users";
import { apiv2 } from "@library/src/api/apiClient";
import type { Badge, BadgePatch, BadgePost } from "../../api/badgesApi";

export async function fetchBadges(): Promise<Badge[]> {
  return (await apiv2.get<Badge[]>("badges")).data;
}

export async function createBadge(body: BadgePost): Promise<void> {
  await apiv2.post("badges", body);
}

export async function patchBadge(badgeID: number, body: BadgePatch): Promise<void> {
  await apiv2.patch(`badges/${badgeID}`, body);
}

export async function deleteBadge(badgeID: number): Promise<void> {
  await apiv2.delete(`badges/${badgeID}`);
}

/** The member with exactly this name (any case), or null. */
export async function findMemberByName(name: string): Promise<UserFragment | null> {
  const members = (await apiv2.get<UserFragment[]>("users/by-names", { params: { name, limit: 5 } })).data;
  const wanted = name.toLocaleLowerCase();
  return members.find((member) => member.name.toLocaleLowerCase() === wanted) ?? null;
}

export async function awardBadge(badgeID: number, userID: number, reason: string): Promise<void> {
  await apiv2.post(`badges/${badgeID}/recipients`, { userID, ...(reason ? { reason } : {}) });
}
