import type { TObject } from "@sinclair/typebox";
import type { PlatformContext } from "../app/platformContext";
import { perContext } from "../app/perContext";

/** What a machine translation is asked: texts in the source locale, and the locale wanted. */
export interface MachineTranslationRequest {
  texts: readonly string[];
  sourceLocale: string;
  targetLocale: string;
}

/**
 * A machine translation service (API.md 22) an application or add-on contributes (`registrar.translationService`).
 * Its configuration is an object valid against `configSchema` (stored by the platform, `isDefault` apart);
 * `secretFields` are written, never sent back.
 */
/** A service's stored configuration, already checked against its `configSchema`. */
export type MachineTranslationConfig = Readonly<Record<string, unknown>>;

export interface MachineTranslationService {
  type: string;
  name: string;
  configSchema: TObject;
  secretFields?: readonly string[];
  /** Whether a stored configuration is enough to translate. */
  isConfigured(config: MachineTranslationConfig | null): boolean;
  /**
   * One answer per text, in order: its translation, or null where the service has none (the translator then
   * leaves the field for a person). Throws when the service cannot be reached.
   */
  translate(
    request: MachineTranslationRequest,
    config: MachineTranslationConfig,
    context: PlatformContext,
  ): Promise<(string | null)[]>;
}

/** The services of one app; those of a disabled add-on are not offered. */
export class MachineTranslationRegistry {
  private readonly services = new Map<string, { owner: string; service: MachineTranslationService }>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(service: MachineTranslationService, owner: string): void {
    this.services.set(service.type, { owner, service });
  }

  get(type: string): MachineTranslationService | undefined {
    const registered = this.services.get(type);
    return registered && this.isOwnerActive(registered.owner) ? registered.service : undefined;
  }

  list(): MachineTranslationService[] {
    return [...this.services.values()]
      .filter((registered) => this.isOwnerActive(registered.owner))
      .map((registered) => registered.service);
  }
}

/** The machine translation services of an app context (made on first use). */
export const machineTranslationServices = perContext(
  (context: { addons: { isActive(owner: string): boolean } }) =>
    new MachineTranslationRegistry((owner) => context.addons.isActive(owner)),
);
