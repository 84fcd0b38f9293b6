// Browser journeys and server restarts take longer than jest's default 5 s per test or hook.
jest.setTimeout(60_000);
