import { defineLocaleAddon } from "@library/server/i18n/defineLocaleAddon";

/** French: the product's strings in French (fr_FR). */
export const frenchLocaleAddon = defineLocaleAddon("locale-fr", {
  localeKey: "fr",
  regionalKey: "fr_FR",
  direction: "ltr",
  displayNames: {
    en: "French",
    fr: "Français",
    de: "Französisch",
    es: "Francés",
    ja: "フランス語",
    ar: "الفرنسية",
  },
});
