import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** Zod's own messages ("Invalid input: …") do not say which field they are about; ours do. */
function describeIssue({ instancePath, message = 'Invalid input' }: ValidationIssue) {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const needsField = field !== '' && message.startsWith('Invalid input');
  return { path: field, message: needsField ? `${field}: ${message}` : message };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 says on this route, in place of the generic words. */
    tooLargeMessage?: string;
  }
}

/** One place that turns every error into `{ message }` and hides the details of a 5xx. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = (error.validation as ValidationIssue[]).map(describeIssue);
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(
          error.issues
            ? { message: error.message, issues: error.issues }
            : { message: error.message },
        );
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = request.routeOptions.config.tooLargeMessage ?? 'The request is too large';
      return reply.status(413).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
});
