/** The example add-on's widget on discussion pages, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** The site's greeting (setting `example.greeting`), between the original post and the comments. */
    ExampleGreeting: { greeting: string };
  }
}

export {};
