import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";

/** The audit log's filters, kept in the address so a filtered view can be shared and survives a reload. */
export const AUDIT_FILTERS = ["actor", "eventType", "dateFrom", "dateTo"] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilterValues = Partial<Record<AuditFilterName, string>>;

export function useAuditFilters(): [AuditFilterValues, (next: AuditFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const values: AuditFilterValues = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name);
    if (value) values[name] = value;
  }
  const setValues = (next: AuditFilterValues) => {
    const updated = new URLSearchParams(params);
    for (const name of AUDIT_FILTERS) {
      const value = next[name]?.trim();
      if (value) updated.set(name, value);
      else updated.delete(name);
    }
    updated.delete("page");
    setParams(updated);
  };
  return [values, setValues];
}

const FIELDS: { name: AuditFilterName; label: string; type: "text" | "date"; placeholder?: string }[] = [
  { name: "actor", label: "Who", type: "text", placeholder: "Member name" },
  { name: "eventType", label: "Action", type: "text", placeholder: "e.g. config.patch" },
  { name: "dateFrom", label: "From", type: "date" },
  { name: "dateTo", label: "To", type: "date" },
];

/** Who did it, what action, and between which days (UTC); Filter applies them, Clear removes them. */
export function AuditLogFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
}) {
  const [draft, setDraft] = useState<AuditFilterValues>(values);
  const baseID = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  const active = AUDIT_FILTERS.some((name) => values[name]);
  return (
    <form
      className="dashboardToolbar auditLogFilters"
      role="search"
      aria-label={t("Filter the audit log")}
      onSubmit={submit}
    >
      {FIELDS.map((field) => (
        <div className="auditLogFilters-field" key={field.name}>
          <label htmlFor={`${baseID}-${field.name}`}>{t(field.label)}</label>
          <input
            id={`${baseID}-${field.name}`}
            className="input dashboardFilter"
            type={field.type}
            value={draft[field.name] ?? ""}
            placeholder={field.placeholder ? t(field.placeholder) : undefined}
            onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
          />
        </div>
      ))}
      <div className="auditLogFilters-buttons">
        <Button type="submit" compact>
          {t("Filter")}
        </Button>
        {active && (
          <Button
            compact
            onClick={() => {
              setDraft({});
              onChange({});
            }}
          >
            {t("Clear")}
          </Button>
        )}
      </div>
    </form>
  );
}
