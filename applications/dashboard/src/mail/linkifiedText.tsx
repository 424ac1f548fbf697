import type { ReactNode } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its http(s) URLs as links (a mail's reset or confirmation link is one click away). */
export function linkifiedText(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} rel="noreferrer noopener">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
