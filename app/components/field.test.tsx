import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useCheckedForm } from "./checked-form";
import { LanguageField } from "./field";

function LanguageForm() {
  const rules = { fields: { language: { kind: "choice", values: ["da", "en", "nb"], message: "x" } } } as const;
  const [, fields] = useCheckedForm(rules, {
    lastResult: null,
    defaultValue: { language: "da" },
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
