import { useCallback, useEffect, useRef, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { Draft, DraftAttributes, DraftEdit } from "@forum/api/drafts";
import { DRAFT_AUTOSAVE_MS, DRAFT_FETCH_TIMEOUT_MS, DRAFT_UPDATE_THROTTLE_MS } from "./draftConstants";
import { deleteDraft, getDraftEdit, patchDraft, postDraft } from "./draftsApi";
import { loadLocalDraft, removeLocalDraft, saveLocalDraft, type LocalDraft } from "./localDrafts";

export interface DraftTarget {
  /** The signed-in member (local drafts are kept per member). */
  userID: number;
  /** The editor's key until the server assigns an id (SPEC 4). */
  path: string;
  recordType: LocalDraft["recordType"];
  parentRecordType: LocalDraft["parentRecordType"];
  parentRecordID: number | null;
  /** A server draft to open (the drafts page's edit link). */
  draftID?: number;
  /** Finds this editor's server draft when the local one names none (another browser, cleared storage). */
  findOnServer?: () => Promise<Draft | undefined>;
  /** Off for guests and read-only editors: no draft is loaded or kept (default true). */
  enabled?: boolean;
}

export type DraftContent = Omit<DraftAttributes, "lastSaved">;

export interface DraftHandle {
  /** False until the local and server copies have been compared. */
  ready: boolean;
  /** The draft to open the editor with (undefined: none). */
  draft: LocalDraft | undefined;
  /** Changes not yet on the server. */
  unsynced: boolean;
  update(content: DraftContent): void;
  /** Deletes the draft locally and, if it is on the server, there. */
  remove(): Promise<void>;
  /**
   * Saves the draft on the server as scheduled for `dateScheduled` (ISO) and lets go of the local copy: the
   * server publishes it. Rejects with the API error (e.g. a date too soon), keeping the draft as it was.
   */
  schedule(dateScheduled: string): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      window.setTimeout(() => reject(new Error("Timed out")), DRAFT_FETCH_TIMEOUT_MS),
    ),
  ]);
}

function lastSavedOf(attributes: Record<string, unknown>): string {
  return typeof attributes.lastSaved === "string" ? attributes.lastSaved : "";
}

function fromServer(target: DraftTarget, server: DraftEdit): LocalDraft {
  const attributes = server.attributes as LocalDraft["attributes"];
  return {
    draftID: server.draftID,
    recordType: target.recordType,
    parentRecordType: target.parentRecordType,
    parentRecordID: target.parentRecordID,
    recordID: server.recordID,
    attributes: { ...attributes, lastSaved: lastSavedOf(attributes) },
    synced: true,
  };
}

/** A comment draft needs a body (SPEC 5); others any content. */
function isPostable(draft: LocalDraft): boolean {
  if (draft.recordType === "comment" && !draft.attributes.body) {
    console.error("Invalid draft, no body content");
    return false;
  }
  return true;
}

/**
 * The SPEC 4 draft lifecycle for one editor: a local draft (by path until the server gives an id, then by id),
 * compared with the server copy on open (the newer wins; a newer local one is pushed), saved locally at most
 * once a second and to the server once it has been stable 5 s with no request running; `remove` deletes both.
 */
