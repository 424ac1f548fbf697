import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { repositoryPath } from "@library/server/app/repositoryRoot";
import { registerMePresenter } from "@library/server/pages/pageBootstrap";
import { presentMe } from "../users/mePresenter";
import { accountEmailPageRoutes } from "./accountEmailPages";
import { registerPageRoutes } from "./registerPages";
import { signInPageRoutes } from "./signInPages";
import { unsubscribePageRoutes } from "./unsubscribePages";

/** The dashboard's server-rendered pages: sign-in, registration, sign-out, email and password pages, unsubscribe links, images. */
export async function dashboardPages(app: FastifyInstance, context: AppContext): Promise<void> {
  registerMePresenter(presentMe);
  await app.register(fastifyStatic, {
    root: repositoryPath("applications", "dashboard", "design"),
    prefix: "/applications/dashboard/design/",
    maxAge: "7d",
    decorateReply: false,
  });
  signInPageRoutes(app, context);
  registerPageRoutes(app, context);
  accountEmailPageRoutes(app, context);
  unsubscribePageRoutes(app, context);
}
