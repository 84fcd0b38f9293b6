import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";

// Component tests render whole screens; on a busy two-core machine they need more than the
// defaults (5 s per test, 1 s for an awaited element) without being any less strict.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });
