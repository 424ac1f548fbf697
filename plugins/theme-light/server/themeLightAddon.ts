import { defineAddon } from "@library/server/addons/defineAddon";
import { fileThemes } from "@library/server/themes/fileThemes";

/** The foundation theme: the defaults of SPEC 9 (blue primary, light preset, Open Sans), nothing overridden. */
export const themeLightAddon = defineAddon({
  key: "theme-light",
  register(registrar) {
    registrar.extend((context, owner) => {
      fileThemes(context).add(
        {
          key: "theme-light",
          name: "Light",
          version: "1.0.0",
          preset: "light",
          role: "foundation",
          variables: {},
        },
        owner,
      );
    });
  },
});
