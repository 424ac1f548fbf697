/** The conversations add-on's widgets in the forum's page slots, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /**
     * 'Share In Message' in a post's Share menu: opens a new message holding the post's link. No props: the link is
     * the menu's shared post (`useSharedPost`), so a page of 30 comments does not carry 31 encoded links.
     */
    ShareInMessage: Record<string, never>;
    /** 'Message' on another member's profile: a new message to them. */
    ProfileMessageButton: {
      /** The new-message page addressed to the member (site path). */
      href: string;
    };
  }
}

export {};
