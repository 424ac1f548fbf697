import { defineAddon } from "@library/server/addons/defineAddon";
import { fileThemes } from "@library/server/themes/fileThemes";
import { DARK_VARIABLES } from "./darkVariables";

/** The dark preset: dark pages and light text over the foundation's sizes and fonts. */
export const themeDarkAddon = defineAddon({
  key: "theme-dark",
  register(registrar) {
    registrar.extend((context, owner) => {
      fileThemes(context).add(
        {
          key: "theme-dark",
          name: "Dark",
          version: "1.0.0",
          preset: "dark",
          role: "darkPreset",
          variables: DARK_VARIABLES,
        },
        owner,
      );
    });
  },
});
