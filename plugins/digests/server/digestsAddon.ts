import "../api/digestsWidgets";
import { defineAddon } from "@library/server/addons/defineAddon";
import { Type } from "@sinclair/typebox";
import { defineDigestJobs, scheduleDigestTick } from "./digests/digestJobs";
import { digestsPages } from "./digests/digestsPages";
import { digestsRoutes } from "./digests/digestsRoutes";
import { digestsMigrations } from "./migrations/digestsMigrations";

/**
 * Email digests: a daily or weekly mail of the popular discussions and of new activity in what each member
 * follows, sent by jobs in batches, once per member and period, with a one-click unsubscribe.
 */
export const digestsAddon = defineAddon({
  key: "digests",
  migrations: digestsMigrations,
  settings: {
    "digests.frequency": {
      type: "enum",
      label: "Digest emails",
      description: "What members get unless they chose otherwise on their preferences page.",
      default: "off",
      options: [
        { value: "off", label: "Off" },
        { value: "daily", label: "Daily" },
        { value: "weekly", label: "Weekly" },
      ],
      write: "community.manage",
    },
    "digests.weekday": {
      type: "enum",
      label: "Day of the weekly digest",
      default: "monday",
      options: [
        { value: "monday", label: "Monday" },
        { value: "tuesday", label: "Tuesday" },
        { value: "wednesday", label: "Wednesday" },
        { value: "thursday", label: "Thursday" },
        { value: "friday", label: "Friday" },
        { value: "saturday", label: "Saturday" },
        { value: "sunday", label: "Sunday" },
      ],
      write: "community.manage",
    },
    "digests.hour": {
      type: "integer",
      label: "Hour digests are sent",
      description: "0 to 23, in the site's time zone.",
      default: 8,
      schema: Type.Integer({ minimum: 0, maximum: 23 }),
      write: "community.manage",
    },
    "digests.timeZone": {
      type: "string",
      label: "Site time zone",
      description: "For example Europe/Paris or America/New_York.",
      default: "UTC",
      schema: Type.String({ minLength: 1, maxLength: 64 }),
      write: "community.manage",
    },
  },
  register(registrar) {
    registrar.apiRoutes(digestsRoutes);
    registrar.pageRoutes(digestsPages);
    registrar.pageSlot("profile.preferences", {
      component: "DigestPreferenceControl",
      props: ({ viewer }) => (viewer.isGuest ? null : {}),
    });
    registrar.dashboardSection({
      key: "digests",
      path: "digests",
      label: "Email Digests",
      group: "Settings",
      component: "DigestsSection",
      permission: "community.manage",
      sort: 60,
    });
    registrar.extend(async (context, owner) => {
      defineDigestJobs(context, owner);
      try {
        await scheduleDigestTick(context);
      } catch (error) {
        context.log.error({ err: error }, "Could not schedule the digests' next look.");
      }
    });
  },
});
