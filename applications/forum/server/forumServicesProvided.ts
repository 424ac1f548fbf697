import { provideForumServices } from "@library/server/addons/forumServices";
import { createComment } from "./comments/commentCreate";
import { createDiscussion } from "./discussions/discussionCreate";
import { getViewableDiscussion } from "./discussions/discussionRows";

// What add-ons may use of the forum without importing it (library/server/addons/forumServices.ts).
provideForumServices({
  viewableDiscussion: async (context, viewer, discussionID) =>
    (await getViewableDiscussion(context, viewer, discussionID)).row,
  createDiscussion: (context, viewer, body) => createDiscussion(context, viewer, body),
  createComment: (context, viewer, body) => createComment(context, viewer, body),
});
