import type { UserFragment } from "@forum/api/users";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";

/** SPEC 9 avatar sizes: medium 40 beside posts and list rows. */
export const AUTHOR_PHOTO_SIZE = 40;

/** The author's photo, the generic avatar without one or when it fails to load; decorative (the name is beside it). */
export function AuthorPhoto({ user }: { user: UserFragment | undefined }) {
  return <UserPhoto photoUrl={user?.photoUrl ?? ""} size={AUTHOR_PHOTO_SIZE} className="userPhoto-medium" />;
}
