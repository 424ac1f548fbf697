import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";

/** `/`: the hero banner with the search bar (SPEC 2 "Hero banner and search bar"). */
export function homePageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/", async (request, reply) => {
    const t = context.pages.translator();
    const [title, description, homepageTitle] = await Promise.all([
      context.settings.get<string>("garden.title"),
      context.settings.get<string>("garden.description"),
      context.settings.get<string>("garden.homepageTitle"),
    ]);
    const body = html`<section class="heroBanner" aria-labelledby="heroBanner-title">
      <div class="heroBanner-content">
        <h1 class="heroBanner-title" id="heroBanner-title">${t("How can we help you?")}</h1>
        ${description ? html`<p class="heroBanner-description">${description}</p>` : ""}
        <form class="heroBanner-search" role="search" method="get" action="/search">
          <label class="sr-only" for="heroBanner-query">${t("Search")}</label>
          <input
            id="heroBanner-query"
            class="heroBanner-input"
            type="search"
            name="query"
            placeholder="${t("Search")}"
          />
          <button class="button button-primary heroBanner-submit" type="submit">${t("Search")}</button>
        </form>
      </div>
    </section>`;
    return context.pages.send(request, reply, {
      title: homepageTitle || title,
      body,
      description: description || undefined,
      canonicalPath: "/",
    });
  });
}
