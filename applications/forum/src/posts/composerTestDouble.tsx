// A stand-in for the lazy Slate Composer (jsdom cannot run Slate's selection APIs): a textarea whose lines
// become paragraphs, and a handle that lists inserted quotes, so tests see what PostActions sent.
import { useImperativeHandle, useRef, useState, type FormEvent } from "react";
import type { Rich2Document, Rich2Quote } from "@forum/api/rich2";
import type { ComposerProps } from "@library/src/editor/Composer";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { documentToPlainText } from "@library/src/editor/serialize";

function ComposerDouble({
  submitLabel,
  label,
  onSubmit,
  error,
  initialValue,
  editorRef,
  onChange,
  secondaryActions,
}: ComposerProps) {
  const [text, setText] = useState(() => (initialValue ? documentToPlainText(initialValue) : ""));
  const [quotes, setQuotes] = useState<Rich2Quote[]>([]);
  const [submitError, setSubmitError] = useState<ApiError | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(editorRef, () => ({
    insertQuote: (quote) => setQuotes((list) => [...list, quote]),
    focus: () => area.current?.focus(),
    clear: () => setText(""),
    insertMention: (name) => setText((value) => `${value}@${name} `),
  }));
  const doc = (value: string = text): Rich2Document => [
    ...quotes,
    ...value.split("\n").map((line): Rich2Document[number] => ({ type: "p", children: [{ text: line }] })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(doc()).catch((thrown: unknown) => setSubmitError(toApiError(thrown)));
  };
  const shown = submitError ?? error ?? null;
  return (
    <form onSubmit={submit}>
      <textarea
        ref={area}
        aria-label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(doc(event.target.value));
        }}
      />
      {quotes.map((quote, index) => (
        <blockquote key={index} aria-label={`Quote of ${quote.author.name}`} data-url={quote.url}>
          {documentToPlainText(quote.children)}
        </blockquote>
      ))}
      {shown && <div role="alert">{shown.message}</div>}
      {secondaryActions}
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

export default ComposerDouble;
export const Composer = ComposerDouble;
