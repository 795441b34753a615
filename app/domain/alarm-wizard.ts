/**
 * The alarm creation steps (spec section 2: /alarms/new-alarm?step=1): 1 type (and the
 * quantity, when the resident did not come from a consumption page), 2 frequency, 3 level,
 * 4 summary and save. Every choice travels in the URL, so each step is a plain page that works
 * without JavaScript, survives a reload, and Back (a link or the browser's) returns to the step
 * before with its choice kept.
 *
 * A step asked for whose earlier choices are missing or invalid is not shown: the earliest step
 * that lacks its answer is, with the error next to its field. What was typed stays in the URL.
 */
import {
  type AlarmFrequency,
  type AlarmType,
  alarmTypesFor,
  isAlarmFrequency,
  isAlarmType,
  type LevelError,
  validateLevel,
} from "@common/alarms";
import type { QuantityId } from "@common/quantities";

export const wizardSteps = [1, 2, 3, 4] as const;
export type WizardStep = (typeof wizardSteps)[number];

export interface WizardChoices {
  quantity: QuantityId | null;
  type: AlarmType | null;
  frequency: AlarmFrequency | null;
  /** The level as typed (a text: "1,5" stays "1,5"). */
  level: string | null;
}

export type WizardField = "quantity" | "type" | "frequency" | "level";
export type WizardError = { key: string; values?: Record<string, number | string> };

export interface WizardPage {
  step: WizardStep;
  choices: WizardChoices;
  /** The error of the step shown, by field (only when a later step was asked for). */
  errors: Partial<Record<WizardField, WizardError>>;
  /** The level as a number once valid (0 for zero consumption). */
  level: number | null;
}

function stepOf(value: string | null): WizardStep {
  const step = Number(value);
  return (wizardSteps as readonly number[]).includes(step) ? (step as WizardStep) : 1;
}

/**
 * The choices of the URL (or a posted form), kept only where valid: a quantity the unit can have
 * alarms on (`quantities`), a type that quantity takes, a known frequency. A unit with one such
 * quantity has it chosen.
 */
export function wizardChoices(
  params: { get(name: string): string | null },
  quantities: readonly QuantityId[],
): WizardChoices {
  const wanted = params.get("quantity");
  const quantity = quantities.find((q) => q === wanted) ?? (quantities.length === 1 ? quantities[0]! : null);
  const type = params.get("type");
  const frequency = params.get("frequency");
  const level = params.get("level");
  return {
    quantity,
    type:
      quantity !== null && type !== null && isAlarmType(type) && alarmTypesFor(quantity).includes(type) ? type : null,
    frequency: frequency !== null && isAlarmFrequency(frequency) ? frequency : null,
    level: level === null ? null : level.slice(0, 40),
  };
}

function levelError(error: LevelError): WizardError {
  return "values" in error ? { key: error.key, values: error.values } : { key: error.key };
}

/** The step to show for the URL's `step` and choices, with the errors of the step shown. */
export function wizardPage(
  params: { get(name: string): string | null },
  quantities: readonly QuantityId[],
): WizardPage {
  const asked = stepOf(params.get("step"));
  const choices = wizardChoices(params, quantities);
  const show = (step: WizardStep, errors: WizardPage["errors"] = {}): WizardPage => ({
    step,
    choices,
    errors,
    level: null,
  });

  if (asked === 1) return show(1);
  if (choices.quantity === null) return show(1, { quantity: { key: "alarms.error.quantity_required" } });
  if (choices.type === null) return show(1, { type: { key: "alarms.error.type_required" } });
  if (asked === 2) return show(2);
  if (choices.frequency === null) return show(2, { frequency: { key: "alarms.error.frequency_required" } });
  if (asked === 3) return show(3);
  const level = validateLevel(choices.type, choices.quantity, choices.level);
  if (!level.ok) return show(3, { level: levelError(level.error) });
  return { step: 4, choices, errors: {}, level: level.level };
}

/** The URL search of a step with the choices made so far (none are dropped going back). */
export function wizardSearch(choices: WizardChoices, step: WizardStep): string {
  const params = new URLSearchParams({ step: String(step) });
  if (choices.quantity) params.set("quantity", choices.quantity);
  if (choices.type) params.set("type", choices.type);
  if (choices.frequency) params.set("frequency", choices.frequency);
  if (choices.level !== null && choices.level !== "") params.set("level", choices.level);
  return `?${params.toString()}`;
}
