import { SiteSettingsForm } from "./SiteSettingsForm";
import { TestEmailPanel } from "./TestEmailPanel";

/** The five settings screens, as the components the server's section registry names. */
export function GeneralSettingsSection() {
  return <SiteSettingsForm groupKey="general" />;
}

export function RegistrationSettingsSection() {
  return <SiteSettingsForm groupKey="registration" />;
}

export function PostingSettingsSection() {
  return <SiteSettingsForm groupKey="posting" />;
}

export function EmailSettingsSection() {
  return (
    <SiteSettingsForm groupKey="email">
      <TestEmailPanel />
    </SiteSettingsForm>
  );
}

export function SecuritySettingsSection() {
  return <SiteSettingsForm groupKey="security" />;
}
