import { useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { LanguageField } from "./field";

const schema = z.object({ language: z.enum(["da", "en", "nb"]) });

function LanguageForm() {
  const [, fields] = useForm({
    lastResult: null,
    defaultValue: { language: "da" },
    constraint: getZodConstraint(schema),
  });
  return <LanguageField meta={fields.language} label="Sprog" languages={["da", "en", "nb"]} />;
}

describe("LanguageField", () => {
  it("is a select without `required`, which HTML allows only with an empty first option", () => {
    const html = renderToStaticMarkup(<LanguageForm />);
    const select = html.match(/<select[^>]*>/)?.[0] ?? "";
    expect(select).not.toBe("");
    expect(select).not.toMatch(/\srequired/);
    expect(html.match(/<option /g)).toHaveLength(3);
    expect(html).toMatch(/<option value="da" selected=""/);
  });
});
