/** The conversations add-on's widgets in the forum's page slots, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** 'Share In Message' in a post's Share menu: opens a new message holding the post's link. */
    ShareInMessage: {
      /** The new-message page with the shared link as its content (site path). */
      href: string;
    };
    /** 'Message' on another member's profile: a new message to them. */
    ProfileMessageButton: {
      /** The new-message page addressed to the member (site path). */
      href: string;
    };
  }
}

export {};
