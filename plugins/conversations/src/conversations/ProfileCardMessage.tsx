import type { User } from "@forum/api/users";
import { getConfig, siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { encodeUsername } from "@library/src/routing/paths";
/** The site setting of private conversations (declared by the add-on). */
const ENABLED_SETTING = "context.conversationsEnabled";

/** 'Message' on a member's profile card: for members who may message, while private conversations are on. */
export function ProfileCardMessage({ user }: { user: User }) {
  const hasPermission = usePermissionsChecker();
  if (user.banned === 1 || !hasPermission("conversations.add") || !getConfig(ENABLED_SETTING, false))
    return null;
  return (
    <a
      className="button button--primary profileCard-message"
      href={siteUrl(`/messages/add/${encodeUsername(user.name)}`)}
    >
      {t("Message")}
    </a>
  );
}
