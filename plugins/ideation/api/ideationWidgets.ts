import type { Idea, IdeaStatus } from "./ideationApi";

/** The ideation add-on's widgets in the forum's page slots (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** Under an idea: its score, up/down votes and status (managers change it). */
    IdeaVoting: {
      discussionID: number;
      /** The idea as anyone of the viewer's roles sees it; the widget loads the member's own vote. */
      idea: Idea;
      statuses: IdeaStatus[];
    };
  }
}

export {};
