// The forum's part of the dashboard: the sections and widgets a stored layout draws, in the registry, so the
// layout editor's preview and the fragment editor draw them as the forum's pages do. Lazily: only the layouts
// page fetches their code (and their stylesheets, which then keep out of the dashboard's own order).
import { registerLazyComponent } from "@library/src/registry/componentRegistry";

registerLazyComponent("SectionOneColumn", () =>
  import("@library/src/layouts/sections").then((module) => module.SectionOneColumn),
);
registerLazyComponent("SectionTwoColumns", () =>
  import("@library/src/layouts/sections").then((module) => module.SectionTwoColumns),
);
registerLazyComponent("SectionFullWidth", () =>
  import("@library/src/layouts/sections").then((module) => module.SectionFullWidth),
);
registerLazyComponent("BannerWidget", () =>
  import("../layouts/BannerWidget").then((module) => module.BannerWidget),
);
registerLazyComponent("CategoriesWidget", () =>
  import("../layouts/CategoriesWidget").then((module) => module.CategoriesWidget),
);
registerLazyComponent("SectionThreeColumns", () =>
  import("../layouts/SectionThreeColumns").then((module) => module.SectionThreeColumns),
);
registerLazyComponent("DiscussionsWidget", () =>
  import("../layouts/ItemsWidget").then((module) => module.ItemsWidget),
);
registerLazyComponent("LinksWidget", () =>
  import("../layouts/ItemsWidget").then((module) => module.ItemsWidget),
);
registerLazyComponent("CustomFragmentWidget", () =>
  import("../layouts/CustomFragmentWidget").then((module) => module.CustomFragmentWidget),
);
