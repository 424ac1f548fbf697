import type { ApiError } from "@library/src/api/apiError";

export enum LoadStatus {
  PENDING = "PENDING",
  LOADING = "LOADING",
  SUCCESS = "SUCCESS",
  ERROR = "ERROR",
}

/** One remote value: never both data and error, never a loading boolean beside them. */
export type Loadable<T, E = ApiError> =
  | { status: LoadStatus.PENDING }
  | { status: LoadStatus.LOADING; data?: T }
  | { status: LoadStatus.SUCCESS; data: T }
  | { status: LoadStatus.ERROR; error: E; data?: T };

export function pending<T, E = ApiError>(): Loadable<T, E> {
  return { status: LoadStatus.PENDING };
}

/** Loading, keeping earlier data (a refetch) when there is some. */
export function loading<T, E = ApiError>(previous?: Loadable<T, E>): Loadable<T, E> {
  const data = previous ? dataOf(previous) : undefined;
  return data === undefined ? { status: LoadStatus.LOADING } : { status: LoadStatus.LOADING, data };
}

export function success<T, E = ApiError>(data: T): Loadable<T, E> {
  return { status: LoadStatus.SUCCESS, data };
}

export function toError<T, E = ApiError>(error: E, previous?: Loadable<T, E>): Loadable<T, E> {
  const data = previous ? dataOf(previous) : undefined;
  return data === undefined ? { status: LoadStatus.ERROR, error } : { status: LoadStatus.ERROR, error, data };
}

export function dataOf<T, E>(loadable: Loadable<T, E> | undefined): T | undefined {
  if (!loadable || loadable.status === LoadStatus.PENDING) return undefined;
  return loadable.data;
}

export function errorOf<T, E>(loadable: Loadable<T, E> | undefined): E | undefined {
  return loadable?.status === LoadStatus.ERROR ? loadable.error : undefined;
}

export function isSuccess<T, E>(
  loadable: Loadable<T, E> | undefined,
): loadable is { status: LoadStatus.SUCCESS; data: T } {
  return loadable?.status === LoadStatus.SUCCESS;
}

/** Whether a fetch should start: nothing yet, or a previous failure. */
export function shouldFetch<T, E>(loadable: Loadable<T, E> | undefined): boolean {
  return !loadable || loadable.status === LoadStatus.PENDING || loadable.status === LoadStatus.ERROR;
}

/** LOADING or SUCCESS: a thunk `condition` skips these. */
export function isLoadingOrLoaded<T, E>(loadable: Loadable<T, E> | undefined): boolean {
  return loadable?.status === LoadStatus.LOADING || loadable?.status === LoadStatus.SUCCESS;
}
