import { useEffect, useId, useRef, useState } from "react";
import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { fragmentDocument, type FragmentMessage } from "@applications/forum/src/layouts/fragmentDocument";
import "@applications/forum/src/layouts/customFragmentWidget.css";

type CustomFragmentWidgetProps = WidgetPropsMap["CustomFragmentWidget"];

const FRAGMENT_REPORTER_PATH = "/api/v2/fragments/frame-reporter.js";

/** Most a fragment frame grows to; past it the frame scrolls. */
const MAX_FRAME_HEIGHT = 2000;

function absolute(url: string): string {
  return new URL(siteUrl(url), window.location.href).href;
}

function isFragmentMessage(data: unknown, frameID: string): data is FragmentMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { frameID?: unknown }).frameID === frameID &&
    typeof (data as { type?: unknown }).type === "string"
  );
}

/**
 * A custom fragment (API.md 18): its code runs in a sandboxed frame (scripts only: no access to the page, its
 * cookies or the member's session), sized to its content. A script that fails to load or throws shows the
 * 'Error Loading Fragment' block (SPEC 8); a stylesheet that fails is only logged.
 */
export function CustomFragmentWidget({ title, jsUrl, cssUrl }: CustomFragmentWidgetProps) {
  const frameID = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || !isFragmentMessage(event.data, frameID)) return;
      const message = event.data;
      if (message.type === "error") {
        console.error(`Custom fragment failed: ${message.detail}`);
        setFailed(true);
      } else if (message.type === "styleError") console.error(`Custom fragment stylesheet failed: ${cssUrl}`);
      else if (message.type === "height") setHeight(Math.min(MAX_FRAME_HEIGHT, Math.ceil(message.height)));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameID, cssUrl]);

  if (failed)
    return (
      <div className="customFragment customFragment--error" role="alert">
        <strong>{t("Error Loading Fragment")}</strong>
        {title ? <span className="customFragment-errorName">{title}</span> : null}
      </div>
    );
  return (
    <div className="customFragment">
      <iframe
        ref={frame}
        className="customFragment-frame"
        title={title ?? t("Custom widget")}
        sandbox="allow-scripts"
        srcDoc={fragmentDocument({
          frameID,
          reporterUrl: absolute(FRAGMENT_REPORTER_PATH),
          jsUrl: absolute(jsUrl),
          cssUrl: absolute(cssUrl),
        })}
        style={{ height: height > 0 ? `${height}px` : undefined }}
      />
    </div>
  );
}
