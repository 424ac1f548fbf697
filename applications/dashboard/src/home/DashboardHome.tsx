import type { ActivityDay, JobCounts, SiteHealth } from "@forum/api/dashboard";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { apiv2 } from "@library/src/api/apiClient";
import { t } from "@library/src/i18n/translate";
import { dataOf } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fetchAddons, selectAddons } from "../addons/addonsSlice";
import { readDashboardBootstrap } from "../shell/dashboardBootstrap";
import { formatBytes } from "@library/src/formatting/numbers";
import { relativePhrase } from "@library/src/formatting/relativeTime";
import { ActivityChart } from "./ActivityChart";
import "./dashboardHome.css";

const DIALECT_NAMES: Record<string, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

function Card({ label, value, link }: { label: string; value: string; link?: { to: string; text: string } }) {
  return (
    <div className="dashboardCard">
      <p className="dashboardCard-label">{label}</p>
      <p className="dashboardCard-value">{value}</p>
      {link && (
        <Link className="dashboardCard-link" to={link.to}>
          {link.text}
        </Link>
      )}
    </div>
  );
}

/** Dashboard home: the site's version and database, the job backlog and the add-ons' health at a glance. */
export function DashboardHome() {
  const dispatch = useAppDispatch();
  const bootstrap = readDashboardBootstrap();
  const addons = dataOf(useAppSelector(selectAddons));
  const [counts, setCounts] = useState<JobCounts | null>(null);
  const [health, setHealth] = useState<SiteHealth | null>(null);
  const [activity, setActivity] = useState<ActivityDay[] | null>(null);
  useEffect(() => {
    void dispatch(fetchAddons());
    void apiv2
      .get<JobCounts>("jobs/counts")
      .then((response) => setCounts(response.data))
      .catch(() => setCounts(null));
    void apiv2
      .get<SiteHealth>("dashboard/health")
      .then((response) => setHealth(response.data))
      .catch(() => setHealth(null));
    void apiv2
      .get<ActivityDay[]>("dashboard/activity", { params: { days: 30 } })
      .then((response) => setActivity(response.data))
      .catch(() => setActivity(null));
  }, [dispatch]);
  const failedAddons = addons?.filter((addon) => addon.state === "failed").length ?? 0;
  const enabledAddons = addons?.filter((addon) => addon.enabled).length ?? 0;
  const disk =
    health?.diskFreeBytes != null && health.diskTotalBytes != null
      ? `${formatBytes(health.diskFreeBytes)} / ${formatBytes(health.diskTotalBytes)}`
      : "…";
  return (
    <>
      <div className="dashboardCards">
        <Card label={t("Version")} value={bootstrap?.version ?? "…"} />
        <Card
          label={t("Database")}
          value={DIALECT_NAMES[bootstrap?.dialect ?? ""] ?? bootstrap?.dialect ?? "…"}
        />
        <Card
          label={t("Jobs waiting")}
          value={counts ? String(counts.pending + counts.running) : "…"}
          link={{ to: "/dashboard/jobs?status=pending", text: t("View jobs") }}
        />
        <Card
          label={t("Jobs failed")}
          value={counts ? String(counts.failed + counts.dead) : "…"}
          link={{ to: "/dashboard/jobs?status=dead", text: t("View dead jobs") }}
        />
        <Card
          label={t("Addons enabled")}
          value={addons ? String(enabledAddons) : "…"}
          link={{
            to: "/dashboard/addons",
            text: failedAddons ? t("Some addons failed to load") : t("Manage addons"),
          }}
        />
        <Card label={t("Disk free")} value={disk} />
        <Card
          label={t("Last backup")}
          value={
            health
              ? health.lastBackup
                ? relativePhrase(health.lastBackup.dateInserted)
                : t("None yet")
              : "…"
          }
          link={{ to: "/dashboard/backups", text: t("Backups") }}
        />
      </div>
      {activity && <ActivityChart days={activity} />}
    </>
  );
}
