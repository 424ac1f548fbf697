import { registerComponent } from "@library/src/registry/componentRegistry";
import { DigestPreferenceControl } from "./DigestPreferenceControl";

/** The digest frequency under the name the preferences page's slot node uses. */
export function registerDigestPreference(): void {
  registerComponent("DigestPreferenceControl", DigestPreferenceControl);
}
