import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";
import { getMainNavigation } from "@library/src/titleBar/navigationItems";
import { NestedNavigation } from "@library/src/titleBar/NestedNavigation";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface SiteNavigationPanelProps {
  isVisible: boolean;
  onClose: () => void;
  currentUrl: string;
}

/** Compact widths: the 'Site Navigation' side panel from the left, with the mobile-only sign-in entries. */
export function SiteNavigationPanel({ isVisible, onClose, currentUrl }: SiteNavigationPanelProps) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return (
    <Modal
      isVisible={isVisible}
      onClose={onClose}
      title={t("Site Navigation")}
      size="sidePanelLeft"
      className="titleBarPanel"
    >
      <NestedNavigation items={getMainNavigation()} currentUrl={currentUrl} />
      {!isSignedIn && (
        <div className="titleBarPanel-guest">
          <a className="button button--primary" href={siteUrl(paths.signIn(currentUrl))}>
            {t("Sign In")}
          </a>
          <a className="button button--standard" href={siteUrl(paths.register(currentUrl))}>
            {t("Register")}
          </a>
        </div>
      )}
    </Modal>
  );
}
