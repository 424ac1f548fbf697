import { useState } from "react";
import { classNames } from "@library/src/ui/classNames";

export interface UserPhotoProps {
  photoUrl: string;
  /** Pixel size of the square photo. */
  size: number;
  /** Alternative text; empty when the name is shown beside the photo. */
  alt?: string;
  className?: string;
}

/** A round user photo that falls back to a generic avatar without a photo url or when it fails to load (SPEC 4). */
export function UserPhoto({ photoUrl, size, alt = "", className }: UserPhotoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = photoUrl !== "" && failedUrl !== photoUrl;
  const style = { width: size, height: size };
  if (!showPhoto) {
    return (
      <svg
        className={classNames("userPhoto", "userPhoto--generic", className)}
        style={style}
        viewBox="0 0 40 40"
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="generic-avatar"
      >
        <rect width="40" height="40" rx="20" fill="#c9d3e0" />
        <circle cx="20" cy="16" r="7" fill="#ffffff" />
        <path
          d="M6.5 34.5c2.6-6 7.6-9 13.5-9s10.9 3 13.5 9A19.9 19.9 0 0 1 20 40a19.9 19.9 0 0 1-13.5-5.5z"
          fill="#ffffff"
        />
      </svg>
    );
  }
  return (
    <img
      className={classNames("userPhoto", className)}
      style={style}
      src={photoUrl}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailedUrl(photoUrl)}
    />
  );
}
