import { normalizeActivationCode } from "@common/activation-code";
import * as z from "zod/mini";

/** The activation code form of /enter-code: 12 letters, typed with dashes, spaces or in lowercase if the resident likes. */
export const codeFormSchema = z.object({
  code: z
    .string({ error: "validation.code_required" })
    .check(z.refine((code) => normalizeActivationCode(code) !== null, "errors.activation_code_invalid")),
});
