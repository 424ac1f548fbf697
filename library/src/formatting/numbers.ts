import { cachedFormatter, isSourceLocale } from "./intlLocale";

const UNITS: Array<[number, string]> = [
  [1e12, "t"],
  [1e9, "b"],
  [1e6, "m"],
  [1e3, "k"],
];

/** English digits and separators for what is not a whole number, made once. */
let englishNumbers: Intl.NumberFormat | null = null;

/**
 * A whole number with English thousands separators, written directly: a page in a fresh tab paid for the first
 * `Intl.NumberFormat` (`toLocaleString("en-US")` made one per call) about 40–55 ms of a member's discussion list in
 * Chromium, for counts that need only commas.
 */
function englishNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return (englishNumbers ??= new Intl.NumberFormat("en-US")).format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/** "1,234,567" in English; the reader's own digits and separators in their language ("1 234 567", "1.234.567"). */
export function formatFullNumber(value: number): string {
  if (isSourceLocale()) return englishNumber(value);
  return cachedFormatter("number", (locale) => new Intl.NumberFormat(locale)).format(value);
}

function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/**
 * Abbreviate: k at 1,000, m at 1e6, b at 1e9, t at 1e12, one decimal ("1.5k", "2m"); in another language, its own
 * compact form ("1,5 k", "1.5万").
 */
export function abbreviateNumber(value: number): string {
  if (!isSourceLocale() && Math.abs(value) >= 1000)
    return cachedFormatter(
      "compact",
      (locale) => new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }),
    ).format(value);
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  for (let i = 0; i < UNITS.length; i++) {
    const [size, suffix] = UNITS[i]!;
    if (abs >= size) {
      const scaled = Math.round((abs / size) * 10) / 10;
      // 999,950 rounds to 1000.0k: promote to the next unit.
      const bigger = UNITS[i - 1];
      if (scaled >= 1000 && bigger) return `${sign}${oneDecimal(abs / bigger[0])}${bigger[1]}`;
      return `${sign}${oneDecimal(scaled)}${suffix}`;
    }
  }
  if (abs >= 999.95 && abs < 1000) return `${sign}1k`;
  return `${sign}${formatFullNumber(abs)}`;
}

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Byte sizes with two decimals: "512 B", "1.50 KB", "3.00 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let index = 0;
  let value = bytes;
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  return `${value.toFixed(2)} ${BYTE_UNITS[index]}`;
}

export const COUNT_BADGE_MAX = 99;

/** "99+" above 99. */
export function formatCount(count: number, max = COUNT_BADGE_MAX): string {
  return count > max ? `${max}+` : String(count);
}
