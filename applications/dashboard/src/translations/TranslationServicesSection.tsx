import { useEffect, useState } from "react";
import type { TranslationServiceWithConfig } from "@forum/api/translationServices";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { SectionError } from "../shell/SectionError";
import { getTranslationServices } from "./translationsApi";
import { TranslationServiceForm } from "./TranslationServiceForm";
import "./translations.css";

/**
 * Dashboard › Settings › Translation Services (API.md 22): each machine translation service with its settings;
 * the one used to fill translations in the content translator is the default.
 */
export function TranslationServicesSection() {
  const toast = useToast();
  const [services, setServices] = useState<TranslationServiceWithConfig[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const load = async () => {
    try {
      setServices(await getTranslationServices());
      setError(null);
    } catch (caught) {
      setError(toApiError(caught));
    }
  };
  useEffect(() => {
    void load();
  }, []);

  if (error && !services) return <SectionError error={error} onRetry={() => void load()} />;
  if (!services) return <Loader />;

  return (
    <div className="translationServices">
      <p className="formGroup-description">
        {t(
          "A machine translation service fills the empty fields of the content translator for you to check. The glossary works without a network: it translates only the texts it lists.",
        )}
      </p>
      {services.map((service) => (
        <TranslationServiceForm
          key={service.type}
          service={service}
          onSaved={(saved) => {
            toast.addToast({
              type: "success",
              message: formatText(t("The {name} settings were saved."), { name: saved.name }),
            });
            void load();
          }}
        />
      ))}
    </div>
  );
}
