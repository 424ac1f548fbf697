import type { InvitationPost, Invitee } from "../../api/groupsApi";
import type { UserFragment } from "@forum/api/users";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls of the groups add-on, over the shared `apiv2` instance. */

export async function postInvitations(groupID: number, body: InvitationPost): Promise<Invitee[]> {
  const response = await apiv2.post<Invitee[]>(`groups/${groupID}/invitations`, body);
  return response.data;
}

/** The member of exactly this name (case-insensitive), or null. */
export async function findUserByName(name: string): Promise<UserFragment | null> {
  const response = await apiv2.get<UserFragment[]>("users/by-names", { params: { name, limit: 5 } });
  return response.data.find((user) => user.name.toLowerCase() === name.toLowerCase()) ?? null;
}

export async function postGroupDiscussion(body: {
  name: string;
  body: string;
  format: "markdown";
  categoryID: number;
  groupID: number;
}): Promise<{ discussionID: number; url: string }> {
  const response = await apiv2.post<{ discussionID: number; url: string }>("discussions", body);
  return response.data;
}
