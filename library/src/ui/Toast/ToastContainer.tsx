import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { Toast } from "@library/src/ui/Toast/Toast";
import { selectToasts } from "@library/src/ui/Toast/toastsSlice";
import "./Toast.css";

/** Render once per page (mountApp does); announces toasts politely to screen readers. */
export function ToastContainer() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toastContainer" aria-live="polite" aria-label={t("Notifications")} role="region">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
