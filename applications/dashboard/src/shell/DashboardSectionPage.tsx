import type { DashboardSection } from "@forum/api/dashboard";
import { useEffect } from "react";
import { t } from "@library/src/i18n/translate";
import { ErrorBoundary } from "@library/src/registry/ErrorBoundary";
import { getComponent } from "@library/src/registry/componentRegistry";
import { SectionError } from "./SectionError";

/** One section: its registered component, with the document title; a broken section never takes the shell down. */
export function DashboardSectionPage({ section }: { section: DashboardSection }) {
  useEffect(() => {
    document.title = `${section.label} - ${t("Dashboard")}`;
  }, [section.label]);
  const Component = getComponent(section.component);
  return (
    <section className="dashboardSection" aria-labelledby={`dashboard-section-${section.key}`}>
      <h1 className="dashboardSection-title" id={`dashboard-section-${section.key}`} tabIndex={-1}>
        {section.label}
      </h1>
      <ErrorBoundary name={section.component} fallback={() => <SectionError />}>
        {Component ? <Component /> : <SectionError />}
      </ErrorBoundary>
    </section>
  );
}
