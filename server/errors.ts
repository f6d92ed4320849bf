import { TRPCError } from '@trpc/server';

/** The closed set of domain error codes and the HTTP status each one answers with. */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  LIMIT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  RATE_LIMITED: 429,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

const TRPC_CODE: Record<AppErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  LIMIT: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  VALIDATION: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
};

/** What verbs throw. `message` is safe to show to the caller: it becomes the `detail`. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** for VALIDATION: where the bad value sits, e.g. ['body', 'recipients', 3, 'attributes'] */
    readonly loc?: (string | number)[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status() {
    return APP_ERROR_STATUS[this.code];
  }
}

/** The one mapper from domain errors to tRPC errors; the REST and MCP adapters read the result. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof AppError) {
    return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
  }
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error', cause: error });
}
