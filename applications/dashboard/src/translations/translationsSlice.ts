import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import { toApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  isLoadingOrLoaded,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { addKeyedLoadableCases } from "@library/src/loadable/keyedLoadableCases";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import {
  getTranslations,
  patchTranslations,
  removeTranslations,
  type TranslationQuery,
} from "./translationsApi";
import { keyOfProperty, recordOf, type TranslationChanges } from "./translationProperties";

/** Stored translations of one query: `translationPropertyKey` → text. */
export type TranslationTexts = Record<string, string>;

interface TranslationsState {
  /** Per locale (and resource, record type and records): what is stored (SPEC 4: load state per locale). */
  byQuery: Record<string, Loadable<TranslationTexts>>;
  /** The last save of the translator (SPEC 4: submit state). */
  submit: Loadable<null>;
}

const initialState: TranslationsState = { byQuery: {}, submit: pending() };

/** The state key of a query: its resource, locale, record type and records. */
export function translationQueryKey(query: TranslationQuery): string {
  const records = [...(query.recordIDs ?? []).map(String), ...(query.recordKeys ?? [])].sort().join(",");
  return [query.resource, query.locale, query.recordType, records].join("|");
}

export const fetchTranslations = createAppThunk<TranslationTexts, TranslationQuery>(
  "translations/localeRequested",
  async (query, { rejectWithValue }) => {
    try {
      const items = await getTranslations(query);
      return Object.fromEntries(items.map((item) => [item.translationPropertyKey, item.translation]));
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (query, { getState }) => !isLoadingOrLoaded(selectTranslations(getState(), query)) },
);

export interface SaveTranslationsArgs {
  query: TranslationQuery;
  changes: TranslationChanges;
}

/** Saves the non-empty texts and removes the cleared ones; returns what is stored now for those keys. */
export const saveTranslations = createAppThunk<
  { saved: TranslationTexts; removed: string[] },
  SaveTranslationsArgs
>(
  "translations/saved",
  async ({ query, changes }, { rejectWithValue }) => {
    try {
      const saved =
        changes.save.length === 0
          ? []
          : await patchTranslations(
              query.resource,
              changes.save.map(({ property, translation }) => ({
                recordType: property.recordType,
                ...recordOf(property),
                propertyName: property.propertyName,
                propertyType: property.propertyType,
                locale: query.locale,
                translation,
                translationPropertyKey: keyOfProperty(property),
              })),
            );
      if (changes.remove.length > 0)
        await removeTranslations(
          query.resource,
          changes.remove.map((property) => ({
            recordType: property.recordType,
            ...recordOf(property),
            propertyName: property.propertyName,
            locale: query.locale,
            translationPropertyKey: keyOfProperty(property),
          })),
        );
      return {
        saved: Object.fromEntries(saved.map((item) => [item.translationPropertyKey, item.translation])),
        removed: changes.remove.map(keyOfProperty),
      };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (_args, { getState }) => selectTranslationSubmit(getState()).status !== LoadStatus.LOADING },
);

export const translationsSlice = createSlice({
  name: "translations",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addKeyedLoadableCases(builder, fetchTranslations, (state) => state.byQuery, translationQueryKey)
      .addCase(saveTranslations.pending, (state) => {
        state.submit = loading<null>();
      })
      .addCase(saveTranslations.fulfilled, (state, action) => {
        state.submit = success<null>(null);
        // SPEC 4: a successful save merges the items into the locale's data; a removal deletes its entries.
        const key = translationQueryKey(action.meta.arg.query);
        const stored = state.byQuery[key];
        const texts: TranslationTexts = { ...(stored?.status === LoadStatus.SUCCESS ? stored.data : {}) };
        Object.assign(texts, action.payload.saved);
        for (const removed of action.payload.removed) delete texts[removed];
        state.byQuery[key] = success<TranslationTexts>(texts);
      })
      .addCase(saveTranslations.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.submit = toError<null>(action.payload ?? toApiError(action.error));
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof translationsSlice> {}
}

export const injectedTranslationsSlice = translationsSlice.injectInto(rootReducer);

const IDLE: Loadable<TranslationTexts> = pending();

export function selectTranslations(state: RootState, query: TranslationQuery): Loadable<TranslationTexts> {
  return injectedTranslationsSlice.selectSlice(state).byQuery[translationQueryKey(query)] ?? IDLE;
}

export function selectTranslationSubmit(state: RootState): Loadable<null> {
  return injectedTranslationsSlice.selectSlice(state).submit;
}
