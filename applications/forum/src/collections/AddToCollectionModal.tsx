import { useEffect, useState } from "react";
import type { Collection } from "@forum/api/collections";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { InputField } from "@library/src/ui/forms/InputField";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { OptionsModal } from "@applications/forum/src/discussionOptions/OptionsModal";
import {
  getCollections,
  getCollectionsOf,
  postCollection,
  putCollectionsOf,
  type CollectionRecordRef,
} from "./collectionsApi";

export interface AddToCollectionModalProps {
  record: CollectionRecordRef;
  onClose: () => void;
}

/**
 * 'Add to Collection': every collection with a check box (checked where the record already is), and a new
 * collection's name. Saving sets exactly the checked collections (PUT /collections/by-resource).
 */
export function AddToCollectionModal({ record, onClose }: AddToCollectionModalProps) {
  const toast = useToast();
  const [collections, setCollections] = useState<Collection[] | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [newName, setNewName] = useState("");
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const action = useApiAction();

  const { recordID, recordType } = record;
  useEffect(() => {
    let live = true;
    Promise.all([getCollections(), getCollectionsOf({ recordID, recordType })])
      .then(([all, current]) => {
        if (!live) return;
        setCollections(all);
        setChecked(new Set(current.map((collection) => collection.collectionID)));
      })
      .catch((error: unknown) => {
        if (live) setLoadError(toApiError(error));
      });
    return () => {
      live = false;
    };
  }, [recordID, recordType]);

  const toggle = (collectionID: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(collectionID);
      else next.delete(collectionID);
      return next;
    });

  const save = async () => {
    const ok = await action.run(async () => {
      const ids = [...checked];
      if (newName.trim() !== "") {
        const created = await postCollection({ name: newName.trim(), records: [record] });
        ids.push(created.collectionID);
      }
      await putCollectionsOf(record, ids);
    });
    if (ok) {
      toast.addToast({ message: t("Saved.") });
      onClose();
    }
  };

  return (
    <OptionsModal
      title={t("Add to Collection")}
      onClose={onClose}
      onSubmit={() => void save()}
      pending={action.pending}
      error={action.error ?? loadError}
      submitDisabled={collections === null}
    >
      {collections === null && !loadError ? <Loader size="small" /> : null}
      {collections !== null && collections.length === 0 ? (
        <p className="optionsModal-empty">{t("There are no collections yet.")}</p>
      ) : null}
      {collections !== null && collections.length > 0 ? (
        <fieldset className="optionsModal-radios">
          <legend className="optionsModal-legend">{t("Collections")}</legend>
          <div className="optionsModal-checks">
            {collections.map((collection) => (
              <Checkbox
                key={collection.collectionID}
                label={collection.name}
                checked={checked.has(collection.collectionID)}
                onChange={(event) => toggle(collection.collectionID, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      <InputField
        label={t("New collection")}
        value={newName}
        maxLength={255}
        onChange={(event) => setNewName(event.target.value)}
        errors={action.error?.errors.name}
      />
    </OptionsModal>
  );
}
