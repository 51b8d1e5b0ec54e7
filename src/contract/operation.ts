/** What a row of the table of calls (./operations.ts) says about one call. */
import type { GenericSchema, ObjectEntries, ObjectSchema } from 'valibot';
import type { Backend } from './backends.ts';

export type Schema = GenericSchema;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Answer {
  readonly description: string;
  readonly schema?: Schema;
  /** `text/html` for navigations; JSON otherwise. */
  readonly html?: true;
}

export interface Operation {
  readonly id: string;
  readonly backend: Backend;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  /** What the reader must know beyond the summary: a decision, a departure from the spec. */
  readonly description?: string;
  /** True when the spec does not give the path and the sandbox chose it. */
  readonly chosenPath?: true;
  readonly query?: ObjectSchema<ObjectEntries, undefined>;
  readonly headers?: readonly string[];
  readonly body?: Schema;
  readonly form?: true;
  readonly bearer?: true;
  readonly answers: Readonly<Record<number, Answer>>;
}
