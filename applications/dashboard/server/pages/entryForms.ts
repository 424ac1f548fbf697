import { html, type SafeHtml } from "@library/server/pages/html";

/** Field errors for a server-rendered form, keyed by field name ("" for the whole form). */
export type FormErrors = Record<string, string[]>;

export interface FieldOptions {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  value?: string;
  required?: boolean;
  autocomplete?: string;
  errors?: FormErrors;
  maxLength?: number;
  minLength?: number;
}

/** A labelled input with the required asterisk and its errors listed under it (SPEC 5 "Form block"). */
export function formField(options: FieldOptions): SafeHtml {
  const id = `entry-${options.name}`;
  const errors = options.errors?.[options.name] ?? [];
  const errorID = `${id}-errors`;
  return html`<div class="formGroup">
    <label class="formGroup-label" for="${id}"
      >${options.label}${options.required ? html`<span class="formGroup-required" aria-hidden="true"> *</span>` : ""}</label
    >
    <input
      class="inputText"
      id="${id}"
      name="${options.name}"
      type="${options.type ?? "text"}"
      value="${options.value ?? ""}"
      ${options.required ? html`required aria-required="true"` : ""}
      ${options.autocomplete ? html`autocomplete="${options.autocomplete}"` : ""}
      ${options.maxLength ? html`maxlength="${options.maxLength}"` : ""}
      ${options.minLength ? html`minlength="${options.minLength}"` : ""}
      ${errors.length > 0 ? html`aria-invalid="true" aria-describedby="${errorID}"` : ""}
    />
    ${
      errors.length > 0
        ? html`<ul class="formGroup-errors" id="${errorID}" role="alert">
            ${errors.map((error) => html`<li>${error}</li>`)}
          </ul>`
        : ""
    }
  </div>`;
}

export function formErrorSummary(errors: FormErrors | undefined): SafeHtml {
  const messages = errors?.[""] ?? [];
  return messages.length > 0
    ? html`<div class="formErrors" role="alert">${messages.map((message) => html`<p>${message}</p>`)}</div>`
    : html``;
}

export function entryLayout(title: string, content: SafeHtml): SafeHtml {
  return html`<div class="entryPage">
    <div class="entryPage-card">
      <h1 class="entryPage-title">${title}</h1>
      ${content}
    </div>
  </div>`;
}
