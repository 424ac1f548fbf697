import { registerComponent } from "@library/src/registry/componentRegistry";
import { installProfileCardTriggers } from "@applications/forum/src/profiles/profileCardTriggers";
import { ProfileEditForm } from "@applications/forum/src/profiles/ProfileEditForm";
import { AccountSessions } from "@applications/forum/src/profiles/AccountSessions";
import { TwoFactorSettings } from "@applications/forum/src/profiles/TwoFactorSettings";

let triggersInstalled = false;

/** The profile edit form for its `data-react` mount point, and the profile card on author names (once per page). */
export function registerProfileWidgets(): void {
  registerComponent("ProfileEditForm", ProfileEditForm);
  registerComponent("AccountSessions", AccountSessions);
  registerComponent("TwoFactorSettings", TwoFactorSettings);
  if (triggersInstalled || typeof document === "undefined") return;
  triggersInstalled = true;
  installProfileCardTriggers(document);
}
