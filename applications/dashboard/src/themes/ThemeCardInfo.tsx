import type { Theme } from "@forum/api/themes";
import { fullDate } from "@library/src/formatting/relativeTime";
import { t } from "@library/src/i18n/translate";

/** The facts of a card's preview the product knows how to label; others are left out. */
function labelOf(key: string): string | null {
  if (key === "Created") return t("Created");
  if (key === "Template") return t("Template");
  return null;
}

/** A theme card's facts (API.md 19 `preview.info`): when it was made, which template it started from. */
export function ThemeCardInfo({ theme }: { theme: Theme }) {
  const entries = Object.entries(theme.preview?.info ?? {}).flatMap(([key, fact]) => {
    const label = labelOf(key);
    return label ? [{ key, label, fact }] : [];
  });
  if (entries.length === 0) return null;
  return (
    <dl className="themeCard-info">
      {entries.map(({ key, label, fact }) => (
        <div key={key} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>
            {fact.type === "date" ? <time dateTime={fact.value}>{fullDate(fact.value)}</time> : fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
