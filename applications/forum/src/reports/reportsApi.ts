import type { Report, ReportPost } from "@forum/api/reports";
import { apiv2 } from "@library/src/api/apiClient";

/** `POST /reports`: files the member's report of a post (or updates their earlier one). */
export async function postReport(body: ReportPost): Promise<Report> {
  const response = await apiv2.post<Report>("reports", body);
  return response.data;
}
