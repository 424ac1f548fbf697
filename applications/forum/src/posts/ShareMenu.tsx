import { Fragment, useMemo, type ReactNode } from "react";
import type { LayoutNode } from "@forum/api/widgetProps";
import { t } from "@library/src/i18n/translate";
import { isLayoutNode, LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { DropDownItemButton, DropDownItemLink } from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { SharedPostContext } from "@library/src/share/sharedPost";
import { emailShareUrl, shareUrl } from "./shareLinks";
import { useCopyLink } from "./useCopyLink";

export interface ShareMenuProps {
  url: string;
  name: string;
  /**
   * Items add-ons contribute (the `post.share` slot, e.g. Share In Message): nodes from a server-rendered page's
   * props, or elements already rendered by the single-page layout. They read the shared post from
   * `SharedPostContext` (library/src/share/sharedPost.ts), not from their own props.
   */
  items?: readonly (LayoutNode | ReactNode)[];
}

/** 'Share': Copy Link, Email Link and the contributed items; every link carries the share utm_source. */
export function ShareMenu({ url, name, items = [] }: ShareMenuProps) {
  const copyLink = useCopyLink();
  const sharedPost = useMemo(() => ({ name, sharedUrl: shareUrl(url) }), [name, url]);
  return (
    <DropDownMenu
      label={t("Share")}
      buttonContent={t("Share")}
      buttonVariant="text"
      buttonClassName="postActions-button"
    >
      <DropDownItemButton onClick={() => void copyLink(url)}>{t("Copy Link")}</DropDownItemButton>
      <DropDownItemLink href={emailShareUrl(name, sharedPost.sharedUrl)}>{t("Email Link")}</DropDownItemLink>
      <SharedPostContext.Provider value={sharedPost}>
        {items.map((item, index) =>
          isLayoutNode(item) ? (
            <LayoutRenderer key={index} nodes={[item]} />
          ) : (
            <Fragment key={index}>{item}</Fragment>
          ),
        )}
      </SharedPostContext.Provider>
    </DropDownMenu>
  );
}
