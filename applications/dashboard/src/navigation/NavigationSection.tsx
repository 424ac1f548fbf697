import { NavigationEditor } from "./NavigationEditor";
import { TitleBarSettingsForm } from "./TitleBarSettingsForm";
import "./navigation.css";

/** Dashboard › Appearance › Navigation: the title bar's items per language, then its look. */
export function NavigationSection() {
  return (
    <div className="navigationSection">
      <NavigationEditor />
      <TitleBarSettingsForm />
    </div>
  );
}
