import type { ReactNode } from "react";
import type { RenderElementProps } from "slate-react";
import { t } from "@library/src/i18n/translate";
import { QuoteCard } from "@library/src/editor/elements/QuoteCard";
import { ImageElement, MentionChip, RuleElement } from "@library/src/editor/elements/VoidElements";

/** How each rich2 node looks while editing. */
export function EditorElement(props: RenderElementProps) {
  const { attributes, element } = props;
  const children: ReactNode = <>{props.children}</>;
  switch (element.type) {
    case "h2":
      return <h2 {...attributes}>{children}</h2>;
    case "h3":
      return <h3 {...attributes}>{children}</h3>;
    case "h4":
      return <h4 {...attributes}>{children}</h4>;
    case "h5":
      return <h5 {...attributes}>{children}</h5>;
    case "ul":
      return <ul {...attributes}>{children}</ul>;
    case "ol":
      return <ol {...attributes}>{children}</ol>;
    case "li":
      return <li {...attributes}>{children}</li>;
    case "blockquote":
      return (
        <blockquote {...attributes} className="richEditor-blockquote">
          {children}
        </blockquote>
      );
    case "code_block":
      return (
        <pre {...attributes} className="richEditor-codeBlock">
          <code>{children}</code>
        </pre>
      );
    case "spoiler":
      return (
        <div {...attributes} className="richEditor-spoiler">
          <span contentEditable={false} className="richEditor-spoiler-label">
            {t("Spoiler")}
          </span>
          {children}
        </div>
      );
    case "a":
      return (
        <a
          {...attributes}
          href={element.url}
          className="richEditor-link"
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </a>
      );
    case "mention":
      return <MentionChip {...props} element={element} />;
    case "img":
      return <ImageElement {...props} element={element} />;
    case "hr":
      return <RuleElement {...props} />;
    case "quote":
      return <QuoteCard {...props} element={element} />;
    case "p":
      return <p {...attributes}>{children}</p>;
  }
}
