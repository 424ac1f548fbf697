import {
  LoadStatus,
  dataOf,
  errorOf,
  isLoadingOrLoaded,
  isSuccess,
  loading,
  pending,
  shouldFetch,
  success,
  toError,
} from "./loadable";

describe("Loadable helpers", () => {
  const error = { message: "Nope", status: 500, errors: {} };

  it("moves through the states keeping data on refetch and failure", () => {
    const start = pending<number>();
    expect(start).toEqual({ status: LoadStatus.PENDING });
    expect(loading(start)).toEqual({ status: LoadStatus.LOADING });
    const done = success(5);
    expect(isSuccess(done)).toBe(true);
    expect(loading(done)).toEqual({ status: LoadStatus.LOADING, data: 5 });
    expect(toError(error, done)).toEqual({ status: LoadStatus.ERROR, error, data: 5 });
    expect(toError(error)).toEqual({ status: LoadStatus.ERROR, error });
    expect(dataOf(done)).toBe(5);
    expect(dataOf(start)).toBeUndefined();
    expect(errorOf(toError(error))).toBe(error);
    expect(errorOf(done)).toBeUndefined();
  });

  it("tells when to fetch", () => {
    expect(shouldFetch(undefined)).toBe(true);
    expect(shouldFetch(pending())).toBe(true);
    expect(shouldFetch(toError(error))).toBe(true);
    expect(shouldFetch(loading())).toBe(false);
    expect(isLoadingOrLoaded(success(1))).toBe(true);
    expect(isLoadingOrLoaded(loading())).toBe(true);
    expect(isLoadingOrLoaded(pending())).toBe(false);
  });
});
