import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@forum/api/twoFactor";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { fieldError, toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { Loader } from "@library/src/ui/Loader/Loader";

type Step =
  | { kind: "loading" }
  | { kind: "status"; status: TwoFactorStatus }
  | { kind: "setup"; setup: TwoFactorSetup; qrSvg: string | null }
  | { kind: "codes"; recoveryCodes: string[] }
  | { kind: "confirm"; action: "disable" | "recovery-codes" };

/** The secret in groups of four, as apps show it for typing by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** The QR code of the `otpauth://` address, drawn as SVG (the library loads only when someone sets this up). */
async function qrCodeSvg(text: string): Promise<string | null> {
  try {
    const qrcode = await import("qrcode");
    return await qrcode.toString(text, { type: "svg", margin: 1, width: 180 });
  } catch {
    return null;
  }
}

function CodeForm({
  label,
  submitLabel,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  error: ApiError | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  const message = error ? (fieldError(error, "code") ?? error.message) : undefined;
  return (
    <form className="twoFactor-codeForm" onSubmit={submit}>
      <InputField
        label={label}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        required
        errors={message ? [message] : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="twoFactor-actions">
        <Button type="submit" variant="primary" pending={busy} disabled={!code.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="text" onClick={onCancel}>
            {t("Cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Two-factor authentication on the account page: turn it on with an authenticator app (QR code or the key typed
 * by hand, then a code), keep the recovery codes, get new ones, or turn it off with a code.
 */
export function TwoFactorSettings() {
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const loadStatus = useCallback(() => {
    apiv2
      .get<TwoFactorStatus>("users/me/two-factor")
      .then((response) => setStep({ kind: "status", status: response.data }))
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  }, []);
  useEffect(loadStatus, [loadStatus]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (thrown) {
      setError(toApiError(thrown));
    } finally {
      setBusy(false);
    }
  };

  const startSetup = () =>
    run(async () => {
      const setup = (await apiv2.post<TwoFactorSetup>("users/me/two-factor/setup")).data;
      setStep({ kind: "setup", setup, qrSvg: await qrCodeSvg(setup.otpauthUrl) });
    });

  const confirm = (code: string) =>
    run(async () => {
      const codes = (await apiv2.post<RecoveryCodes>("users/me/two-factor/enable", { code })).data;
      setStep({ kind: "codes", recoveryCodes: codes.recoveryCodes });
    });

  const withCode = (action: "disable" | "recovery-codes", code: string) =>
    run(async () => {
      if (action === "disable") {
        await apiv2.delete("users/me/two-factor", { data: { code } });
        loadStatus();
      } else {
        const codes = (await apiv2.post<RecoveryCodes>("users/me/two-factor/recovery-codes", { code })).data;
        setStep({ kind: "codes", recoveryCodes: codes.recoveryCodes });
      }
    });

  if (step.kind === "loading")
    return error ? (
      <p className="twoFactor-error" role="alert">
        {error.message}
      </p>
    ) : (
      <Loader />
    );

  if (step.kind === "setup")
    return (
      <div className="twoFactor">
        <p>{t("Scan this code with an authenticator app, or type the key into it.")}</p>
        <div className="twoFactor-setup">
          {step.qrSvg && (
            <div
              className="twoFactor-qr"
              role="img"
              aria-label={t("QR code for your authenticator app")}
              // The SVG comes from the QR library, drawn from the site's own otpauth address.
              dangerouslySetInnerHTML={{ __html: step.qrSvg }}
            />
          )}
          <div>
            <p className="twoFactor-keyLabel">{t("Key")}</p>
            <code className="twoFactor-key">{groupSecret(step.setup.secret)}</code>
            <p>
              <a href={step.setup.otpauthUrl}>{t("Open in an authenticator app")}</a>
            </p>
          </div>
        </div>
        <CodeForm
          label={t("Code from the app")}
          submitLabel={t("Turn On")}
          error={error}
          busy={busy}
          onSubmit={(code) => void confirm(code)}
          onCancel={loadStatus}
        />
      </div>
    );

  if (step.kind === "codes")
    return (
      <div className="twoFactor">
        <p role="status">
          {t("Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone.")}
        </p>
        <ul className="twoFactor-codes">
          {step.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <Button variant="primary" onClick={loadStatus}>
          {t("I have saved these codes")}
        </Button>
      </div>
    );

  if (step.kind === "confirm")
    return (
      <div className="twoFactor">
        <CodeForm
          label={t("Code from your authenticator app, or a recovery code")}
          submitLabel={step.action === "disable" ? t("Turn Off") : t("Get New Codes")}
          error={error}
          busy={busy}
          onSubmit={(code) => void withCode(step.action, code)}
          onCancel={loadStatus}
        />
      </div>
    );

  const { status } = step;
  return (
    <div className="twoFactor">
      {status.required && !status.enabled && (
        <p className="twoFactor-required" role="alert">
          {t("This site requires administrators to turn on two-factor authentication.")}
        </p>
      )}
      {status.enabled ? (
        <>
          <p>
            <span className="twoFactor-on">{t("On")}</span>{" "}
            {formatText(t("{count} recovery codes left."), { count: status.recoveryCodesLeft })}
          </p>
          <div className="twoFactor-actions">
            <Button onClick={() => setStep({ kind: "confirm", action: "recovery-codes" })}>
              {t("New Recovery Codes")}
            </Button>
            <Button onClick={() => setStep({ kind: "confirm", action: "disable" })}>{t("Turn Off")}</Button>
          </div>
        </>
      ) : (
        <>
          <p>{t("Ask for a code from an app on your phone as well as your password when you sign in.")}</p>
          <Button variant="primary" pending={busy} onClick={() => void startSetup()}>
            {t("Turn On")}
          </Button>
        </>
      )}
      {error && (
        <p className="twoFactor-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
