import { reactionIconPath } from "@forum/api/reactionIcons";

/** A reaction type's outline icon (24-unit grid, drawn with the current text colour). */
export function ReactionIcon({ urlcode }: { urlcode: string }) {
  return (
    <svg
      className="reactionIcon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={reactionIconPath(urlcode)} />
    </svg>
  );
}
