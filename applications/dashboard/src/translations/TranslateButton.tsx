import { useState } from "react";
import { formatText, t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { Button } from "@library/src/ui/Button/Button";
import { ContentTranslator } from "./ContentTranslator";
import type { TranslationProperty } from "./translationProperties";
import { TranslateIcon } from "./TranslateIcon";

export interface TranslateButtonProps {
  /** What is translated ("Gardening"): names the button and the dialog. */
  title: string;
  properties: readonly TranslationProperty[];
  resource?: string;
}

/**
 * The translate icon (SPEC 2): shown to site managers only; opens the content translator for the properties.
 */
export function TranslateButton({ title, properties, resource }: TranslateButtonProps) {
  const can = usePermissionsChecker();
  const [open, setOpen] = useState(false);
  if (!can("site.manage")) return null;
  return (
    <>
      <Button
        compact
        className="translateButton"
        aria-label={formatText(t("Translate {name}"), { name: title })}
        title={t("Translate")}
        onClick={() => setOpen(true)}
      >
        <TranslateIcon />
      </Button>
      {open && (
        <ContentTranslator
          title={title}
          properties={properties}
          resource={resource}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
