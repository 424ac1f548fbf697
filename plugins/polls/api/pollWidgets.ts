import type { Poll } from "./pollsApi";

/** The polls add-on's widgets in the forum's page slots, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** The poll of a poll discussion, under its original post: the ballot, then the results. */
    PollWidget: {
      discussionID: number;
      /** The poll as a guest sees it; the widget then loads the member's own vote and keeps it live. */
      poll: Poll;
    };
  }
}

export {};
