import { normalizeActivationCode } from "@common/activation-code";
import * as z from "zod/mini";
import type { FormRules } from "./form-rules";

/** The activation code form of /enter-code: 12 letters, typed with dashes, spaces or in lowercase if the resident likes. */
export const codeFormRules = {
  fields: {
    code: {
      required: "validation.code_required",
      problems: (code: string) => (normalizeActivationCode(code) === null ? ["errors.activation_code_invalid"] : []),
    },
  },
} as const satisfies FormRules;

/** The activation code form of /enter-code: 12 letters, typed with dashes, spaces or in lowercase if the resident likes. */
export const codeFormSchema = z.object({
  code: z
    .string({ error: "validation.code_required" })
    .check(z.refine((code) => normalizeActivationCode(code) !== null, "errors.activation_code_invalid")),
});
