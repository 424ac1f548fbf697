import { useState } from "react";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { EditorPopover } from "@library/src/editor/toolbar/EditorPopover";
import { normalizeLinkUrl } from "@library/src/editor/urls";

export const INVALID_LINK_MESSAGE = "Enter a valid link starting with http, https, mailto or tel.";

export interface LinkFormProps {
  initialUrl: string;
  onSubmit: (url: string) => void;
  /** Present when editing an existing link. */
  onRemove?: () => void;
  onCancel: () => void;
}

export function LinkForm({ initialUrl, onSubmit, onRemove, onCancel }: LinkFormProps) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const normalized = normalizeLinkUrl(url);
    if (normalized === null) {
      setError(t(INVALID_LINK_MESSAGE));
      return;
    }
    onSubmit(normalized);
  };
  return (
    <EditorPopover
      label={onRemove ? t("Edit link") : t("Insert link")}
      submitLabel={t("Apply")}
      onSubmit={submit}
      onCancel={onCancel}
      extraActions={
        onRemove && (
          <Button variant="text" compact onClick={onRemove}>
            {t("Remove link")}
          </Button>
        )
      }
    >
      <InputField
        label={t("URL")}
        value={url}
        placeholder="https://"
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        errors={error ? [error] : undefined}
      />
    </EditorPopover>
  );
}
