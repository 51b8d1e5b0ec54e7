/**
 * What this browser remembers about passkeys, in local storage (it outlives the tab, as a passkey
 * does): which accounts added one here (so enrolment is not offered again, and a sign-in that
 * finds none can say so), and that the person chose 'Not now' (never offered again here).
 * Phone numbers only, never a credential.
 */
const ENROLLED = 'acct:passkeyAccounts';
const SKIPPED = 'acct:passkeyOfferSkipped';
const MAX_ACCOUNTS = 20;

export interface PasskeyDevice {
  /** Accounts (E.164 digits) that added a passkey on this device. */
  enrolled(): string[];
  markEnrolled(phone: string): void;
  skipped(): boolean;
  skip(): void;
}

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readList(store: Storage | undefined): string[] {
  try {
    const value: unknown = JSON.parse(store?.getItem(ENROLLED) ?? '[]');
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export const passkeyDevice: PasskeyDevice = {
  enrolled: () => readList(local()),
  markEnrolled(phone) {
    const store = local();
    const list = [phone, ...readList(store).filter((item) => item !== phone)];
    try {
      store?.setItem(ENROLLED, JSON.stringify(list.slice(0, MAX_ACCOUNTS)));
    } catch {
      // A full or blocked storage only means the offer may come again.
    }
  },
  skipped: () => local()?.getItem(SKIPPED) === '1',
  skip() {
    try {
      local()?.setItem(SKIPPED, '1');
    } catch {
      // Storage refused: the offer may come again next time.
    }
  },
};
