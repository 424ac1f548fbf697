import { apiv2 } from "@library/src/api/apiClient";
import type { AnalyticsReport } from "../../api/analyticsApi";

export async function fetchAnalyticsReport(from: string, to: string): Promise<AnalyticsReport> {
  return (await apiv2.get<AnalyticsReport>("analytics/report", { params: { from, to } })).data;
}
