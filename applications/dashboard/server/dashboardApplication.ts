import type { ServerApplication } from "@library/server/app/serverApplication";
import { authRoutes } from "./auth/authRoutes";
import { dashboardPages } from "./pages/dashboardPages";
import { configRoutes } from "./config/configRoutes";
import { rolesRoutes } from "./roles/rolesRoutes";
import { meRoutes } from "./users/meRoutes";
import { userWriteRoutes } from "./users/userWriteRoutes";
import { usersRoutes } from "./users/usersRoutes";

/** The dashboard: accounts and sessions, users, roles and site configuration. */
export const dashboardApplication: ServerApplication = {
  key: "dashboard",
  name: "Dashboard",
  registerApi(api, context) {
    authRoutes(api, context);
    meRoutes(api, context);
    usersRoutes(api, context);
    userWriteRoutes(api, context);
    rolesRoutes(api, context);
    configRoutes(api, context);
  },
  registerPages: dashboardPages,
};
