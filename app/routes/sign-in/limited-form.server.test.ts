import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { serviceFailure } from "~/services/graphql.server";
import { limitedSubmission } from "./limited-form.server";

const limits = vi.hoisted(() => ({ limitPerAddress: vi.fn() }));
vi.mock("~/security/limits.server", () => limits);

const schema = z.object({ email: z.email({ error: "validation.invalid_email" }), password: z.string() });
const context = {} as AppLoadContext;
const hidden = { hideFields: ["password"] };

function post(fields: Record<string, string>) {
  return new Request("http://portal.test/signup/email", { method: "POST", body: new URLSearchParams(fields) });
}

/** What a `data()` answer carries, without Remix's wrapper type. */
function answerOf(form: Awaited<ReturnType<typeof limitedSubmission>>) {
  if (!("answer" in form) || !form.answer) throw new Error("expected an answer");
  const { data, init } = form.answer as unknown as {
    data: { error?: Record<string, unknown>; initialValue?: object };
    init?: { status?: number };
  };
  return { httpStatus: init?.status, error: data.error, initialValue: data.initialValue };
}

describe("limitedSubmission", () => {
  const count = vi.fn();
  beforeEach(() => {
    limits.limitPerAddress.mockReset().mockResolvedValue({ count });
  });

  it("hands a valid form on with its limit, counting nothing yet", async () => {
    const form = await limitedSubmission(post({ email: "a@b.dk", password: "x" }), context, "signUp", schema, hidden);
    expect(limits.limitPerAddress).toHaveBeenCalledWith(context, "signUp");
    if ("answer" in form) throw new Error("expected the submission");
    expect(form.submission.value).toEqual({ email: "a@b.dk", password: "x" });
    expect(form.limit.count).toBe(count);
    expect(count).not.toHaveBeenCalled();
    const unavailable = answerOf({ answer: form.unavailable() });
    expect(unavailable.httpStatus).toBe(503);
    expect(unavailable.error).toEqual({ "": ["errors.service_unavailable"] });
    expect(unavailable.initialValue).toEqual({ email: "a@b.dk" });
  });

  it("answers an invalid form 400, the hidden fields left out", async () => {
    const answer = answerOf(
      await limitedSubmission(post({ email: "no", password: "x" }), context, "signUp", schema, hidden),
    );
    expect(answer.httpStatus).toBe(400);
    expect(answer.error).toEqual({ email: ["validation.invalid_email"] });
    expect(answer.initialValue).toEqual({ email: "no" });
  });

  it("answers 503 on the form when the account service, which keeps the limits, is down", async () => {
    limits.limitPerAddress.mockRejectedValue(serviceFailure("account", "service_unavailable"));
    const answer = answerOf(await limitedSubmission(post({ email: "no" }), context, "resetRequest", schema));
    expect(answer.httpStatus).toBe(503);
    expect(answer.error?.[""]).toEqual(["errors.service_unavailable"]);
  });

  it("lets the 429 of an address over its limit through, whatever the form holds", async () => {
    const tooMany = new Response(null, { status: 429 });
    limits.limitPerAddress.mockRejectedValue(tooMany);
    await expect(limitedSubmission(post({}), context, "setPassword", schema)).rejects.toBe(tooMany);
  });
});
