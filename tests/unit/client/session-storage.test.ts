import { clearStoredSession, readStoredSession, readStoredToken, storeSession, storeUser } from "@/lib/client/session-storage";

const user = { id: "u1", email: "ann@example.com", name: null, isAdmin: false };

describe("session storage", () => {
  beforeEach(() => window.localStorage.clear());

  it("stores under the keys token and user and reads them back", () => {
    storeSession({ token: "t1", user });
    expect(window.localStorage.getItem("token")).toBe("t1");
    expect(JSON.parse(window.localStorage.getItem("user") ?? "")).toEqual(user);
    expect(readStoredSession()).toEqual({ token: "t1", user });
    expect(readStoredToken()).toBe("t1");
  });

  it.each([
    ["no token", null, JSON.stringify(user)],
    ["no user", "t1", null],
    ["nothing", null, null],
  ])("is signed out with %s", (_label, token, rawUser) => {
    if (token) window.localStorage.setItem("token", token);
    if (rawUser) window.localStorage.setItem("user", rawUser);
    expect(readStoredSession()).toBeNull();
  });

  it.each([
    ["unparseable JSON", "{not json"],
    ["a user without an e-mail", JSON.stringify({ id: "u1" })],
    ["a bare string", JSON.stringify("ann")],
  ])("clears both keys when the user is %s", (_label, rawUser) => {
    window.localStorage.setItem("token", "t1");
    window.localStorage.setItem("user", rawUser);
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
  });

  it("updates the user alone and clears both", () => {
    storeSession({ token: "t1", user });
    storeUser({ ...user, name: "Ann" });
    expect(readStoredSession()?.user.name).toBe("Ann");
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
    expect(readStoredToken()).toBeNull();
  });
});
