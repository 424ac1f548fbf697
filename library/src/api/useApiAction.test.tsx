import { act, renderHook } from "@testing-library/react";
import { useApiAction } from "./useApiAction";

describe("useApiAction", () => {
  it("is pending while the action runs, then clear; a failure leaves its error until the next try", async () => {
    const { result } = renderHook(() => useApiAction());
    let release: () => void = () => undefined;
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (release = resolve)));
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      release();
      expect(await outcome).toBe(true);
    });
    expect(result.current).toMatchObject({ pending: false, error: null });

    await act(async () => {
      expect(await result.current.run(() => Promise.reject(new Error("Refused")))).toBe(false);
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.error?.message).toBe("Refused");
    await act(async () => {
      await result.current.run(() => Promise.resolve());
    });
    expect(result.current.error).toBeNull();
  });
});
