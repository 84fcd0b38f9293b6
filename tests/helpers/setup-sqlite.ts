import { useTestDatabase } from "./use-test-database";

useTestDatabase("sqlite");
