/** An error the API answers with as `{ message }` and a status. `code` is stable for logs and tests. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Declares an error once, papra-style: `export const userNotFound = createErrorFactory({...})`. */
export function createErrorFactory(definition: {
  code: string;
  statusCode: number;
  message: string;
}) {
  return () => new AppError(definition.code, definition.statusCode, definition.message);
}
