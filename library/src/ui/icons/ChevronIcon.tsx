export function ChevronIcon({
  direction = "down",
  size = 16,
}: {
  direction?: "down" | "left" | "right" | "up";
  size?: number;
}) {
  const rotation = { down: 0, left: 90, up: 180, right: 270 }[direction];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={{ transform: `rotate(${rotation}deg)` }}
    >
      <path
        d="M4 6l4 4 4-4"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
