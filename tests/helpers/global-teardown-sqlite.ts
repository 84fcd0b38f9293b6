import { dropTemplate } from "./test-databases";

export default async function globalTeardown() {
  const template = process.env.TEST_TEMPLATE_SQLITE;
  if (template) await dropTemplate("sqlite", template);
}
