/**
 * The identity service's storage (oidc-provider's adapter interface) in the sandbox's state:
 * sessions, interactions, grants, codes and tokens live in `state.idp`, so a reset forgets them
 * with everything else, and expire on the sandbox's clock (tests move it to make them stale).
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Sandbox } from '../state.ts';

/** Beyond this many records, expired ones are dropped on the next write. */
const PRUNE_ABOVE = 5000;

const key = (model: string, id: string) => `${model}:${id}`;
/** Index records: which ids a grant, a session uid or a user code points to. */
const grantKey = (grantId: string) => key('grant-of', grantId);
const uidKey = (uid: string) => key('uid-of', uid);
const userCodeKey = (code: string) => key('user-code-of', code);

export function sandboxAdapter(sandbox: Sandbox): new (model: string) => Adapter {
  const store = () => sandbox.state.idp;

  function read(id: string): AdapterPayload | undefined {
    const record = store().get(id);
    if (!record) return undefined;
    if (record.expiresAt !== undefined && sandbox.now() >= record.expiresAt) {
      store().delete(id);
      return undefined;
    }
    return structuredClone(record.payload);
  }

  function prune(): void {
    if (store().size <= PRUNE_ABOVE) return;
    const now = sandbox.now();
    for (const [id, record] of store()) {
      if (record.expiresAt !== undefined && now >= record.expiresAt) store().delete(id);
    }
  }

  return class SandboxAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      prune();
      const expiresAt = expiresIn ? sandbox.now() + expiresIn * 1000 : undefined;
      const own = key(this.model, id);
      store().set(own, {
        payload: structuredClone(payload),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      });
      const { grantId, uid, userCode } = payload;
      if (grantId) {
        const ids = (read(grantKey(grantId))?.['ids'] as string[] | undefined) ?? [];
        store().set(grantKey(grantId), { payload: { ids: [...new Set([...ids, own])] } });
      }
      if (uid) store().set(uidKey(uid), { payload: { id } });
      if (userCode) store().set(userCodeKey(userCode), { payload: { id } });
      return Promise.resolve();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(read(key(this.model, id)));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = read(uidKey(uid))?.['id'];
      return typeof id === 'string' ? this.find(id) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = read(userCodeKey(userCode))?.['id'];
      return typeof id === 'string' ? this.find(id) : undefined;
    }

    consume(id: string): Promise<void> {
      const record = store().get(key(this.model, id));
      if (record) record.payload['consumed'] = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }

    destroy(id: string): Promise<void> {
      store().delete(key(this.model, id));
      return Promise.resolve();
    }

    revokeByGrantId(grantId: string): Promise<void> {
      const ids = (read(grantKey(grantId))?.['ids'] as string[] | undefined) ?? [];
      for (const id of ids) store().delete(id);
      store().delete(grantKey(grantId));
      return Promise.resolve();
    }
  };
}
