import "../../api/conversationWidgets";
import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { useSharedPost } from "@library/src/share/sharedPost";
import { DropDownItemLink } from "@library/src/ui/DropDownMenu/DropDownItems";

/** 'Share In Message' in a post's Share menu (the `post.share` slot): a new message holding the shared link. */
export function ShareInMessage() {
  const { sharedUrl } = useSharedPost();
  return (
    <DropDownItemLink href={siteUrl(`/messages/add?content=${encodeURIComponent(sharedUrl)}`)}>
      {t("Share In Message")}
    </DropDownItemLink>
  );
}

/** 'Message' on another member's profile (the `profile.actions` slot). */
export function ProfileMessageButton({ href }: WidgetPropsMap["ProfileMessageButton"]) {
  return (
    <a className="button button-primary" href={siteUrl(href)}>
      {t("Message")}
    </a>
  );
}
