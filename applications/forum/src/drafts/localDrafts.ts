import type { DraftAttributes, DraftRecordType } from "@forum/api/drafts";

/** A draft as kept in this browser (SPEC 4): by its server id once it has one, else by the editor's path. */
export interface LocalDraft {
  draftID?: number;
  recordType: DraftRecordType;
  parentRecordType: "category" | "discussion" | "comment" | null;
  parentRecordID: number | null;
  recordID?: number | null;
  attributes: DraftAttributes & { lastSaved: string };
  /**
   * The server holds exactly this copy (it came from there, or was pushed and not changed since). Should the
   * server copy then be gone, it was posted or discarded, perhaps in another browser: this copy goes too.
   */
  synced?: boolean;
}

const PREFIX = "forum.draft.";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keys are per member, so a shared browser never shows one member's draft to another. */
const entryKey = (userID: number, key: string) => `${PREFIX}${userID}.${key}`;
const idKey = (draftID: number) => `id:${draftID}`;
const pathKey = (path: string) => `path:${path}`;
const refKey = (path: string) => `ref:${path}`;

function read(userID: number, key: string): LocalDraft | undefined {
  const text = storage()?.getItem(entryKey(userID, key));
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as LocalDraft;
    return value && typeof value === "object" && value.attributes ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(userID: number, key: string, value: string): void {
  try {
    storage()?.setItem(entryKey(userID, key), value);
  } catch {
    // Storage full or disabled: the server copy is all there is.
  }
}

/** The editor's local draft: under its server id when the path points to one, else under the path. */
export function loadLocalDraft(userID: number, path: string): LocalDraft | undefined {
  const ref = Number(storage()?.getItem(entryKey(userID, refKey(path))));
  if (Number.isInteger(ref) && ref > 0) {
    const byID = read(userID, idKey(ref));
    if (byID) return byID;
  }
  return read(userID, pathKey(path));
}

/** Stores the draft; once it has a server id it moves from the path key to the id key (re-keyed). */
export function saveLocalDraft(userID: number, path: string, draft: LocalDraft): void {
  const text = JSON.stringify(draft);
  if (draft.draftID) {
    write(userID, idKey(draft.draftID), text);
    write(userID, refKey(path), String(draft.draftID));
    storage()?.removeItem(entryKey(userID, pathKey(path)));
  } else {
    write(userID, pathKey(path), text);
  }
}

/** Forgets the editor's local draft (path key, id key and the pointer between them). */
export function removeLocalDraft(userID: number, path: string, draftID?: number): void {
  const store = storage();
  if (!store) return;
  const ref = Number(store.getItem(entryKey(userID, refKey(path))));
  for (const id of [draftID, ref])
    if (id && Number.isInteger(id)) store.removeItem(entryKey(userID, idKey(id)));
  store.removeItem(entryKey(userID, refKey(path)));
  store.removeItem(entryKey(userID, pathKey(path)));
}

/** Forgets a draft by id wherever it is referenced (the drafts page deleting it). */
export function removeLocalDraftByID(userID: number, draftID: number): void {
  const store = storage();
  if (!store) return;
  store.removeItem(entryKey(userID, idKey(draftID)));
  const prefix = entryKey(userID, "ref:");
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (key?.startsWith(prefix) && store.getItem(key) === String(draftID)) store.removeItem(key);
  }
}
