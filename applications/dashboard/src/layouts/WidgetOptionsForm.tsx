import { useId } from "react";
import type { Fragment } from "@forum/api/fragments";
import {
  CONTAINER_DISPLAY_TYPES,
  ITEM_CONTENT_TYPES,
  maxColumnsFor,
  type ContainerDisplayType,
  type ItemContentType,
} from "@forum/api/layoutWidgetOptions";
import type { ItemOptions, WidgetSpec } from "@forum/api/storedLayouts";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { clampColumns } from "./layoutEditorModel";
import { contentTypeLabel, displayTypeLabel } from "./layoutLabels";

type Change = (widget: WidgetSpec) => void;

function TextField({
  label,
  value,
  onChange,
  multiline,
  type = "text",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: "text" | "url";
}) {
  const id = useId();
  return (
    <div className="layoutEditor-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className="input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

function optional(value: string): string | undefined {
  return value.trim() ? value : undefined;
}

/** Content type, container display type and columns (at most SPEC 9's limit for the pair). */
function ItemOptionsFields({
  options,
  onChange,
}: {
  options: ItemOptions;
  onChange: (options: ItemOptions) => void;
}) {
  const id = useId();
  const most = maxColumnsFor(options.contentType, options.displayType);
  return (
    <div className="layoutEditor-fieldRow">
      <div className="layoutEditor-field">
        <label htmlFor={`${id}-content`}>{t("Item content")}</label>
        <select
          id={`${id}-content`}
          className="input"
          value={options.contentType}
          onChange={(event) => onChange({ ...options, contentType: event.target.value as ItemContentType })}
        >
          {ITEM_CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {contentTypeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="layoutEditor-field">
        <label htmlFor={`${id}-display`}>{t("Display as")}</label>
        <select
          id={`${id}-display`}
          className="input"
          value={options.displayType}
          onChange={(event) =>
            onChange({ ...options, displayType: event.target.value as ContainerDisplayType })
          }
        >
          {CONTAINER_DISPLAY_TYPES.map((type) => (
            <option key={type} value={type}>
              {displayTypeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="layoutEditor-field">
        <label htmlFor={`${id}-columns`}>{t("Columns")}</label>
        <select
          id={`${id}-columns`}
          className="input"
          value={Math.min(options.maxColumnCount, most)}
          onChange={(event) => onChange({ ...options, maxColumnCount: Number(event.target.value) })}
        >
          {Array.from({ length: most }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The options of one widget, by kind. */
export function WidgetOptionsForm({
  widget,
  fragments,
  onChange,
}: {
  widget: WidgetSpec;
  fragments: Fragment[];
  onChange: Change;
}) {
  const id = useId();
  const withItems = (itemOptions: ItemOptions) =>
    onChange(clampColumns({ ...widget, itemOptions } as WidgetSpec));
  const title =
    widget.widget === "pageContent" ? null : (
      <TextField
        label={t("Title")}
        value={widget.title ?? ""}
        onChange={(value) => onChange({ ...widget, title: optional(value) })}
      />
    );
  switch (widget.widget) {
    case "banner":
      return (
        <div className="layoutEditor-options">
          {title}
          <TextField
            label={t("Description")}
            multiline
            value={widget.description ?? ""}
            onChange={(value) => onChange({ ...widget, description: optional(value) })}
          />
          <TextField
            label={t("Background image URL")}
            type="url"
            value={widget.backgroundImage ?? ""}
            onChange={(value) => onChange({ ...widget, backgroundImage: optional(value) })}
          />
          <TextField
            label={t("Right image URL")}
            type="url"
            value={widget.rightImage ?? ""}
            onChange={(value) => onChange({ ...widget, rightImage: optional(value) })}
          />
          <label className="layoutEditor-check">
            <input
              type="checkbox"
              checked={widget.showSearch}
              onChange={(event) => onChange({ ...widget, showSearch: event.target.checked })}
            />
            {t("Show the search bar")}
          </label>
          <label className="layoutEditor-check">
            <input
              type="checkbox"
              checked={widget.showScope}
              disabled={!widget.showSearch}
              onChange={(event) => onChange({ ...widget, showScope: event.target.checked })}
            />
            {t("Show the scope selector ('Search In')")}
          </label>
        </div>
      );
    case "discussions":
      return (
        <div className="layoutEditor-options">
          {title}
          <div className="layoutEditor-fieldRow">
            <div className="layoutEditor-field">
              <label htmlFor={`${id}-limit`}>{t("How many")}</label>
              <input
                id={`${id}-limit`}
                className="input"
                type="number"
                min={1}
                max={30}
                value={widget.limit}
                onChange={(event) =>
                  onChange({ ...widget, limit: Math.max(1, Math.min(30, Number(event.target.value) || 1)) })
                }
              />
            </div>
            <div className="layoutEditor-field">
              <label htmlFor={`${id}-sort`}>{t("Sort by")}</label>
              <select
                id={`${id}-sort`}
                className="input"
                value={widget.sort}
                onChange={(event) => onChange({ ...widget, sort: event.target.value as typeof widget.sort })}
              >
                <option value="-dateLastComment">{t("Recently active")}</option>
                <option value="-dateInserted">{t("Newest")}</option>
                <option value="-score">{t("Top")}</option>
                <option value="-hot">{t("Hot")}</option>
              </select>
            </div>
          </div>
          <ItemOptionsFields options={widget.itemOptions} onChange={withItems} />
        </div>
      );
    case "categories":
      return (
        <div className="layoutEditor-options">
          {title}
          <ItemOptionsFields options={widget.itemOptions} onChange={withItems} />
        </div>
      );
    case "links":
      return (
        <div className="layoutEditor-options">
          {title}
          <ItemOptionsFields options={widget.itemOptions} onChange={withItems} />
          <fieldset className="layoutEditor-links">
            <legend>{t("Links")}</legend>
            {widget.items.map((item, index) => {
              const setItem = (changes: Partial<typeof item>) =>
                onChange({
                  ...widget,
                  items: widget.items.map((other, at) => (at === index ? { ...other, ...changes } : other)),
                });
              return (
                <fieldset key={index} className="layoutEditor-fieldRow layoutEditor-link">
                  <legend>{formatText(t("Link {number}"), { number: index + 1 })}</legend>
                  <TextField label={t("Name")} value={item.name} onChange={(name) => setItem({ name })} />
                  <TextField label={t("URL")} value={item.url} onChange={(url) => setItem({ url })} />
                  <TextField
                    label={t("Description")}
                    value={item.description ?? ""}
                    onChange={(value) => setItem({ description: optional(value) })}
                  />
                  <TextField
                    label={t("Image URL")}
                    type="url"
                    value={item.imageUrl ?? ""}
                    onChange={(value) => setItem({ imageUrl: optional(value) })}
                  />
                  <Button
                    variant="text"
                    disabled={widget.items.length === 1}
                    onClick={() =>
                      onChange({ ...widget, items: widget.items.filter((_, at) => at !== index) })
                    }
                  >
                    {t("Remove link")}
                  </Button>
                </fieldset>
              );
            })}
            <Button onClick={() => onChange({ ...widget, items: [...widget.items, { name: "", url: "" }] })}>
              {t("Add link")}
            </Button>
          </fieldset>
        </div>
      );
    case "fragment":
      return (
        <div className="layoutEditor-options">
          {title}
          <div className="layoutEditor-field">
            <label htmlFor={`${id}-fragment`}>{t("Fragment")}</label>
            <select
              id={`${id}-fragment`}
              className="input"
              value={widget.fragmentUUID}
              onChange={(event) => onChange({ ...widget, fragmentUUID: event.target.value })}
            >
              <option value="">{t("Choose a fragment")}</option>
              {fragments.map((fragment) => (
                <option key={fragment.fragmentUUID} value={fragment.fragmentUUID}>
                  {fragment.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      );
    case "pageContent":
      return (
        <p className="layoutEditor-hint">
          {t("The page's own content: the list, or the post and its comments.")}
        </p>
      );
  }
}
