/**
 * The longest text a field keeps: its declared `maxLength`, else its column's own size — MySQL's TEXT for a
 * long text, the VARCHAR loopback-connector-mysql gives a string declared without one. The API's body
 * validation bounds every text by it (server/models.ts), and a mass edit checks its value by it before it
 * writes anything (src/core/massEdit.ts). Pure.
 */

/** MySQL's TEXT size. */
export const TEXT_MAX_LENGTH = 65535;
/** The VARCHAR length loopback-connector-mysql gives strings declared without one. */
export const VARCHAR_DEFAULT_LENGTH = 512;

/** The most characters a text field (`string` or `text`) keeps. */
export const textMaxLength = (field: { type: string; maxLength?: number }): number =>
  field.maxLength ?? (field.type === 'text' ? TEXT_MAX_LENGTH : VARCHAR_DEFAULT_LENGTH);
