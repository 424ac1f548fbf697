import type { ReactNode } from "react";

/** Small 20×20 stroke icons for the editor toolbar, drawn in currentColor. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="richEditor-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BoldIcon = () => (
  <Icon>
    <path d="M6 4h5a3 3 0 0 1 0 6H6zM6 10h6a3 3 0 0 1 0 6H6z" />
  </Icon>
);
export const ItalicIcon = () => (
  <Icon>
    <path d="M9 4h6M5 16h6M12 4 8 16" />
  </Icon>
);
export const StrikeIcon = () => (
  <Icon>
    <path d="M4 10h12M13.5 6.5C13 5 11.7 4 10 4 8 4 6.5 5.2 6.5 6.8c0 1 .6 1.8 1.6 2.3M7 13.5c.5 1.5 1.8 2.5 3.5 2.5 2 0 3.5-1.2 3.5-2.8 0-.6-.2-1.1-.5-1.5" />
  </Icon>
);
export const InlineCodeIcon = () => (
  <Icon>
    <path d="m7 6-4 4 4 4M13 6l4 4-4 4" />
  </Icon>
);
export const LinkIcon = () => (
  <Icon>
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9" />
  </Icon>
);
export const HeadingIcon = ({ level }: { level: 2 | 3 }) => (
  <Icon>
    <path d="M3 4v12M10 4v12M3 10h7" />
    {level === 2 ? (
      <path d="M13 9.5a2 2 0 0 1 4 .3c0 1.7-4 3-4 6.2h4" />
    ) : (
      <path d="M13 9h4l-2.2 2.6a2.2 2.2 0 1 1-1.8 3.6" />
    )}
  </Icon>
);
export const BulletListIcon = () => (
  <Icon>
    <path d="M8 5h9M8 10h9M8 15h9" />
    <circle cx="4" cy="5" r="0.8" fill="currentColor" />
    <circle cx="4" cy="10" r="0.8" fill="currentColor" />
    <circle cx="4" cy="15" r="0.8" fill="currentColor" />
  </Icon>
);
export const NumberedListIcon = () => (
  <Icon>
    <path d="M8 5h9M8 10h9M8 15h9M3 4l1.2-.8V7M3 11.5a1 1 0 1 1 1.6.8L3 14h2" />
  </Icon>
);
export const BlockquoteIcon = () => (
  <Icon>
    <path d="M4 5v10M8 6h8M8 10h8M8 14h5" />
  </Icon>
);
export const CodeBlockIcon = () => (
  <Icon>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <path d="m7 8-2 2 2 2M13 8l2 2-2 2M11 7.5 9 12.5" />
  </Icon>
);
export const SpoilerIcon = () => (
  <Icon>
    <path d="M2.5 10S5 5 10 5s7.5 5 7.5 5-2.5 5-7.5 5-7.5-5-7.5-5z" />
    <path d="M3 17 17 3" />
  </Icon>
);
export const ImageIcon = () => (
  <Icon>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <circle cx="7" cy="8" r="1.5" />
    <path d="m17.5 13-4-4-8 7.5" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="m5 5 10 10M15 5 5 15" />
  </Icon>
);
export const AttachIcon = () => (
  <Icon>
    <path d="M15.5 9.5l-5.8 5.8a3.5 3.5 0 0 1-5-5l6.4-6.4a2.3 2.3 0 0 1 3.3 3.3l-6.3 6.3a1.2 1.2 0 0 1-1.7-1.7l5.7-5.7" />
  </Icon>
);
