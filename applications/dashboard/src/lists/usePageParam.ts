import { useSearchParams } from "react-router";

/** A positive integer query parameter (`page`), with a setter that keeps the other parameters. */
export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const setValue = (next: string | null) => {
    const updated = new URLSearchParams(params);
    if (next === null || next === "") updated.delete(name);
    else updated.set(name, next);
    if (name !== "page") updated.delete("page");
    setParams(updated);
  };
  return [value, setValue];
}

export function usePageParam(): [number, (page: number) => void] {
  const [value, setValue] = useQueryParam("page");
  const parsed = Number(value);
  const page = Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
  return [page, (next) => setValue(next > 1 ? String(next) : null)];
}
