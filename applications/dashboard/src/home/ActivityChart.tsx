import type { ActivityDay } from "@forum/api/dashboard";
import { t } from "@library/src/i18n/translate";
import { formatFullNumber } from "@library/src/formatting/numbers";

type Series = "discussions" | "comments" | "members" | "pageViews";

const SERIES: { key: Series; label: string }[] = [
  { key: "discussions", label: "New discussions" },
  { key: "comments", label: "New comments" },
  { key: "members", label: "New members" },
  { key: "pageViews", label: "Page views" },
];

const WIDTH = 300;
const HEIGHT = 80;

/** One series as bars, with its total; the numbers are in the table below for screen readers. */
function Bars({ days, series, label }: { days: readonly ActivityDay[]; series: Series; label: string }) {
  const values = days.map((day) => day[series]);
  const max = Math.max(1, ...values);
  const slot = WIDTH / Math.max(1, values.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="activityChart">
      <figcaption className="activityChart-caption">
        <span className="activityChart-label">{t(label)}</span>
        <span className="activityChart-total">{formatFullNumber(total)}</span>
      </figcaption>
      <svg
        className="activityChart-bars"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {values.map((value, index) => {
          const height = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 4));
          return (
            <rect
              key={days[index]?.date ?? index}
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
            />
          );
        })}
      </svg>
    </figure>
  );
}

/**
 * The site's activity per day: a small bar chart per series (drawn here in SVG: four bar charts need no chart
 * library in the bundle) and the same numbers as a table that screen readers read.
 */
export function ActivityChart({ days }: { days: readonly ActivityDay[] }) {
  return (
    <section className="activityCharts" aria-labelledby="activityCharts-title">
      <h2 className="dashboardSection-title" id="activityCharts-title">
        {t("Activity, last 30 days")}
      </h2>
      <div className="activityCharts-grid">
        {SERIES.map((item) => (
          <Bars key={item.key} days={days} series={item.key} label={item.label} />
        ))}
      </div>
      {/* A table keeps the width of its content: hidden inside a box that can be 1px wide. */}
      <div className="sr-only">
        <table>
          <caption>{t("Activity per day")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Date")}</th>
              {SERIES.map((item) => (
                <th key={item.key} scope="col">
                  {t(item.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                {SERIES.map((item) => (
                  <td key={item.key}>{day[item.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
