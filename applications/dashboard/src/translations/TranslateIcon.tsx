/** The translate icon (SPEC 2 Content translator): a speech bubble with "A" and "文". */
export function TranslateIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M2.5 3.5h8M6.5 2v1.5M4 3.5c.6 2.6 2.3 4.6 4.8 5.8M9 3.5c-.6 2.8-2.5 5-5.5 6.5"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <path
        d="M10.5 17.5l3.25-8 3.25 8M11.7 14.6h4.1"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
