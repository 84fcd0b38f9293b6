import {
  assertSsoConfiguration,
  isPasswordLoginEnabled,
  ssoAutoApproveDomains,
  ssoProviderChoices,
  ssoProviders,
} from "@/lib/auth/sso-config";

const CORP = {
  SSO_CORP_ISSUER: "https://login.corp.example/realms/staff/",
  SSO_CORP_CLIENT_ID: "portal",
  SSO_CORP_CLIENT_SECRET: "secret",
  SSO_CORP_NAME: "Corp Identity",
};
const GOOGLE_WORKSPACE = {
  SSO_GOOGLE_WORKSPACE_ISSUER: "https://accounts.google.com",
  SSO_GOOGLE_WORKSPACE_CLIENT_ID: "id.apps.googleusercontent.com",
  SSO_GOOGLE_WORKSPACE_CLIENT_SECRET: "g-secret",
  SSO_GOOGLE_WORKSPACE_NAME: "Google",
};
const APP = { APP_URL: "https://portal.example.com/" };

describe("ssoProviders", () => {
  it("has none without SSO_PROVIDERS", () => {
    expect(ssoProviders({})).toEqual([]);
    expect(ssoProviders({ SSO_PROVIDERS: " , " })).toEqual([]);
  });

  it("reads each provider's variables, the id upper-cased with dashes as underscores", () => {
    const env = {
      ...APP,
      ...CORP,
      ...GOOGLE_WORKSPACE,
      SSO_PROVIDERS: "corp, google-workspace",
      SSO_GOOGLE_WORKSPACE_ALLOW_ACCOUNT_LINKING: "true",
      SSO_GOOGLE_WORKSPACE_DOMAINS: " Example.com, @eu.example.com ,",
    };
    expect(ssoProviders(env)).toEqual([
      {
        id: "corp",
        name: "Corp Identity",
        issuer: "https://login.corp.example/realms/staff",
        clientId: "portal",
        clientSecret: "secret",
        allowAccountLinking: false,
        domains: [],
      },
      {
        id: "google-workspace",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "id.apps.googleusercontent.com",
        clientSecret: "g-secret",
        allowAccountLinking: true,
        domains: ["example.com", "eu.example.com"],
      },
    ]);
  });

  it("gives the login page ids and names only", () => {
    expect(ssoProviderChoices({ ...APP, ...CORP, SSO_PROVIDERS: "corp" })).toEqual([{ id: "corp", name: "Corp Identity" }]);
  });

  it.each([
    ["a missing variable", { ...APP, ...CORP, SSO_CORP_CLIENT_SECRET: "", SSO_PROVIDERS: "corp" }, /SSO_CORP_CLIENT_SECRET must be set/],
    [
      "an issuer that is not a URL",
      { ...APP, ...CORP, SSO_CORP_ISSUER: "login.corp.example", SSO_PROVIDERS: "corp" },
      /SSO_CORP_ISSUER=login\.corp\.example is not a URL/,
    ],
    ["an id that cannot name variables", { ...APP, SSO_PROVIDERS: "Corp_1" }, /"Corp_1" is not a provider id/],
    ["an id given twice", { ...APP, ...CORP, SSO_PROVIDERS: "corp,corp" }, /names "corp" twice/],
    ["no APP_URL", { ...CORP, SSO_PROVIDERS: "corp" }, /APP_URL must be set for single sign-on/],
    [
      "an account linking setting that is not true or false",
      { ...APP, ...CORP, SSO_CORP_ALLOW_ACCOUNT_LINKING: "sometimes", SSO_PROVIDERS: "corp" },
      /SSO_CORP_ALLOW_ACCOUNT_LINKING=sometimes must be "true" or "false"/,
    ],
    ["an APP_URL that is not http(s)", { ...CORP, APP_URL: "ftp://portal.example.com", SSO_PROVIDERS: "corp" }, /not an http\(s\) URL/],
  ])("refuses %s with a message naming it", (_label, env, message) => {
    expect(() => ssoProviders(env)).toThrow(message);
  });
});

describe("isPasswordLoginEnabled", () => {
  it.each([
    [undefined, true],
    ["", true],
    ["on", true],
    ["ON", true],
    ["1", true],
    ["off", false],
    [" Off ", false],
    ["0", false],
    ["false", false],
    ["no", false],
  ])("PASSWORD_LOGIN=%p -> %p", (value, enabled) => {
    expect(isPasswordLoginEnabled({ PASSWORD_LOGIN: value })).toBe(enabled);
  });

  it("refuses a value it cannot read", () => {
    expect(() => isPasswordLoginEnabled({ PASSWORD_LOGIN: "sometimes" })).toThrow(/PASSWORD_LOGIN=sometimes/);
  });
});

describe("ssoAutoApproveDomains", () => {
  it("reads comma-separated domains, lower-cased, without a leading @", () => {
    expect([...ssoAutoApproveDomains({ SSO_AUTO_APPROVE_DOMAINS: "Corp.Example, @partner.example,," })]).toEqual([
      "corp.example",
      "partner.example",
    ]);
    expect(ssoAutoApproveDomains({}).size).toBe(0);
  });
});

describe("assertSsoConfiguration", () => {
  it("refuses PASSWORD_LOGIN=off without a provider: nobody could sign in", () => {
    expect(() => assertSsoConfiguration({ PASSWORD_LOGIN: "off" })).toThrow(/needs at least one provider/);
    expect(() => assertSsoConfiguration({ ...APP, ...CORP, SSO_PROVIDERS: "corp", PASSWORD_LOGIN: "off" })).not.toThrow();
    expect(() => assertSsoConfiguration({})).not.toThrow();
  });
});
