import { ApiError, errorMessage } from "@/lib/client/api-error";

describe("ApiError ('status: body or status text')", () => {
  it.each([
    [401, "Unauthorized", '{"message":"Invalid email or password"}', '401: {"message":"Invalid email or password"}'],
    [500, "Internal Server Error", "", "500: Internal Server Error"],
    [404, "Not Found", "gone", "404: gone"],
  ])("%p %p %p", (status, statusText, body, expected) => {
    const error = new ApiError(status, statusText, body);
    expect(error.message).toBe(expected);
    expect(error.status).toBe(status);
  });
});

describe("errorMessage (server message field, else the fallback)", () => {
  it.each([
    ["an ApiError with a message", new ApiError(403, "Forbidden", '{"message":"Awaiting approval"}'), "Awaiting approval"],
    ["an ApiError with a blank message", new ApiError(400, "Bad Request", '{"message":"  "}'), "Fallback"],
    ["an ApiError without JSON", new ApiError(502, "Bad Gateway", "<html>"), "Fallback"],
    ["an ApiError with an empty body", new ApiError(500, "Error", ""), "Fallback"],
    ["a plain error in 'status: body' form", new Error('409: {"message":"Email taken"}'), "Email taken"],
    ["a network error", new TypeError("Failed to fetch"), "Fallback"],
    ["not an error", "boom", "Fallback"],
  ])("%s", (_label, error, expected) => {
    expect(errorMessage(error, "Fallback")).toBe(expected);
  });
});
