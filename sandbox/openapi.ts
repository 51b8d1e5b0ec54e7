/**
 * The OpenAPI 3.1 document of every back-end call the sandbox emulates, generated from the
 * contract's valibot schemas (src/contract/operations.ts) with @valibot/to-json-schema.
 * Served at `/_sandbox/openapi.json` and written to `sandbox/openapi.json` by write-openapi.ts.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { SANDBOX_PREFIX } from '../src/contract/backends.ts';
import { ErrorBody } from '../src/contract/errors.ts';
import type { Operation, Schema } from '../src/contract/operation.ts';
import { OPERATIONS } from '../src/contract/operations.ts';
import {
  AccountSecurityResponse,
  EventsResponse,
  ReportsResponse,
  FaultBody,
  OutboxResponse,
  PushDecisionResponse,
  TrustedDevicesResponse,
} from '../src/contract/sandbox-control.ts';
import { FlagsResponse } from '../src/contract/shell.ts';

type Json = Record<string, unknown>;

function schemaOf(schema: Schema): Json {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
  }) as Json;
  return rest;
}

const BACKEND_TAGS: Record<keyof typeof SANDBOX_PREFIX, string> = {
  identityApi: 'Identity API',
  onboarder: 'Onboarder gateway',
  identityGateway: 'Identity gateway',
  identityService: 'Identity service',
  businessApi: 'Business API',
  analytics: 'Analytics',
  flags: 'Feature flags',
};

function parameters(operation: Operation): Json[] {
  const result: Json[] = [];
  for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
    result.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const [name, entry] of Object.entries(operation.query?.entries ?? {})) {
    result.push({
      name,
      in: 'query',
      required: entry.type !== 'optional',
      schema: schemaOf(entry),
    });
  }
  for (const name of operation.headers ?? []) {
    result.push({ name, in: 'header', required: false, schema: { type: 'string' } });
  }
  return result;
}

function operationObject(operation: Operation): Json {
  const responses: Json = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    responses[status] = {
      description: answer.description,
      ...(answer.html || answer.text
        ? {
            content: { [answer.html ? 'text/html' : 'text/plain']: { schema: { type: 'string' } } },
          }
        : answer.schema
          ? { content: { 'application/json': { schema: schemaOf(answer.schema) } } }
          : {}),
    };
  }
  const params = parameters(operation);
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [BACKEND_TAGS[operation.backend]],
    ...(operation.chosenPath ? { 'x-path-chosen-by-sandbox': true } : {}),
    ...(operation.bearer ? { security: [{ bearer: [] }] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              [operation.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: schemaOf(operation.body),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

const json = (schema: Schema, description = 'Success') => ({
  description,
  content: { 'application/json': { schema: schemaOf(schema) } },
});

/** The control API's view of an account's security ('This wasn't me', ./secure-account.ts). */
function accountSecurityPath(tags: string[]): Json {
  return {
    get: {
      operationId: 'sandboxAccountSecurity',
      tags,
      summary: "An account's sessions, payments and passkeys, as 'This wasn't me' left them",
      description:
        "`account`: a phone (E.164), an e-mail or a sub. `sessions`: the identity service's " +
        'live sessions of the account; `paymentsFrozen`: paused by ' +
        '`POST /alerts/{alert}/secure-account` until `PUT /recovery/password` sets a new one; ' +
        '`passkeys[].forReview`: marked by it; `securings`: one entry each time an alert ' +
        'secured the account (a repeat, or a retry with the same `Idempotency-Key`, adds none).',
      parameters: [{ name: 'account', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        200: json(AccountSecurityResponse),
        404: json(ErrorBody, 'Unknown account'),
      },
    },
  };
}

/** The control API's trusted devices ('Stay signed in', sandbox/trusted-devices.ts). */
function trustedDevicePaths(tags: string[]): Json {
  return {
    '/_sandbox/trusted-devices': {
      get: {
        operationId: 'sandboxTrustedDevices',
        tags,
        summary: "The trusted devices ('Stay signed in on this browser') issued, oldest first",
        responses: { 200: json(TrustedDevicesResponse) },
      },
      delete: {
        operationId: 'sandboxRevokeTrustedDevices',
        tags,
        summary: 'Revoke every trusted device',
        description:
          'The browsers keep their `trusted_device` cookie, which names nothing the identity API ' +
          'trusts any more: their next login asks for the code as usual, with no error.',
        responses: { 204: { description: 'Revoked' } },
      },
    },
    '/_sandbox/sessions/sample': {
      post: {
        operationId: 'sandboxSampleSessions',
        tags,
        summary: "The security page's sample: sessions elsewhere and listed passkeys",
        description:
          "Layla's three other sessions (one a trusted device) and two listed passkeys (never " +
          "usable to sign in), Omar's and Hana's one session each, until the next reset.",
        responses: { 200: { description: 'Added' } },
      },
    },
    '/_sandbox/trusted-devices/expire': {
      post: {
        operationId: 'sandboxExpireTrustedDevices',
        tags,
        summary: 'Every trusted device past its 30 days',
        description: 'As if a month had passed: the next login asks for the code as usual.',
        responses: { 200: { description: 'Expired' } },
      },
    },
  };
}

function controlPaths(): Json {
  const tags = ['Sandbox control'];
  return {
    '/_sandbox/reset': {
      post: {
        operationId: 'sandboxReset',
        tags,
        summary: 'Back to the seeded state',
        responses: { 200: { description: 'Reset' } },
      },
    },
    '/_sandbox/outbox': {
      get: {
        operationId: 'sandboxOutbox',
        tags,
        summary: 'What was sent to an identifier, newest first',
        parameters: [{ name: 'to', in: 'query', required: false, schema: { type: 'string' } }],
        responses: { 200: json(OutboxResponse) },
      },
    },
    '/_sandbox/push/{requestId}/{decision}': {
      post: {
        operationId: 'sandboxPushDecision',
        tags,
        summary: "Approve or reject a push request as the user's mobile app",
        parameters: [
          { name: 'requestId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'decision', in: 'path', required: true, schema: { enum: ['approve', 'reject'] } },
        ],
        responses: {
          200: json(PushDecisionResponse),
          404: json(ErrorBody, 'Unknown request'),
          409: json(ErrorBody, 'Already decided'),
        },
      },
    },
    '/_sandbox/flags': {
      get: {
        operationId: 'sandboxGetFlags',
        tags,
        summary: 'Current flags',
        responses: { 200: json(FlagsResponse) },
      },
      put: {
        operationId: 'sandboxPutFlags',
        tags,
        summary: 'Override remote flags until reset',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: schemaOf(v.object(FlagsResponse.entries.flags.entries)) },
          },
        },
        responses: { 200: json(FlagsResponse), 400: json(ErrorBody, 'Unknown flag or wrong type') },
      },
    },
    '/_sandbox/faults': {
      post: {
        operationId: 'sandboxAddFault',
        tags,
        summary: 'Make the next calls under a path fail or hang',
        description:
          'The next `times` calls (all, without it) whose path starts with `path` (and of ' +
          '`method`, when given) answer `status` with `body`, and with `retryAfter` as their ' +
          '`Retry-After` header (a rate limit: seconds or an HTTP date); or hang `delayMs` first, ' +
          'answer truncated JSON (`malformed`) or drop the connection (`drop`). In the production ' +
          'topology, `cors: false` drops the CORS headers of the answer and `method: "OPTIONS"` ' +
          'refuses the CORS preflight.',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaOf(FaultBody) } },
        },
        responses: {
          201: json(v.object({ id: v.number() })),
          400: json(ErrorBody, 'Invalid fault'),
        },
      },
      delete: {
        operationId: 'sandboxClearFaults',
        tags,
        summary: 'Clear every fault',
        responses: { 204: { description: 'Cleared' } },
      },
    },
    ...trustedDevicePaths(tags),
    '/_sandbox/events': {
      get: {
        operationId: 'sandboxEvents',
        tags,
        summary: 'Analytics events received, oldest first',
        responses: { 200: json(EventsResponse) },
      },
    },
    '/_sandbox/security': accountSecurityPath(tags),
    '/_sandbox/reports': {
      get: {
        operationId: 'sandboxReports',
        tags,
        summary: 'What the error-reporting service received, oldest first',
        description:
          "The production topology's stand-in for Sentry's ingest (`npm run start:production`): " +
          'each envelope the Sentry client sent, as sent, with its events, and each CSP or ' +
          'Trusted Types violation report. Empty in the one-origin sandbox.',
        responses: { 200: json(ReportsResponse) },
      },
    },
  };
}

export function buildOpenApi(): Json {
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) {
    const path = `${SANDBOX_PREFIX[operation.backend]}${operation.path}`;
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Masar back ends (sandbox)',
      version: '1.0.0',
      description:
        'Every back-end call of the front end (src/contract/operations.ts), as the sandbox serves them on the site origin. Generated from src/contract by sandbox/write-openapi.ts; do not edit.',
    },
    servers: [{ url: '/' }],
    tags: [...Object.values(BACKEND_TAGS), 'Sandbox control'].map((name) => ({ name })),
    paths: { ...paths, ...controlPaths() },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorBody: schemaOf(ErrorBody) },
    },
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
