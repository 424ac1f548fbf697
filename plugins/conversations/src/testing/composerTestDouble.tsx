// A stand-in for the lazy Slate Composer (jsdom cannot run Slate's selection APIs): a textarea whose lines
// become rich2 paragraphs, with the Composer's submit, error and clear-on-submit behaviour.
import { useState, type FormEvent } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import type { ComposerProps } from "@library/src/editor/Composer";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { documentToPlainText } from "@library/src/editor/serialize";

function ComposerDouble({
  submitLabel,
  label,
  onSubmit,
  error,
  initialValue,
  clearOnSubmit = true,
}: ComposerProps) {
  const [text, setText] = useState(() => (initialValue ? documentToPlainText(initialValue) : ""));
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const doc = (): Rich2Document =>
    text.split("\n").map((line): Rich2Document[number] => ({ type: "p", children: [{ text: line }] }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    onSubmit(doc())
      .then(() => {
        if (clearOnSubmit) setText("");
      })
      .catch((thrown: unknown) => setSubmitError(toApiError(thrown)));
  };
  const shown = submitError ?? error ?? null;
  return (
    <form onSubmit={submit}>
      <textarea aria-label={label} value={text} onChange={(event) => setText(event.target.value)} />
      {shown && <div role="alert">{shown.message}</div>}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

export default ComposerDouble;
