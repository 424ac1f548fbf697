import { defineLocaleAddon } from "@library/server/i18n/defineLocaleAddon";

/** Japanese: the product's strings in Japanese (ja_JP). */
export const japaneseLocaleAddon = defineLocaleAddon("locale-ja", {
  localeKey: "ja",
  regionalKey: "ja_JP",
  direction: "ltr",
  displayNames: {
    en: "Japanese",
    fr: "Japonais",
    de: "Japanisch",
    es: "Japonés",
    ja: "日本語",
    ar: "اليابانية",
  },
});
