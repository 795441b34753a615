import { describe, expect, it } from "vitest";
import { checkForm, type FormPayload, type FormRules, formPayload, isRequired } from "./form-rules";

const rules = {
  fields: {
    name: {
      required: "name.required",
      trim: true,
      minLength: { length: 2, message: "name.short" },
      maxLength: { length: 4, message: "name.long" },
      problems: (value: string) => (value.includes("!") ? ["name.no_bang"] : []),
    },
    email: {
      required: "email.required",
      trim: true,
      maxLength: { length: 10, message: "email.bad" },
      email: "email.bad",
    },
    note: {},
    colour: { kind: "choice", values: ["red", "blue"], message: "colour.choose" },
    agree: { kind: "checkbox", required: "agree.tick" },
    newsletter: { kind: "checkbox" },
    secret: { required: "secret.required" },
    secretRepeat: { required: "repeat.required" },
  },
  repeats: [{ field: "secretRepeat", of: "secret", message: "repeat.differs" }],
} as const satisfies FormRules;

const valid: FormPayload = {
  name: "Ann",
  email: "a@b.dk",
  colour: "red",
  agree: "on",
  secret: "s3cret",
  secretRepeat: "s3cret",
};
const check = (patch: FormPayload) => checkForm(rules, { ...valid, ...patch });

describe("checkForm", () => {
  it("passes a valid form, with optional fields left out", () => {
    expect(check({})).toEqual({});
    expect(check({ note: "anything at all", newsletter: "on" })).toEqual({});
  });

  it("gives the required message for a missing or empty field, and checks no further", () => {
    expect(check({ name: undefined })).toEqual({ name: ["name.required"] });
    expect(check({ name: "" })).toEqual({ name: ["name.required"] });
    expect(check({ colour: undefined, agree: undefined })).toEqual({
      colour: ["colour.choose"],
      agree: ["agree.tick"],
    });
  });

  it("trims before the length checks, which count characters, not UTF-16 units", () => {
    expect(check({ name: "  Ann  " })).toEqual({});
    expect(check({ name: " " })).toEqual({ name: ["name.short"] });
    expect(check({ name: "😀😀😀😀" })).toEqual({});
    expect(check({ name: "😀😀😀😀😀" })).toEqual({ name: ["name.long"] });
  });

  it("gives every broken rule of a field, in order", () => {
    expect(check({ name: "a!" })).toEqual({ name: ["name.no_bang"] });
    expect(check({ name: "!" })).toEqual({ name: ["name.short", "name.no_bang"] });
    expect(check({ name: "abcd!" })).toEqual({ name: ["name.long", "name.no_bang"] });
  });

  it("tests an address only when its other checks passed, and once", () => {
    expect(check({ email: "nope" })).toEqual({ email: ["email.bad"] });
    expect(check({ email: "nope-too-long" })).toEqual({ email: ["email.bad"] });
    expect(check({ email: " a@b.dk " })).toEqual({});
    expect(check({ email: "a@b" })).toEqual({ email: ["email.bad"] });
  });

  it("needs a choice among the values and a ticked box", () => {
    expect(check({ colour: "green" })).toEqual({ colour: ["colour.choose"] });
    expect(check({ colour: " red" })).toEqual({ colour: ["colour.choose"] });
    expect(check({ agree: "" })).toEqual({ agree: ["agree.tick"] });
  });

  it("compares a repeat only when every field is there", () => {
    expect(check({ secretRepeat: "other" })).toEqual({ secretRepeat: ["repeat.differs"] });
    // A field with a wrong value does not stop the comparison…
    expect(check({ secretRepeat: "other", name: "!" })).toEqual({
      name: ["name.short", "name.no_bang"],
      secretRepeat: ["repeat.differs"],
    });
    // …a missing one does, as does an address of spaces only (conform reads it as missing).
    expect(check({ secretRepeat: "other", colour: undefined })).toEqual({ colour: ["colour.choose"] });
    expect(check({ secretRepeat: "other", email: "  " })).toEqual({ email: ["email.bad"] });
    expect(check({ secretRepeat: "", secret: "" })).toEqual({
      secret: ["secret.required"],
      secretRepeat: ["repeat.required"],
    });
  });

  it("gives the required message for a repeated name (zod's answer to a list)", () => {
    expect(check({ name: ["Ann", "Bo"] })).toEqual({ name: ["name.required"] });
  });
});

describe("formPayload", () => {
  it("reads a form's entries, a repeated name as a list", () => {
    const data = new FormData();
    data.append("a", "1");
    data.append("b", "2");
    data.append("b", "3");
    data.append("b", "4");
    data.append("file", new Blob(["x"]), "x.txt");
    expect(formPayload(data)).toEqual({ a: "1", b: ["2", "3", "4"] });
  });
});

describe("isRequired", () => {
  it("marks the fields that must be filled in", () => {
    expect(
      Object.entries(rules.fields)
        .filter(([, field]) => isRequired(field))
        .map(([name]) => name),
    ).toEqual(["name", "email", "colour", "agree", "secret", "secretRepeat"]);
  });
});
