import { parseManifest, type AddonPackage } from "../addons/addonManifest";
import { registerLocale } from "../i18n/localeRegistry";

/**
 * For tests: an enabled locale add-on (`type: "locale"`) that offers `locale` as a locale pack does, without
 * strings of its own (translating content does not need them).
 */
export function testLocaleAddon(locale: string): AddonPackage {
  const key = `locale-${locale.toLowerCase().replace(/_/g, "-")}`;
  return {
    manifest: parseManifest({ key, name: `Test locale ${locale}`, type: "locale", defaultEnabled: true }),
    load: () => ({
      key,
      register(registrar) {
        registrar.extend((_context, owner) =>
          registerLocale(
            { localeKey: locale, regionalKey: locale, direction: "ltr", displayNames: { [locale]: locale } },
            {},
            owner,
          ),
        );
      },
    }),
  };
}
