import type { DashboardSection } from "@forum/api/dashboard";
import type { RouteObject } from "react-router";
import { DashboardLayout } from "./DashboardLayout";
import { DashboardSectionPage } from "./DashboardSectionPage";

/** The dashboard's route tree: `/dashboard` with one child per section the viewer may open. */
export function dashboardRoutes(sections: readonly DashboardSection[]): RouteObject[] {
  return [
    {
      path: "/dashboard",
      element: <DashboardLayout sections={sections} />,
      children: sections.map((section) =>
        section.path === ""
          ? { index: true, element: <DashboardSectionPage section={section} /> }
          : { path: `${section.path}/*`, element: <DashboardSectionPage section={section} /> },
      ),
    },
  ];
}
