import type { Session } from "@forum/api/sessions";
import { useCallback, useEffect, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";

/** A short name for a User-Agent string ("Firefox on Linux"), or the raw string when nothing matches. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return t("Unknown browser");
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (!browser) return userAgent.slice(0, 60);
  return system ? formatText(t("{browser} on {system}"), { browser, system }) : browser;
}

type State =
  { status: "loading" } | { status: "ready"; sessions: Session[] } | { status: "error"; error: ApiError };

/**
 * The member's signed-in browsers on their account page: when and where each was opened and last seen; end one
 * they do not recognise, or sign out everywhere else.
 */
export function AccountSessions() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    apiv2
      .get<Session[]>("sessions")
      .then((response) => setState({ status: "ready", sessions: response.data }))
      .catch((error: unknown) => setState({ status: "error", error: toApiError(error) }));
  }, []);
  useEffect(load, [load]);

  const end = async (path: string, key: string) => {
    setBusy(key);
    try {
      await apiv2.delete(path);
      load();
    } catch (error) {
      setState({ status: "error", error: toApiError(error) });
    } finally {
      setBusy(null);
    }
  };

  if (state.status === "loading") return <Loader />;
  if (state.status === "error")
    return (
      <p className="accountSessions-error" role="alert">
        {state.error.message}
      </p>
    );
  const others = state.sessions.filter((session) => !session.current);
  return (
    <div className="accountSessions">
      <ul className="accountSessions-list">
        {state.sessions.map((session) => (
          <li key={session.sessionID} className="accountSessions-item">
            <div>
              <div className="accountSessions-browser">
                {describeBrowser(session.userAgent)}
                {session.current && <span className="accountSessions-current">{t("This browser")}</span>}
              </div>
              <div className="accountSessions-detail">
                {session.ipAddress ? `${session.ipAddress} · ` : ""}
                {t("Last active")} <DateTime timestamp={session.dateLastSeen} />
              </div>
            </div>
            {!session.current && (
              <Button
                compact
                pending={busy === session.sessionID}
                aria-label={formatText(t("Sign out {browser}"), {
                  browser: describeBrowser(session.userAgent),
                })}
                onClick={() => void end(`sessions/${session.sessionID}`, session.sessionID)}
              >
                {t("Sign Out")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button pending={busy === "all"} onClick={() => void end("sessions", "all")}>
          {t("Sign out everywhere else")}
        </Button>
      )}
    </div>
  );
}
