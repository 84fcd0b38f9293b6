import { dropTemplate } from "./test-databases";

export default async function globalTeardown() {
  const template = process.env.TEST_TEMPLATE_POSTGRES;
  if (template) await dropTemplate("postgres", template);
}
