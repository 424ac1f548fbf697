import { createRoot } from "react-dom/client";
import { getBootstrap, pageIsForMember } from "@library/src/bootstrap/bootstrap";
import { AnalyticsPrivacyForm } from "./AnalyticsPrivacyForm";

/** On a member's preferences page, adds the analytics privacy choice after the notification preferences. */
export function mountPrivacyPreference(doc: Document = document): void {
  if (!pageIsForMember() || doc.location.pathname !== `${getBootstrap().basePath}/profile/preferences`)
    return;
  const page = doc.querySelector(".notificationPreferencesPage");
  if (!page || page.querySelector(".analyticsPrivacyMount")) return;
  const mount = doc.createElement("div");
  mount.className = "analyticsPrivacyMount";
  page.append(mount);
  createRoot(mount).render(<AnalyticsPrivacyForm />);
}
