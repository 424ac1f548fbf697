import { registerLazyComponent } from "@library/src/registry/componentRegistry";
import { installProfileCardOnFirstUse } from "@applications/forum/src/profiles/profileCardOnFirstUse";

let triggersInstalled = false;

/** The profile edit form for its `data-react` mount point, and the profile card on author names (once per page). */
export function registerProfileWidgets(): void {
  registerLazyComponent("ProfileEditForm", () =>
    import("@applications/forum/src/profiles/ProfileEditForm").then((module) => module.ProfileEditForm),
  );
  registerLazyComponent("AccountSessions", () =>
    import("@applications/forum/src/profiles/AccountSessions").then((module) => module.AccountSessions),
  );
  registerLazyComponent("TwoFactorSettings", () =>
    import("@applications/forum/src/profiles/TwoFactorSettings").then((module) => module.TwoFactorSettings),
  );
  registerLazyComponent("NotificationPreferencesForm", () =>
    import("@applications/forum/src/notifications/NotificationPreferencesForm").then(
      (module) => module.NotificationPreferencesForm,
    ),
  );
  registerLazyComponent("ProfileBanControl", () =>
    import("@applications/forum/src/profiles/BanMemberControl").then((module) => module.BanMemberControl),
  );
  registerLazyComponent("ProfileBannedLabel", () =>
    import("@applications/forum/src/profiles/BanMemberControl").then((module) => module.BannedLabel),
  );
  if (triggersInstalled || typeof document === "undefined") return;
  triggersInstalled = true;
  installProfileCardOnFirstUse(document);
}