export function useDraft(target: DraftTarget): DraftHandle {
  const { userID, path } = target;
  const targetRef = useRef(target);
  targetRef.current = target;
  const [ready, setReady] = useState(target.enabled === false);
  const [draft, setDraft] = useState<LocalDraft | undefined>(undefined);
  const [unsynced, setUnsynced] = useState(false);
  const current = useRef<LocalDraft | undefined>(undefined);
  const inFlight = useRef(0);
  const autosaveTimer = useRef<number | undefined>(undefined);
  const localTimer = useRef<number | undefined>(undefined);
  const lastLocalSave = useRef(0);
  const version = useRef(0);

  const saveLocalNow = useCallback(() => {
    window.clearTimeout(localTimer.current);
    localTimer.current = undefined;
    lastLocalSave.current = Date.now();
    if (current.current) saveLocalDraft(userID, path, current.current);
  }, [userID, path]);

  const push = useCallback(async () => {
    const pushed = current.current;
    if (!pushed || !isPostable(pushed)) return;
    const pushedVersion = version.current;
    inFlight.current += 1;
    try {
      if (pushed.draftID) {
        await patchDraft(pushed.draftID, { attributes: pushed.attributes });
      } else {
        const created = await postDraft({
          recordType: pushed.recordType,
          parentRecordType: pushed.parentRecordType,
          parentRecordID: pushed.parentRecordID,
          ...(pushed.recordID ? { recordID: pushed.recordID } : {}),
          attributes: pushed.attributes,
        });
        // Removed (posted or discarded) while this was on its way: the server copy goes too.
        if (!current.current) {
          await deleteDraft(created.draftID);
          return;
        }
        // Re-keyed: from the path to the id the server gave.
        current.current = { ...current.current, draftID: created.draftID };
        saveLocalNow();
      }
      if (version.current === pushedVersion) {
        setUnsynced(false);
        if (current.current) {
          current.current = { ...current.current, synced: true };
          saveLocalNow();
        }
      }
    } catch (error) {
      console.error(pushed.draftID ? "Error updating draft" : "Error autosaving draft", error);
    } finally {
      inFlight.current -= 1;
    }
  }, [saveLocalNow]);

  const armAutosave = useCallback(
    (delay = DRAFT_AUTOSAVE_MS) => {
      window.clearTimeout(autosaveTimer.current);
      if (targetRef.current.enabled === false) return;
      autosaveTimer.current = window.setTimeout(() => {
        // Only when no request is running; otherwise look again in a second.
        if (inFlight.current > 0) armAutosave(DRAFT_UPDATE_THROTTLE_MS);
        else void push();
      }, delay);
    },
    [push],
  );

  // Open: the local copy and the server copy, the newer wins.
  useEffect(() => {
    let cancelled = false;
    if (target.enabled === false) {
      setReady(true);
      return;
    }
    const open = async () => {
      const local = loadLocalDraft(userID, path);
      const wanted = targetRef.current.draftID ?? local?.draftID;
      let server: DraftEdit | undefined;
      let fetchFailed = false;
      let gone = false;
      inFlight.current += 1;
      try {
        if (wanted) server = await withTimeout(getDraftEdit(wanted));
        else if (targetRef.current.findOnServer) server = await withTimeout(targetRef.current.findOnServer());
      } catch (error) {
        // 404 for a copy the server held as it is here: posted or discarded (perhaps in another browser), so this
        // browser's copy goes too. A copy with changes the server never saw is pushed as new (below).
        gone = toApiError(error).status === 404 && local?.synced === true && local.draftID === wanted;
        fetchFailed = !gone;
        if (!gone) console.error("Error fetching draft from server", error);
      } finally {
        inFlight.current -= 1;
      }
      if (cancelled) return;
      let chosen = gone ? undefined : local;
      let needsPush = false;
      if (gone) {
        removeLocalDraft(userID, path);
      } else if (server) {
        const sameDraft = !local?.draftID || local.draftID === server.draftID;
        if (local && sameDraft && local.attributes.lastSaved > lastSavedOf(server.attributes)) {
          chosen = { ...local, draftID: server.draftID, synced: false };
          needsPush = true;
        } else {
          chosen = fromServer(targetRef.current, server);
        }
      } else if (local && (fetchFailed || wanted)) {
        // The server copy is gone or unreachable: push the local one as new.
        chosen = { ...local, draftID: undefined, synced: false };
        needsPush = true;
      } else if (local && !local.draftID) {
        needsPush = true;
      }
      current.current = chosen;
      if (chosen) saveLocalNow();
      setDraft(chosen);
      setReady(true);
      if (needsPush) {
        setUnsynced(true);
        void push();
      }
    };
    void open();
    return () => {
      cancelled = true;
    };
  }, [userID, path, target.enabled, push, saveLocalNow]);

  // Keep the last keystrokes when the page goes away, and stop the timers with the editor.
  useEffect(() => {
    const flush = () => {
      if (localTimer.current !== undefined) saveLocalNow();
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
      window.clearTimeout(autosaveTimer.current);
    };
  }, [saveLocalNow]);

  const update = useCallback(
    (content: DraftContent) => {
      const editor = targetRef.current;
      version.current += 1;
      current.current = {
        draftID: current.current?.draftID,
        recordType: editor.recordType,
        parentRecordType: editor.parentRecordType,
        parentRecordID: editor.parentRecordID,
        recordID: current.current?.recordID ?? null,
        attributes: { ...content, lastSaved: new Date().toISOString() },
      };
      setUnsynced(true);
      if (localTimer.current === undefined) {
        const wait = Math.max(0, lastLocalSave.current + DRAFT_UPDATE_THROTTLE_MS - Date.now());
        localTimer.current = window.setTimeout(saveLocalNow, wait);
      }
      armAutosave();
    },
    [armAutosave, saveLocalNow],
  );

  const remove = useCallback(async () => {
    window.clearTimeout(autosaveTimer.current);
    window.clearTimeout(localTimer.current);
    localTimer.current = undefined;
    version.current += 1;
    const draftID = current.current?.draftID;
    current.current = undefined;
    removeLocalDraft(userID, path, draftID);
    setUnsynced(false);
    if (!draftID) return;
    try {
      await deleteDraft(draftID);
    } catch (error) {
      console.error("Error deleting draft", error);
    }
  }, [userID, path]);

  const schedule = useCallback(
    async (dateScheduled: string) => {
      const scheduled = current.current;
      if (!scheduled) throw new Error(t("Write something to schedule first."));
      window.clearTimeout(autosaveTimer.current);
      const fields = { attributes: scheduled.attributes, draftStatus: "scheduled" as const, dateScheduled };
      try {
        if (scheduled.draftID) await patchDraft(scheduled.draftID, fields);
        else
          await postDraft({
            recordType: scheduled.recordType,
            parentRecordType: scheduled.parentRecordType,
            parentRecordID: scheduled.parentRecordID,
            ...fields,
          });
      } catch (error) {
        console.error("Error scheduling draft", error);
        armAutosave();
        throw error;
      }
      current.current = undefined;
      window.clearTimeout(localTimer.current);
      localTimer.current = undefined;
      removeLocalDraft(userID, path, scheduled.draftID);
      setUnsynced(false);
    },
    [userID, path, armAutosave],
  );

  return { ready, draft, unsynced, update, remove, schedule };
}
