import type { ReactNode } from "react";
import { t } from "@library/src/i18n/translate";
import "@applications/forum/src/layouts/sectionThreeColumns.css";

/** Left, middle and right panels (API.md 17): three columns from 1200 px, stacked below (SPEC 9). */
export function SectionThreeColumns({
  leftBottom,
  middleBottom,
  rightBottom,
}: {
  leftBottom?: ReactNode;
  middleBottom?: ReactNode;
  rightBottom?: ReactNode;
}) {
  return (
    <section className="layoutSection layoutSection-threeColumns">
      <aside className="layoutSection-left" aria-label={t("Left panel")}>
        {leftBottom}
      </aside>
      <div className="layoutSection-middle">{middleBottom}</div>
      <aside className="layoutSection-right" aria-label={t("Right panel")}>
        {rightBottom}
      </aside>
    </section>
  );
}
