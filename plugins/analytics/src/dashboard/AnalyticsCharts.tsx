import { t } from "@library/src/i18n/translate";
import type { AnalyticsDay } from "../../api/analyticsApi";
import { formatFullNumber } from "@library/src/formatting/numbers";

type Series = "views" | "visitors" | "posts" | "activeMembers";

const SERIES: { key: Series; label: string }[] = [
  { key: "views", label: "Page views" },
  { key: "visitors", label: "Unique visitors" },
  { key: "posts", label: "Posts" },
  { key: "activeMembers", label: "Active members" },
];

const WIDTH = 300;
const HEIGHT = 90;

/** One series as bars with its total and its first and last dates; screen readers read the table instead. */
function Bars({ days, series, label }: { days: readonly AnalyticsDay[]; series: Series; label: string }) {
  const values = days.map((day) => day[series]);
  const max = Math.max(1, ...values);
  const slot = WIDTH / Math.max(1, values.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="analyticsChart" aria-hidden="true">
      <figcaption className="analyticsChart-caption">
        <span className="analyticsChart-label">{t(label)}</span>
        <span className="analyticsChart-total">{formatFullNumber(total)}</span>
      </figcaption>
      <svg
        className="analyticsChart-bars"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
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
            >
              <title>{`${days[index]?.date ?? ""}: ${value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="analyticsChart-axis">
        <span>{days[0]?.date}</span>
        <span>{days[days.length - 1]?.date}</span>
      </div>
    </figure>
  );
}

/** Views, unique visitors, posts and active members per day: four bar charts and the same numbers as a table. */
export function AnalyticsCharts({ days }: { days: readonly AnalyticsDay[] }) {
  return (
    <div className="analyticsCharts">
      <div className="analyticsCharts-grid">
        {SERIES.map((item) => (
          <Bars key={item.key} days={days} series={item.key} label={item.label} />
        ))}
      </div>
      {/* A table keeps the width of its content: hidden inside a box that can be 1px wide. */}
      <div className="sr-only">
        <table>
          <caption>{t("Analytics per day")}</caption>
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
    </div>
  );
}
