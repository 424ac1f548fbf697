/** How a declared setting appears on a settings screen: its label, help, and the names of enum values. */
export interface SiteSettingPresentation {
  key: string;
  label: string;
  description?: string;
  /** Labels of the enum values, in the order the select lists them. */
  options?: Array<{ value: string; label: string }>;
  /** A long text gets a text area. */
  multiline?: boolean;
  secret?: boolean;
  /** An image address the form can also upload. */
  upload?: boolean;
}
