import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";

/** The author's signature under a post: HTML the server sanitised when it was saved (hidden on phones if set). */
export function PostSignature({ html, hideMobile }: RenderedWidgetProps<"PostSignature">) {
  return (
    <div
      className={hideMobile ? "signature signature-hideMobile" : "signature"}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
