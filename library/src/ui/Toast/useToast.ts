import { useMemo, type ReactNode } from "react";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch } from "@library/src/redux/hooks";
import type { AppDispatch } from "@library/src/redux/store";
import { toastBodies } from "@library/src/ui/Toast/toastBodies";
import {
  TOAST_DURATION_MS,
  TOAST_REMOVAL_DELAY_MS,
  toastAdded,
  toastHidden,
  toastRemoved,
  toastUpdated,
  type ToastType,
} from "@library/src/ui/Toast/toastsSlice";

export interface ToastOptions {
  id?: string;
  message: string;
  description?: string;
  /** Extra content under the message (e.g. a link or an Apply button). */
  body?: ReactNode;
  type?: ToastType;
  /** Stays until removed. */
  persistent?: boolean;
  /** Shows a close button. */
  dismissible?: boolean;
  /** Auto-dismiss after this many ms (default 3000). */
  duration?: number;
  wide?: boolean;
}

let nextID = 0;

export function addToast(dispatch: AppDispatch, options: ToastOptions): string {
  const id = options.id ?? `toast-${++nextID}`;
  if (options.body !== undefined) toastBodies.set(id, options.body);
  else toastBodies.delete(id);
  dispatch(
    toastAdded({
      id,
      message: options.message,
      ...(options.description !== undefined && { description: options.description }),
      type: options.type ?? "info",
      visible: true,
      persistent: options.persistent ?? false,
      dismissible: options.dismissible ?? false,
      duration: options.duration ?? TOAST_DURATION_MS,
      wide: options.wide ?? false,
    }),
  );
  return id;
}

/** Hide at once, delete after 2 s (SPEC 4). */
export function removeToast(dispatch: AppDispatch, id: string): void {
  dispatch(toastHidden(id));
  window.setTimeout(() => {
    dispatch(toastRemoved(id));
    toastBodies.delete(id);
  }, TOAST_REMOVAL_DELAY_MS);
}

export interface ToastApi {
  addToast(options: ToastOptions): string;
  updateToast(id: string, changes: Partial<Omit<ToastOptions, "id" | "body">>): void;
  removeToast(id: string): void;
  /** The dismissible error toast 'Something has gone wrong.' (or the message given), persistent. */
  addErrorToast(message?: string, description?: string): string;
}

export function useToast(): ToastApi {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      addToast: (options) => addToast(dispatch, options),
      updateToast: (id, changes) => dispatch(toastUpdated({ id, ...changes })),
      removeToast: (id) => removeToast(dispatch, id),
      addErrorToast: (message, description) =>
        addToast(dispatch, {
          message: message ?? t("Something has gone wrong."),
          ...(description !== undefined && { description }),
          type: "error",
          dismissible: true,
          persistent: true,
        }),
    }),
    [dispatch],
  );
}
