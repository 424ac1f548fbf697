import { siteUrl } from "@library/src/bootstrap/bootstrap";

/** The logo linking home (or where the title bar config says): the logo image when one is set, else the title. */
export function TitleBarLogo({
  siteTitle,
  logoUrl,
  href,
}: {
  siteTitle: string;
  logoUrl: string;
  href: string;
}) {
  return (
    <a className="titleBar-logo" href={siteUrl(href)}>
      {logoUrl ? <img src={logoUrl} alt={siteTitle} className="titleBar-logoImage" /> : siteTitle}
    </a>
  );
}
