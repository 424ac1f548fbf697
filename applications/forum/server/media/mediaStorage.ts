import path from "node:path";
import type { AppContext } from "@library/server/app/appContext";
import { LocalUploadStorage, type UploadStorage } from "@library/server/uploads/uploadStorage";

const storages = new WeakMap<AppContext, UploadStorage>();

/** The site's upload storage: files under `DATA_DIR/uploads` (one instance per app). */
export function uploadStorageFor(context: AppContext): UploadStorage {
  let storage = storages.get(context);
  if (!storage) {
    storage = new LocalUploadStorage(path.join(context.config.dataDir, "uploads"));
    storages.set(context, storage);
  }
  return storage;
}
