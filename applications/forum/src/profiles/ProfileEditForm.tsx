import { useId, useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { fieldAriaProps, FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { PasswordField } from "@library/src/ui/forms/PasswordField";
import {
  emailChanged,
  localProfileErrors,
  NAME_MAX_LENGTH,
  profilePatchBody,
  ABOUT_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
  type ProfileEditValues,
} from "@applications/forum/src/profiles/profileEditRules";
import { patchProfileUser } from "@applications/forum/src/profiles/profilesApi";
import { PhotoUpload } from "@applications/forum/src/media/PhotoUpload";
import "./profiles.css";

/** Props written by the server page `/profile/edit`. */
export interface ProfileEditFormProps {
  userID: number;
  name: string;
  email: string;
  photo: string;
  title: string;
  /** What the member wrote about themself ("" when nothing). */
  about: string;
  /** The signature as typed (Markdown; "" when none). */
  signature: string;
  private: boolean;
  hasPassword: boolean;
}

type SaveState =
  { status: "idle" } | { status: "saving" } | { status: "saved" } | { status: "error"; error: ApiError };

function valuesOf(props: ProfileEditFormProps): ProfileEditValues {
  return {
    name: props.name,
    email: props.email,
    photo: props.photo,
    title: props.title,
    about: props.about,
    signature: props.signature,
    private: props.private,
    passwordConfirmation: "",
  };
}

/** The signed-in member's own profile, saved with `PATCH /users/{id}`. Drafts stay in component state. */
export function ProfileEditForm(props: ProfileEditFormProps) {
  const [initial, setInitial] = useState(() => valuesOf(props));
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ status: "idle" });
  const signatureID = useId();
  const aboutID = useId();

  const set = <K extends keyof ProfileEditValues>(key: K, value: ProfileEditValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const serverErrors = save.status === "error" ? save.error.errors : {};
  const fieldErrors = (field: string) => {
    const local = localErrors[field];
    return local ? [local] : serverErrors[field];
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = localProfileErrors(values, initial, props.hasPassword);
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const body = profilePatchBody(values, initial);
    if (Object.keys(body).length === 0) {
      setSave({ status: "saved" });
      return;
    }
    setSave({ status: "saving" });
    try {
      const user = await patchProfileUser(props.userID, body);
      const saved: ProfileEditValues = {
        ...values,
        name: user.name,
        email: user.email ?? values.email,
        about: values.about.trim(),
        signature: values.signature.trim(),
        passwordConfirmation: "",
      };
      setInitial(saved);
      setValues(saved);
      setSave({ status: "saved" });
    } catch (error) {
      setSave({ status: "error", error: toApiError(error) });
    }
  };

  const showConfirmation = emailChanged(values, initial) && props.hasPassword;
  const fieldLevel = save.status === "error" && Object.keys(save.error.errors).length > 0;

  return (
    <form className="profileEditForm-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {save.status === "error" && !fieldLevel && (
        <p className="profileEditForm-error" role="alert">
          {save.error.message}
        </p>
      )}
      <InputField
        label={t("Username")}
        name="name"
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="username"
        value={values.name}
        errors={fieldErrors("name")}
        onChange={(event) => set("name", event.target.value)}
      />
      <InputField
        label={t("Email")}
        name="email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        errors={fieldErrors("email")}
        onChange={(event) => set("email", event.target.value)}
      />
      {showConfirmation && (
        <PasswordField
          label={t("Current Password")}
          name="passwordConfirmation"
          required
          description={t("Enter your current password to change your email.")}
          value={values.passwordConfirmation}
          errors={fieldErrors("passwordConfirmation")}
          onChange={(event) => set("passwordConfirmation", event.target.value)}
        />
      )}
      <InputField
        label={t("Photo URL")}
        name="photo"
        type="url"
        value={values.photo}
        errors={fieldErrors("photo")}
        onChange={(event) => set("photo", event.target.value)}
      />
      <PhotoUpload onUploaded={(url) => set("photo", url)} />
      <InputField
        label={t("Title")}
        name="title"
        maxLength={100}
        value={values.title}
        errors={fieldErrors("title")}
        onChange={(event) => set("title", event.target.value)}
      />
      <FormGroup
        label={t("About")}
        inputID={aboutID}
        description={t("A few words about yourself, shown on your profile.")}
        descriptionID={`${aboutID}-description`}
        errors={fieldErrors("about")}
      >
        <textarea
          id={aboutID}
          name="about"
          className="input profileEditForm-about"
          rows={4}
          maxLength={ABOUT_MAX_LENGTH}
          value={values.about}
          onChange={(event) => set("about", event.target.value)}
          {...fieldAriaProps(aboutID, fieldErrors("about"), `${aboutID}-description`)}
        />
      </FormGroup>
      <FormGroup
        label={t("Signature")}
        inputID={signatureID}
        description={t("Shown under your posts. Markdown is allowed.")}
        descriptionID={`${signatureID}-description`}
        errors={fieldErrors("signature")}
      >
        <textarea
          id={signatureID}
          name="signature"
          className="input profileEditForm-signature"
          rows={4}
          maxLength={SIGNATURE_MAX_LENGTH}
          value={values.signature}
          onChange={(event) => set("signature", event.target.value)}
          {...fieldAriaProps(signatureID, fieldErrors("signature"), `${signatureID}-description`)}
        />
      </FormGroup>
      <Checkbox
        label={t("Make my profile private")}
        name="private"
        checked={values.private}
        errors={fieldErrors("private")}
        onChange={(event) => set("private", event.target.checked)}
      />
      <div className="profileEditForm-actions">
        <Button type="submit" variant="primary" pending={save.status === "saving"}>
          {t("Save")}
        </Button>
        <a className="button button--text" href={siteUrl(paths.profile(initial.name))}>
          {t("View Profile")}
        </a>
      </div>
      {save.status === "saved" && (
        <p className="profileEditForm-saved" role="status">
          {t("Your changes have been saved.")}
        </p>
      )}
    </form>
  );
}
