import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-db";

/**
 * A fresh test database for the file's tests (`reference: false` leaves out the reference data): made before them,
 * destroyed after them. Its fields are set once the file's first `beforeAll` has run.
 */
export function testDatabaseForFile(opts: { reference?: boolean } = {}): TestDatabase {
  const made = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(made, await createTestDatabase(opts));
  });
  afterAll(async () => {
    await made.destroy?.();
  });
  return made;
}
