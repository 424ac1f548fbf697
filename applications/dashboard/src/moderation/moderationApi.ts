import type {
  ModerationAction,
  ModerationBulk,
  ModerationBulkResult,
  ModerationCounts,
  ModerationItem,
} from "@forum/api/moderationQueue";
import { apiv2 } from "@library/src/api/apiClient";

export const QUEUE_PAGE_SIZE = 30;

export async function fetchQueue(params: Record<string, string | number>): Promise<ModerationItem[]> {
  const response = await apiv2.get<ModerationItem[]>("moderation/items", { params });
  return response.data;
}

export async function fetchQueueCounts(): Promise<ModerationCounts> {
  const response = await apiv2.get<ModerationCounts>("moderation/counts");
  return response.data;
}

export async function actOnItem(itemID: number, action: ModerationAction): Promise<ModerationItem> {
  const response = await apiv2.post<ModerationItem>(`moderation/items/${itemID}/${action}`);
  return response.data;
}

export async function actOnItems(body: ModerationBulk): Promise<ModerationBulkResult> {
  const response = await apiv2.post<ModerationBulkResult>("moderation/items/bulk", body);
  return response.data;
}
