/** The search add-on's widgets (discussion pages, the home page's hero), added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** 'Search this discussion' between the original post and the comments: a GET form to the search page. */
    DiscussionSearch: {
      discussionID: number;
      /** The search page's query parameter (`query`, or `search` on the old page): the site's setting. */
      queryParam?: "query" | "search";
    };
    /** The home page hero's search bar: a GET form to the search page (the autocomplete takes it over). */
    HeroSearchForm: {
      /** The search page (site path). */
      action: string;
      /** A layout's banner asks for the 'Search In' scope selector (site or hub). */
      showScope?: boolean;
    };
  }
}

export {};
