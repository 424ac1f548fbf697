import { apiv2 } from "@library/src/api/apiClient";
import type { TickBody } from "../../api/analyticsApi";
import { mountPrivacyPreference } from "../privacy/mountPrivacyPreference";
import { startPageTracking } from "./pageTracking";

declare global {
  interface Window {
    /** Set once a bundle started tracking, so a page with two bundles counts each view once. */
    __analyticsTracking?: boolean;
  }
}

/** Failures are only logged (API.md 25): analytics never disturbs the page. */
function sendTick(tick: TickBody): void {
  apiv2.post("tick", tick).catch((error: unknown) => console.warn("Analytics: a tick failed.", error));
}

/** Starts counting this page's views (once per page) and offers members their privacy choice. */
export function registerAnalyticsTracking(): void {
  if (window.__analyticsTracking) return;
  window.__analyticsTracking = true;
  startPageTracking(sendTick);
  mountPrivacyPreference();
}
