import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { paths } from "@library/src/routing/paths";

/** The logo linking home: the logo image when one is set, else the site title. */
export function TitleBarLogo({ siteTitle, logoUrl }: { siteTitle: string; logoUrl: string }) {
  return (
    <a className="titleBar-logo" href={siteUrl(paths.home)}>
      {logoUrl ? <img src={logoUrl} alt={siteTitle} className="titleBar-logoImage" /> : siteTitle}
    </a>
  );
}
