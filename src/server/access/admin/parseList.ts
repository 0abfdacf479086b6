import { Ajv, type ValidateFunction } from 'ajv';
import { BadRequestError } from '../../../shared/errors.js';

const ajv = new Ajv({ allErrors: false, strict: true });

/**
 * The spec sends some lists JSON-encoded inside a string field (object_array, activity_id). The
 * route schema bounds the string; this parses it and checks the items with the same rigour as a
 * body, so bad text is a 400 naming the field, never a 500.
 */
export function listParser<T>(itemSchema: object, maxItems: number) {
  const validate: ValidateFunction = ajv.compile({ type: 'array', maxItems, items: itemSchema });
  return (field: string, value: unknown): T[] => {
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        throw new BadRequestError(`${field} is not valid JSON`);
      }
    }
    if (list === undefined || list === null) return [];
    // Fastify coerces a one-item array to its item where a string is also allowed: wrap it back.
    if (!Array.isArray(list)) list = [list];
    if (!validate(list)) {
      const first = validate.errors?.[0];
      throw new BadRequestError(`${field}${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`);
    }
    return list as T[];
  };
}
