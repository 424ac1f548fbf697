import type { Collection, CollectionPost } from "@forum/api/collections";
import { apiv2 } from "@library/src/api/apiClient";

/** Collection calls (SPEC 7, API.md 11). */

export interface CollectionRecordRef {
  recordID: number;
  recordType: string;
}

export async function getCollections(): Promise<Collection[]> {
  return (await apiv2.get<Collection[]>("collections", { params: { limit: 500 } })).data;
}

export async function getCollectionsOf(record: CollectionRecordRef): Promise<Collection[]> {
  return (await apiv2.get<Collection[]>("collections/by-resource", { params: record })).data;
}

/** SPEC 7: the client first sends an empty list, then the real body. */
export async function putCollectionsOf(
  record: CollectionRecordRef,
  collectionIDs: number[],
): Promise<Collection[]> {
  await apiv2.put<Collection[]>("collections/by-resource", { record, collectionIDs: [] });
  return (await apiv2.put<Collection[]>("collections/by-resource", { record, collectionIDs })).data;
}

export async function postCollection(body: CollectionPost): Promise<Collection> {
  return (await apiv2.post<Collection>("collections", body)).data;
}

export async function patchCollectionName(collectionID: number, name: string): Promise<Collection> {
  return (await apiv2.patch<Collection>(`collections/${collectionID}`, { name })).data;
}

export async function deleteCollectionByID(collectionID: number): Promise<void> {
  await apiv2.delete(`collections/${collectionID}`);
}
