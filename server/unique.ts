/**
 * The duplicate-key error exactly as loopback-connector-mysql answers it (see docs/loopback-contract.md
 * "ER_DUP_ENTRY"): HTTP 422 with
 * `{"statusCode":"422","name":"Error","message":"Duplicate entry 'A1' for key 'codigo'","code":"ER_DUP_ENTRY"}`.
 * PostgreSQL's unique violations are turned into it (store/postgres-errors.ts).
 */

export class DuplicateEntryError extends Error {
  readonly code = 'ER_DUP_ENTRY';
  /** A string, as loopback-connector-mysql's set-http-code.js sets it. */
  readonly statusCode = '422';
  constructor(value: string, index: string) {
    super(`Duplicate entry '${value}' for key '${index}'`);
    this.name = 'Error';
  }
}
