// Two production servers, a balancer and fake platforms take longer than jest's default 5 s per test.
jest.setTimeout(180_000);
