import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";

/** Placeholder for a widget that is missing or failed (SPEC 8); the message shows in debug mode only. */
export function LayoutError({ componentName }: { componentName: string }) {
  if (!getBootstrap().debug) return <div className="layoutError" data-component={componentName} hidden />;
  return (
    <div className="layoutError" role="alert" data-component={componentName}>
      {formatText(t('There was a problem loading "{component}"'), { component: componentName })}
    </div>
  );
}
