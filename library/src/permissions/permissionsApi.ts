import type { PermissionsResponse } from "@forum/api/users";
import { apiv2 } from "@library/src/api/apiClient";

export async function getMyPermissions(): Promise<PermissionsResponse> {
  const response = await apiv2.get<PermissionsResponse>("users/$me/permissions", {
    params: { expand: "junctions" },
  });
  return response.data;
}
