import type { LayoutQuery, LayoutResponse } from "@forum/api/layouts";
import { apiv2 } from "@library/src/api/apiClient";

export async function fetchLayout(query: LayoutQuery): Promise<LayoutResponse> {
  const response = await apiv2.get<LayoutResponse>("layouts/lookup-hydrate", {
    params: {
      layoutViewType: query.layoutViewType,
      recordType: query.recordType,
      recordID: query.recordID,
      params: query.params,
    },
  });
  return response.data;
}
