import type { User, UserPatch } from "@forum/api/users";
import { apiv2 } from "@library/src/api/apiClient";

/** `GET /users/{id}`: the view of API.md 4.1 the viewer may see (410 for a deleted user). */
export async function getProfileUser(userID: number): Promise<User> {
  const response = await apiv2.get<User>(`users/${userID}`);
  return response.data;
}

/** `PATCH /users/{id}` with the self-edit fields. */
export async function patchProfileUser(userID: number, body: UserPatch): Promise<User> {
  const response = await apiv2.patch<User>(`users/${userID}`, body);
  return response.data;
}
