import type { AxiosResponse } from "axios";
import { apiv2 } from "@library/src/api/apiClient";
import { t } from "@library/src/i18n/translate";

/** The server's own message for a taken name (registration answers it too). */
export const NAME_TAKEN_MESSAGE = "The name you entered is already in use by another member.";

/** How long typing pauses before the name is looked up. */
export const NAME_CHECK_DELAY_MS = 350;

type Lookup = (name: string) => Promise<boolean>;

/** `GET /users/by-names?name=…` (exact, case-insensitive): whether a member has this name. */
async function nameIsTaken(name: string): Promise<boolean> {
  const response: AxiosResponse<Array<{ name: string }>> = await apiv2.get("users/by-names", {
    params: { name, limit: 1 },
  });
  return response.data.some((user) => user.name.toLowerCase() === name.toLowerCase());
}

/**
 * The registration form's Username field says a name is taken as it is typed (the form still checks on
 * submit). Does nothing on other pages. Returns a function that removes it.
 */
export function installRegisterNameCheck(root: Document, lookup: Lookup = nameIsTaken): () => void {
  const input = root.querySelector<HTMLInputElement>('form[action="/entry/register"] input[name="name"]');
  const group = input?.closest(".formGroup");
  if (!input || !group) return () => undefined;
  const messageID = `${input.id || "entry-name"}-availability`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = "";

  const show = (taken: boolean) => {
    root.getElementById(messageID)?.remove();
    if (!taken) {
      input.removeAttribute("aria-invalid");
      return;
    }
    const message = root.createElement("p");
    message.id = messageID;
    message.className = "formGroup-availability";
    message.setAttribute("role", "alert");
    message.textContent = t(NAME_TAKEN_MESSAGE);
    input.after(message);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", messageID);
  };

  const check = () => {
    const name = input.value.trim();
    asked = name;
    // A trailing '*' would ask for a prefix: no member name ends with one anyway.
    if (name === "" || name.endsWith("*")) return show(false);
    lookup(name).then(
      (taken) => {
        if (asked === name) show(taken);
      },
      () => show(false),
    );
  };
  const onInput = () => {
    // What the server said was about the name sent; this one is checked afresh.
    group.querySelector(".formGroup-errors")?.remove();
    input.removeAttribute("aria-describedby");
    clearTimeout(timer);
    timer = setTimeout(check, NAME_CHECK_DELAY_MS);
  };
  input.addEventListener("input", onInput);
  return () => {
    clearTimeout(timer);
    input.removeEventListener("input", onInput);
  };
}
