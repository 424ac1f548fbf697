import { useCallback, useEffect, useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { Loader } from "@library/src/ui/Loader/Loader";
import type { AnalyticsReport } from "../../api/analyticsApi";
import { AnalyticsCharts } from "./AnalyticsCharts";
import { fetchAnalyticsReport } from "./analyticsAdminApi";
import "./analytics.css";
import { formatFullNumber } from "@library/src/formatting/numbers";

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 30 days, today included. */
export function defaultRange(now = Date.now()): { from: string; to: string } {
  return { from: dayOf(now - 29 * DAY_MS), to: dayOf(now) };
}

/**
 * Dashboard › Analytics: views, unique visitors, posts and active members per day for a chosen range (charts,
 * and a table for screen readers), the most viewed discussions and the searches that found nothing.
 */
export function AnalyticsSection() {
  const [range, setRange] = useState(defaultRange);
  const [draft, setDraft] = useState(range);
  const [report, setReport] = useState<AnalyticsReport | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchAnalyticsReport(range.from, range.to)
      .then(setReport)
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  }, [range]);
  useEffect(load, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    setRange(draft);
  };
  const fieldErrors = (field: string) => error?.errors[field];

  return (
    <div className="analyticsSection">
      <form className="dashboardToolbar analyticsRange" aria-label={t("Date range")} onSubmit={submit}>
        <InputField
          label={t("From")}
          type="date"
          required
          value={draft.from}
          max={draft.to}
          errors={fieldErrors("from")}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <InputField
          label={t("To")}
          type="date"
          required
          value={draft.to}
          min={draft.from}
          errors={fieldErrors("to")}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <Button type="submit" variant="primary" compact>
          {t("Show")}
        </Button>
      </form>
      {error && Object.keys(error.errors).length === 0 ? (
        <p className="analyticsSection-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {!report && !error ? <Loader /> : null}
      {report ? (
        <>
          <AnalyticsCharts days={report.days} />
          <div className="analyticsLists">
            <section aria-labelledby="analytics-top-title">
              <h2 className="analyticsLists-title" id="analytics-top-title">
                {t("Top discussions by views")}
              </h2>
              {report.topDiscussions.length === 0 ? (
                <p className="dashboardEmpty">{t("No discussion was viewed in this range.")}</p>
              ) : (
                <table className="dashboardTable">
                  <thead>
                    <tr>
                      <th scope="col">{t("Discussion")}</th>
                      <th scope="col">{t("Views")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.topDiscussions.map((discussion) => (
                      <tr key={discussion.discussionID}>
                        <td className="dashboardTable-name" data-label={t("Discussion")}>
                          <a href={discussion.url}>{discussion.name}</a>
                        </td>
                        <td data-label={t("Views")}>{formatFullNumber(discussion.views)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-labelledby="analytics-searches-title">
              <h2 className="analyticsLists-title" id="analytics-searches-title">
                {t("Searches with no results")}
              </h2>
              {report.searchesWithoutResults.length === 0 ? (
                <p className="dashboardEmpty">{t("Every search found something.")}</p>
              ) : (
                <table className="dashboardTable">
                  <thead>
                    <tr>
                      <th scope="col">{t("Search terms")}</th>
                      <th scope="col">{t("Searches")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.searchesWithoutResults.map((search) => (
                      <tr key={search.terms}>
                        <td data-label={t("Search terms")}>{search.terms}</td>
                        <td data-label={t("Searches")}>{formatFullNumber(search.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
