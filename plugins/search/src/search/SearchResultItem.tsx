import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import type { SearchResult } from "../../api/searchApi";

/** One result: title link, breadcrumbs, the excerpt with matched terms marked (server-escaped), author, date. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  const crumbs = (result.breadcrumbs ?? []).slice(1);
  return (
    <li className="searchResult">
      <h2 className="searchResult-title" dir="auto">
        <a href={siteUrl(result.url)}>{result.name}</a>
      </h2>
      {crumbs.length > 0 && (
        <p className="searchResult-crumbs">{crumbs.map((crumb) => crumb.name).join(" › ")}</p>
      )}
      {result.highlight && (
        // The server escapes the text and adds only <mark>.
        <p
          className="searchResult-excerpt"
          dir="auto"
          dangerouslySetInnerHTML={{ __html: result.highlight }}
        />
      )}
      <p className="searchResult-meta">
        {result.insertUser && result.recordType !== "user" && (
          <span dir="auto">{result.insertUser.name}</span>
        )}
        <DateTime timestamp={result.dateInserted} />
        {(result.labelCodes ?? []).map((label) => (
          <span key={label} className="metaBadge">
            {t(label)}
          </span>
        ))}
      </p>
    </li>
  );
}
