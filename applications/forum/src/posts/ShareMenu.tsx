import { t } from "@library/src/i18n/translate";
import { DropDownItemButton, DropDownItemLink } from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { emailShareUrl, messageShareUrl } from "./shareLinks";
import { useCopyLink } from "./useCopyLink";

export interface ShareMenuProps {
  url: string;
  name: string;
  /** Share In Message needs conversations enabled and the right to message (SPEC 6). */
  canShareInMessage: boolean;
}

/** 'Share': Copy Link, Email Link and (when allowed) Share In Message; every link carries the share utm_source. */
export function ShareMenu({ url, name, canShareInMessage }: ShareMenuProps) {
  const copyLink = useCopyLink();
  return (
    <DropDownMenu
      label={t("Share")}
      buttonContent={t("Share")}
      buttonVariant="text"
      buttonClassName="postActions-button"
    >
      <DropDownItemButton onClick={() => void copyLink(url)}>{t("Copy Link")}</DropDownItemButton>
      <DropDownItemLink href={emailShareUrl(name, url)}>{t("Email Link")}</DropDownItemLink>
      {canShareInMessage && (
        <DropDownItemLink href={messageShareUrl(url)}>{t("Share In Message")}</DropDownItemLink>
      )}
    </DropDownMenu>
  );
}
