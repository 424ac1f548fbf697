import { useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { isCompactDevice, useDevice } from "@library/src/device/device";
import { Modal } from "@library/src/ui/Modal/Modal";
import { PROFILE_CARD_CHILD_CLASS } from "@applications/forum/src/profiles/BanMemberControl";
import {
  ProfileCardBody,
  profileCardTitle,
  useProfileCardContent,
} from "@applications/forum/src/profiles/ProfileCardContents";
import "./profiles.css";

export interface ProfileCardProps {
  userID: number;
  /** The name that opened the card: the popover sits under it and focus returns to it. */
  anchor: HTMLElement;
  /** The card is closed; `returnFocus` is false when the reader moved elsewhere (click or focus outside). */
  onClose: (returnFocus: boolean) => void;
}

const POPOVER_GAP = 4;

function popoverPosition(anchor: HTMLElement): CSSProperties {
  const rect = anchor.getBoundingClientRect();
  return { top: rect.bottom + window.scrollY + POPOVER_GAP, left: rect.left + window.scrollX };
}

/** Desktop: a dialog under the name. Escape closes (focus back to the name); pointer or focus outside closes. */
function ProfileCardPopover({ userID, anchor, onClose }: ProfileCardProps) {
  const content = useProfileCardContent(userID);
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [position, setPosition] = useState<CSSProperties>(() => popoverPosition(anchor));

  useLayoutEffect(() => {
    setPosition(popoverPosition(anchor));
    ref.current?.focus();
  }, [anchor]);

  // Layout effect: removed in the same commit that unmounts the popover, before a modal replacing it takes focus.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onCloseRef.current(true);
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (!target || !ref.current || ref.current.contains(target) || anchor.contains(target)) return;
      // A dialog opened from the card (Ban) is part of it.
      if (target instanceof Element && target.closest(`.${PROFILE_CARD_CHILD_CLASS}`)) return;
      onCloseRef.current(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("touchstart", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("touchstart", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [anchor]);

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={profileCardTitle(content)}
      tabIndex={-1}
      className="profileCard profileCard--popover"
      style={position}
    >
      <ProfileCardBody content={content} />
    </div>,
    document.body,
  );
}

/** xs/mobile: the same card in a small modal (the Modal traps focus and closes on Escape). */
function ProfileCardModal({ userID, onClose }: ProfileCardProps) {
  const content = useProfileCardContent(userID);
  return (
    <Modal isVisible onClose={() => onClose(true)} title={profileCardTitle(content)} size="small">
      <div className="profileCard profileCard--modal">
        <ProfileCardBody content={content} />
      </div>
    </Modal>
  );
}

/** SPEC 2 "User profile card": a popover on desktop, a small modal on xs/mobile. */
export function ProfileCard(props: ProfileCardProps) {
  const device = useDevice();
  return isCompactDevice(device) ? <ProfileCardModal {...props} /> : <ProfileCardPopover {...props} />;
}
