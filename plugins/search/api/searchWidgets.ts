/** The search add-on's widget on discussion pages, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** 'Search this discussion' between the original post and the comments: a GET form to the search page. */
    DiscussionSearch: { discussionID: number };
  }
}

export {};
