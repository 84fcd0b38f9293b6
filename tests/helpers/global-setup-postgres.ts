import { createTemplate } from "./test-databases";

export default async function globalSetup() {
  process.env.TEST_TEMPLATE_POSTGRES = await createTemplate("postgres");
}
