import type { Me } from "@forum/api/users";
import { apiv2 } from "@library/src/api/apiClient";

export async function getMe(): Promise<Me> {
  const response = await apiv2.get<Me>("users/me");
  return response.data;
}
