import { AxiosError, AxiosHeaders } from "axios";
import { GENERIC_ERROR_MESSAGE, fieldError, fromErrorBody, toApiError } from "./apiError";

function axiosFailure(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError("Request failed", "ERR_BAD_RESPONSE", config, null, {
    data,
    status,
    statusText: "",
    headers: {},
    config,
  });
}

describe("toApiError", () => {
  it("groups validation errors by field and keeps description, action button and trace", () => {
    const error = toApiError(
      axiosFailure(422, {
        message: "Validation failed.",
        status: 422,
        description: "Check the form.",
        errors: [
          { field: "name", message: "Name is required.", code: "missingField" },
          { field: "email", message: "Email is invalid." },
          { field: "name", message: "Name is too short." },
          { nonsense: true },
        ],
        actionButton: { label: "Fix", url: "/fix" },
        trace: "stack",
      }),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe("Validation failed.");
    expect(error.description).toBe("Check the form.");
    expect(error.errors.name!.map((e) => e.message)).toEqual(["Name is required.", "Name is too short."]);
    expect(fieldError(error, "email")).toBe("Email is invalid.");
    expect(fieldError(error, "body")).toBeUndefined();
    expect(error.actionButton).toEqual({ label: "Fix", url: "/fix" });
    expect(error.trace).toBe("stack");
  });

  it("uses the generic message for network failures, odd bodies and unknown values", () => {
    const network = new AxiosError("Network Error", "ERR_NETWORK");
    expect(toApiError(network)).toEqual({ message: GENERIC_ERROR_MESSAGE, status: 0, errors: {} });
    expect(toApiError(axiosFailure(500, "<html>"))).toEqual({
      message: GENERIC_ERROR_MESSAGE,
      status: 500,
      errors: {},
    });
    expect(toApiError("boom").message).toBe(GENERIC_ERROR_MESSAGE);
    expect(toApiError(new Error("Exploded")).message).toBe("Exploded");
  });

  it("passes an ApiError through unchanged", () => {
    const error = fromErrorBody({ message: "Nope" }, 403);
    expect(toApiError(error)).toBe(error);
  });
});
