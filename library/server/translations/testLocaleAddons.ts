import { parseManifest, type AddonPackage } from "../addons/addonManifest";

/**
 * For tests: an enabled add-on of type `locale` that adds `locale` to the site's content locales, as a locale
 * pack does (its strings are not needed to translate content).
 */
export function testLocaleAddon(locale: string): AddonPackage {
  const key = `locale-${locale.toLowerCase().replace(/_/g, "-")}`;
  return {
    manifest: parseManifest({ key, name: `Test locale ${locale}`, type: "locale", defaultEnabled: true }),
    load: () => ({ key }),
  };
}
