/** The groups add-on's widgets on its pages (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** A leader's invitation form on the group page (SPEC 3's invitation draft). */
    GroupInviteForm: { groupID: number };
    /** The new-discussion form of `/post/{type}/social-groups?groupid=N`. */
    GroupDiscussionForm: {
      groupID: number;
      groupName: string;
      groupUrl: string;
      categories: { categoryID: number; name: string }[];
    };
  }
}

export {};
