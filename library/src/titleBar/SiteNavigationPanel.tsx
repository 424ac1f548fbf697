import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { accountLinkWithTarget } from "@library/src/titleBar/accountLinks";
import type { NavigationItem } from "@library/src/titleBar/navigationItems";
import { NestedNavigation } from "@library/src/titleBar/NestedNavigation";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface SiteNavigationPanelProps {
  isVisible: boolean;
  onClose: () => void;
  currentUrl: string;
  items: NavigationItem[];
  signInUrl: string;
  /** Empty on an invitation-only site: no Register. */
  registrationUrl: string;
}

/** Compact widths: the 'Site Navigation' side panel from the left, with the mobile-only sign-in entries. */
export function SiteNavigationPanel({
  isVisible,
  onClose,
  currentUrl,
  items,
  signInUrl,
  registrationUrl,
}: SiteNavigationPanelProps) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return (
    <Modal
      isVisible={isVisible}
      onClose={onClose}
      title={t("Site Navigation")}
      size="sidePanelLeft"
      className="titleBarPanel"
    >
      <NestedNavigation items={items} currentUrl={currentUrl} />
      {!isSignedIn && (
        <div className="titleBarPanel-guest">
          <a className="button button--primary" href={accountLinkWithTarget(signInUrl, currentUrl)}>
            {t("Sign In")}
          </a>
          {registrationUrl && (
            <a className="button button--standard" href={accountLinkWithTarget(registrationUrl, currentUrl)}>
              {t("Register")}
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
