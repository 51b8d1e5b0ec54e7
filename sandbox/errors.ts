/**
 * Sandbox errors, after the Firebase Auth emulator's `errors.ts`: handlers throw `ApiError` (or
 * call `assert`), one handler serializes it in the `ErrorBody` shape, and anything else becomes a
 * logged 500 (APP-0001).
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { ERROR, INTERNAL_ERROR_BODY, type ErrorBody } from '../src/contract/errors.ts';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  /** Headers of the answer (a wait's `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    status: ContentfulStatusCode,
    body: ErrorBody,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.error ?? body.message ?? body.error_code ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function fail(
  status: ContentfulStatusCode,
  body: ErrorBody,
  headers?: Readonly<Record<string, string>>,
): never {
  throw new ApiError(status, body, headers);
}

/**
 * A rate limit or lock that can be tried again in `seconds`: `Retry-After` in seconds, and the
 * same in the body's `additional_information.retry_after` (for clients that cannot read headers).
 */
export function failWait(status: ContentfulStatusCode, body: ErrorBody, seconds: number): never {
  const wait = Math.max(1, Math.ceil(seconds));
  fail(
    status,
    { ...body, additional_information: { ...body.additional_information, retry_after: wait } },
    { 'Retry-After': String(wait) },
  );
}

export function assert(
  condition: unknown,
  status: ContentfulStatusCode,
  body: ErrorBody,
): asserts condition {
  if (!condition) fail(status, body);
}

export function invalidRequest(description: string): never {
  fail(400, { error: ERROR.invalidRequest, error_description: description });
}

export function internalError(): never {
  fail(500, { ...INTERNAL_ERROR_BODY });
}

/** A readable, value-free description of the first problem valibot found. */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path?.map((item) => String(item.key)).join('.') || 'body';
  return `${path}: ${issue.expected ? `expected ${issue.expected}` : issue.message}`;
}

export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) invalidRequest(describeIssues(result.issues));
  return result.output;
}

/** The JSON body, validated. Missing, non-JSON or ill-typed bodies answer 400. */
export async function jsonBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const text = await c.req.text();
  let data: unknown = {};
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      invalidRequest('The body is not valid JSON');
    }
  }
  return parseWith(schema, data);
}

/** The query string, validated (each parameter's first value). */
export function queryOf<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): v.InferOutput<TSchema> {
  return parseWith(schema, c.req.query());
}

/** Hono's `onError`: known errors in the `ErrorBody` shape; the rest logged without values. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return c.json(error.body, error.status, { ...error.headers });
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) {
      return c.json(
        { error: ERROR.payloadTooLarge, error_description: 'The body is too large' },
        413,
      );
    }
    if (status < 500) {
      return c.json(
        { error: ERROR.invalidRequest, error_description: error.message || 'Invalid request' },
        status as ContentfulStatusCode,
      );
    }
  }
  // The route pattern, not the path: paths can carry tokens.
  console.error(
    `[sandbox] ${c.req.method} ${c.req.routePath}: ${error.name}: ${error.message.slice(0, 200)}`,
  );
  return c.json({ ...INTERNAL_ERROR_BODY }, 500);
}
