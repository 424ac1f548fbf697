import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Pager } from "@library/src/ui/Pager/Pager";
import { pageUrl } from "./pageUrls";

export interface DiscussionPagerProps {
  page: number;
  limit: number;
  total: number;
  baseUrl: string;
}

/** The UI kit Pager over a server-rendered list: every move is a full page load of `${baseUrl}/p{n}`. */
export function DiscussionPager({ page, limit, total, baseUrl }: DiscussionPagerProps) {
  return (
    <div className="discussionPager">
      <Pager
        page={page}
        limit={limit}
        total={total}
        onChange={(next) => fullPageNavigate(pageUrl(baseUrl, next))}
      />
    </div>
  );
}
