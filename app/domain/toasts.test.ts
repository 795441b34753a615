import { describe, expect, it } from "vitest";
import {
  addArrivals,
  addToast,
  addToasts,
  durationOf,
  isToastType,
  newestToasts,
  type Toast,
  toastLimit,
  toastPhase,
  toastTimeline,
} from "./toasts";

const toast = (id: string, type: Toast["type"] = "blank", duration?: number): Toast => ({
  id,
  type,
  message: "toast.signed_out",
  ...(duration === undefined ? {} : { duration }),
});

describe("toast durations (spec section 9)", () => {
  it.each([
    ["blank", 4000],
    ["error", 4000],
    ["custom", 4000],
    ["success", 2000],
    ["loading", Number.POSITIVE_INFINITY],
  ] as const)("%s shows for %d ms", (type, ms) => {
    expect(durationOf({ type })).toBe(ms);
  });

  it("a toast's own duration wins (the used-code toast's 3 s)", () => {
    expect(durationOf({ type: "error", duration: 3000 })).toBe(3000);
  });

  it("knows exactly the five types", () => {
    for (const type of ["blank", "error", "success", "loading", "custom"]) expect(isToastType(type)).toBe(true);
    for (const type of ["info", "warning", "", null, 1]) expect(isToastType(type)).toBe(false);
  });
});

describe("toastTimeline and toastPhase", () => {
  it("a success toast is hidden at 2 s and removed 1 s later", () => {
    expect(toastTimeline({ type: "success" }, 10_000)).toEqual({ dismissAt: 12_000, removeAt: 13_000 });
    expect(toastPhase({ type: "success" }, 10_000, 11_999)).toBe("shown");
    expect(toastPhase({ type: "success" }, 10_000, 12_000)).toBe("dismissed");
    expect(toastPhase({ type: "success" }, 10_000, 12_999)).toBe("dismissed");
    expect(toastPhase({ type: "success" }, 10_000, 13_000)).toBe("removed");
  });

  it("an error toast is still shown at 3 s", () => {
    expect(toastPhase({ type: "error" }, 0, 3000)).toBe("shown");
    expect(toastPhase({ type: "error" }, 0, 4000)).toBe("dismissed");
    expect(toastPhase({ type: "error" }, 0, 5000)).toBe("removed");
  });

  it("a loading toast stays until it is replaced or dismissed", () => {
    expect(toastPhase({ type: "loading" }, 0, 10 ** 9)).toBe("shown");
    expect(toastPhase({ type: "loading" }, 0, 500, 400)).toBe("dismissed");
    expect(toastPhase({ type: "loading" }, 0, 1400, 400)).toBe("removed");
  });

  it("a toast dismissed early is removed a second after the dismissal", () => {
    expect(toastPhase({ type: "blank" }, 0, 1500, 1000)).toBe("dismissed");
    expect(toastPhase({ type: "blank" }, 0, 2000, 1000)).toBe("removed");
  });
});

describe("addToast: a queue of at most 20", () => {
  it("adds at the end", () => {
    expect(addToast([toast("a"), toast("b")], toast("c")).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });

  it("replaces a toast with the same id where it stands (a loading toast by its result)", () => {
    const queue = addToast([toast("a"), toast("job", "loading"), toast("b")], toast("job", "success"));
    expect(queue.map((t) => [t.id, t.type])).toEqual([
      ["a", "blank"],
      ["job", "success"],
      ["b", "blank"],
    ]);
  });

  it("drops the oldest beyond the limit", () => {
    const queue = addToasts(
      [],
      Array.from({ length: 25 }, (_, index) => toast(`t${index}`)),
    );
    expect(toastLimit).toBe(20);
    expect(queue).toHaveLength(20);
    expect(queue[0]?.id).toBe("t5");
    expect(queue.at(-1)?.id).toBe("t24");
  });

  it("does not change the queue it is given", () => {
    const queue = [toast("a")];
    addToast(queue, toast("b"));
    expect(queue.map((t) => t.id)).toEqual(["a"]);
  });
});

describe("newestToasts", () => {
  it("orders by the time made, then id, and keeps the newest 20", () => {
    const made = Array.from({ length: 22 }, (_, index) => ({
      id: `x${String(index).padStart(2, "0")}`,
      at: 21 - index,
    }));
    const kept = newestToasts(made);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.at).toBe(2);
    expect(kept.at(-1)?.at).toBe(21);
    expect(
      newestToasts([
        { id: "b", at: 1 },
        { id: "a", at: 1 },
      ]).map((t) => t.id),
    ).toEqual(["a", "b"]);
  });
});

describe("addArrivals: a form's loading toast is replaced by its answer's toast", () => {
  it("the first arrival takes the loading toast's place, the others follow", () => {
    const queue = [toast("a"), toast("submission", "loading"), toast("b")];
    const next = addArrivals(queue, [toast("saved", "success"), toast("more", "error")], "submission");
    expect(next.map((t) => [t.id, t.type])).toEqual([
      ["a", "blank"],
      ["saved", "success"],
      ["b", "blank"],
      ["more", "error"],
    ]);
  });

  it("without a loading toast the arrivals join at the end; without arrivals nothing changes", () => {
    expect(addArrivals([toast("a")], [toast("b")], "submission").map((t) => t.id)).toEqual(["a", "b"]);
    const queue = [toast("submission", "loading")];
    expect(addArrivals(queue, [], "submission")).toEqual(queue);
  });
});
