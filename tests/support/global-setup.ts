/**
 * Vitest's global setup: the run's template databases (decision 087), migrated and seeded once
 * for every test file's copies (tests/support/test-database.ts), and deleted after the run.
 */
import type { TestProject } from "vitest/node";
import { createTemplateDatabases } from "./test-database.ts";

export default async function setup(project: TestProject) {
  const { templates, drop } = await createTemplateDatabases();
  project.provide("testDatabaseTemplates", templates);
  return drop;
}
