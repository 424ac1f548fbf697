import "../../api/exampleWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";

/** The greeting under the original post of every discussion; nothing when the setting is empty. */
export function registerGreetingWidget(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "ExampleGreeting",
    props: ({ app }) => {
      const greeting = app.settings.peek<string>("example.greeting");
      return greeting ? { greeting } : null;
    },
  });
}
