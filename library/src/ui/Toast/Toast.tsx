import { useEffect } from "react";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch } from "@library/src/redux/hooks";
import { classNames } from "@library/src/ui/classNames";
import { CloseIcon } from "@library/src/ui/icons/CloseIcon";
import { toastBodies } from "@library/src/ui/Toast/toastBodies";
import type { ToastRecord } from "@library/src/ui/Toast/toastsSlice";
import { removeToast } from "@library/src/ui/Toast/useToast";

export function Toast({ toast }: { toast: ToastRecord }) {
  const dispatch = useAppDispatch();
  const { id, visible, persistent, duration } = toast;

  useEffect(() => {
    if (!visible || persistent) return;
    const timer = window.setTimeout(() => removeToast(dispatch, id), duration);
    return () => window.clearTimeout(timer);
  }, [dispatch, id, visible, persistent, duration]);

  const body = toastBodies.get(id);
  return (
    <div
      className={classNames(
        "toast",
        `toast--${toast.type}`,
        toast.wide && "toast--wide",
        !visible && "toast--hidden",
      )}
      role={toast.type === "error" ? "alert" : undefined}
      hidden={!visible}
      data-toast-id={id}
    >
      <div className="toast-content">
        <p className="toast-message">{toast.message}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
        {body !== undefined && <div className="toast-body">{body}</div>}
      </div>
      {toast.dismissible && (
        <button
          type="button"
          className="toast-close"
          aria-label={t("Dismiss")}
          onClick={() => removeToast(dispatch, id)}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
