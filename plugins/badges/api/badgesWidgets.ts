/** The badges add-on's widgets on forum pages, added to the page trees' widget map (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** The badges a member holds, on their Profile tab. */
    ProfileBadges: { badges: { name: string; icon: string; url: string; description: string }[] };
    /** The members with the most points, on the home page. */
    BadgesLeaderboard: {
      entries: { userID: number; name: string; url: string; photoUrl: string; points: number }[];
    };
  }
}

export {};
