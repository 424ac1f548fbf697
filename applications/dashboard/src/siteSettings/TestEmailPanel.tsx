import type { TestEmailResult } from "@forum/api/siteSettings";
import { useState } from "react";
import { Link } from "react-router";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";

/** 'Send test email': a message to the administrator (or an address they type), then where it went. */
export function TestEmailPanel() {
  const [to, setTo] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TestEmailResult | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const send = async () => {
    setSending(true);
    setError(null);
    setResult(null);
    try {
      const body = to.trim() ? { to: to.trim() } : {};
      setResult((await apiv2.post<TestEmailResult>("dashboard/settings/test-email", body)).data);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="testEmail" aria-labelledby="test-email-heading">
      <h2 id="test-email-heading" className="testEmail-title">
        {t("Test email")}
      </h2>
      <InputField
        label={t("Send to")}
        description={t("Leave empty to send it to your own address.")}
        type="email"
        value={to}
        errors={error?.errors.to ?? (error ? [error.message] : undefined)}
        onChange={(event) => setTo(event.target.value)}
      />
      <div className="siteSettings-footer">
        <Button type="button" pending={sending} onClick={() => void send()}>
          {t("Send test email")}
        </Button>
        {result && (
          <span role="status">
            {(result.delivery === "smtp"
              ? t("A test email to %s is on its way through SMTP.")
              : t("A test email to %s is in the outbox (no SMTP host is set).")
            ).replace("%s", result.to)}{" "}
            <Link to="/dashboard/mail">{t("Open the mail outbox")}</Link>
          </span>
        )}
      </div>
    </section>
  );
}
