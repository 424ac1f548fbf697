/** The digests add-on's widget on the preferences page, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** The member's digest frequency (read and saved through `GET/PATCH /digests/preferences`). */
    DigestPreferenceControl: Record<string, never>;
  }
}

export {};
