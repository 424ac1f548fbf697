import {
  useImperativeHandle,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { Button } from "@library/src/ui/Button/Button";
import { classNames } from "@library/src/ui/classNames";
import { RichEditor, type RichEditorHandle } from "@library/src/editor/RichEditor";
import { emptyDocument, isEmptyDocument } from "@library/src/editor/serialize";
import "./Editor.css";

export interface ComposerProps {
  /** Text of the submit button, e.g. 'Post Comment'. */
  submitLabel: string;
  /** Accessible name of the editor. */
  label: string;
  onSubmit: (doc: Rich2Document) => Promise<void>;
  /** An error from outside (e.g. the slice's Loadable); a rejected onSubmit shows its own. */
  error?: ApiError | null;
  initialValue?: Rich2Document;
  placeholder?: string;
  autoFocus?: boolean;
  /** Empty the editor after a successful submit (default true). */
  clearOnSubmit?: boolean;
  className?: string;
  editorRef?: Ref<RichEditorHandle>;
  onChange?: (doc: Rich2Document) => void;
  /** Offer uploads: paste, drop and the toolbar's Upload File (give `useMayUpload()`). */
  uploads?: boolean;
  /** Buttons on the submit button's row, at its start (Preview, Schedule). */
  secondaryActions?: ReactNode;
}

/** A form around the editor: submit (or Ctrl/Cmd+Enter) sends the document; errors show above the button. */
export function Composer({
  submitLabel,
  label,
  onSubmit,
  error,
  initialValue,
  placeholder,
  autoFocus,
  clearOnSubmit = true,
  className,
  editorRef,
  onChange,
  uploads = false,
  secondaryActions,
}: ComposerProps) {
  const [doc, setDoc] = useState<Rich2Document>(() => initialValue ?? emptyDocument());
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const editor = useRef<RichEditorHandle>(null);
  useImperativeHandle(editorRef, () => ({
    insertQuote: (quote) => editor.current?.insertQuote(quote),
    focus: () => editor.current?.focus(),
    clear: () => editor.current?.clear(),
    insertMention: (name, userID) => editor.current?.insertMention(name, userID),
  }));

  const empty = isEmptyDocument(doc);
  const shownError = submitError ?? error ?? null;

  const submit = async () => {
    if (pending || empty || uploading) return;
    setPending(true);
    setSubmitError(null);
    try {
      await onSubmit(doc);
      if (clearOnSubmit) editor.current?.clear();
    } catch (thrown) {
      setSubmitError(toApiError(thrown));
    } finally {
      setPending(false);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className={classNames("composer", className)}
      onSubmit={onFormSubmit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <RichEditor
        editorRef={editor}
        value={initialValue}
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        uploads={uploads}
        onUploadsPending={setUploading}
        onChange={(next) => {
          setDoc(next);
          onChange?.(next);
        }}
      />
      {shownError && (
        <div className="composer-error" role="alert">
          <strong>{shownError.message}</strong>
          {shownError.description && <p>{shownError.description}</p>}
        </div>
      )}
      <div className="composer-actions">
        {secondaryActions && <div className="composer-secondaryActions">{secondaryActions}</div>}
        <Button type="submit" variant="primary" pending={pending} disabled={empty || uploading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export default Composer;
