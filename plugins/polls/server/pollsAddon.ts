import { defineAddon } from "@library/server/addons/defineAddon";
import type { FastifyInstance } from "fastify";
import { POLL_RESULTS_VISIBILITY } from "../api/pollLimits";
import { pollsMigrations } from "./migrations/pollsMigrations";
import { PollChanges } from "./polls/pollChanges";
import { pollPostType } from "./polls/pollDefinition";
import { pollsRoutes } from "./polls/pollsRoutes";
import { RESULTS_VISIBILITY_SETTING } from "./polls/pollsQueries";
import { registerPollWidget } from "./polls/pollWidget";
import { seedPollsDemo } from "./seed/pollsSeed";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "polls.vote": true;
  }
}

/**
 * Polls: the `poll` post type (a question and 2 to 10 options in the discussion's postMeta), one ballot per
 * member (single or multiple choice, changed or taken back until the poll closes), results shown at once or
 * after voting, live in every open page, and closing by the author or a moderator. Disabling the add-on
 * removes the post type, the routes and the widget; the ballots stay.
 */
export const pollsAddon = defineAddon({
  key: "polls",
  migrations: pollsMigrations,
  settings: {
    [RESULTS_VISIBILITY_SETTING]: {
      type: "enum",
      label: "Poll results",
      description: "When members see how others voted.",
      default: "always",
      options: [
        { value: POLL_RESULTS_VISIBILITY[0], label: "Always" },
        { value: POLL_RESULTS_VISIBILITY[1], label: "After voting (or once the poll closes)" },
      ],
    },
  },
  permissions: {
    "polls.vote": { label: "Vote in polls", default: "member" },
  },
  register(registrar) {
    const changes = new PollChanges();
    registrar.postType(pollPostType);
    registrar.apiRoutes(async (api, context) => {
      await api.register(async (scope: FastifyInstance) => pollsRoutes(scope, context, changes));
    });
    registerPollWidget(registrar);
    registrar.extend((context) => changes.attach(context));
  },
  seedDemo: seedPollsDemo,
});
