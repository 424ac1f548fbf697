import { defineLocaleAddon } from "@library/server/i18n/defineLocaleAddon";

/** German: the product's strings in German (de_DE). */
export const germanLocaleAddon = defineLocaleAddon("locale-de", {
  localeKey: "de",
  regionalKey: "de_DE",
  direction: "ltr",
  displayNames: {
    en: "German",
    fr: "Allemand",
    de: "Deutsch",
    es: "Alemán",
    ja: "ドイツ語",
    ar: "الألمانية",
  },
});
