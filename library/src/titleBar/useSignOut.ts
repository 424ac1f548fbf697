import { useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { paths } from "@library/src/routing/paths";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { useToast } from "@library/src/ui/Toast/useToast";

/** POST /authenticate/signout, then a full page load of the home page; a failure shows the error toast. */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const [isSigningOut, setSigningOut] = useState(false);
  const toasts = useToast();
  const signOut = async () => {
    setSigningOut(true);
    try {
      await apiv2.post("authenticate/signout");
      fullPageNavigate(siteUrl(paths.home));
    } catch (error) {
      setSigningOut(false);
      const { message, description } = toApiError(error);
      toasts.addErrorToast(message, description);
    }
  };
  return { signOut, isSigningOut };
}
