/**
 * Small inline illustrations of the link pages: a few hundred bytes each, no requests, decorative
 * (the heading says what happened), so hidden from assistive technology.
 */
export type IllustrationKind =
  | 'verified'
  | 'used'
  | 'expired'
  | 'removed'
  | 'welcome'
  | 'error'
  | 'alert'
  | 'thanks'
  | 'phone'
  | 'offline';

const INK = '#1c6b2b';
const LINE = {
  fill: 'none',
  stroke: INK,
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Envelope() {
  return (
    <>
      <rect x="18" y="28" width="52" height="36" rx="4" fill="#fff" stroke={INK} strokeWidth="3" />
      <path d="M20 31l24 18 24-18" {...LINE} />
    </>
  );
}

function Badge(props: { color: string; d: string }) {
  return (
    <>
      <circle cx="68" cy="64" r="14" fill={props.color} />
      <path
        d={props.d}
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

const CHECK = 'M62 64l4 4 8-8';
const SHIELD = 'M48 16l26 9v19c0 17-11 29-26 35-15-6-26-18-26-35V25z';

function Picture({ kind }: { kind: IllustrationKind }) {
  switch (kind) {
    case 'verified':
      return (
        <>
          <Envelope />
          <Badge color="#3ab54e" d={CHECK} />
        </>
      );
    case 'used':
      return (
        <>
          <Envelope />
          <Badge color="#555c61" d="M60 64l3 3 6-6M67 67l8-8" />
        </>
      );
    case 'removed':
      return (
        <>
          <Envelope />
          <Badge color="#b3261e" d="M62 64h12" />
        </>
      );
    case 'expired':
      return (
        <>
          <path d="M34 20h28M34 76h28" {...LINE} />
          <path
            d="M38 20c0 16 20 18 20 28S38 60 38 76M58 20c0 16-20 18-20 28s20 12 20 28"
            {...LINE}
          />
          <path d="M42 72h12l-6-8z" fill="#b3261e" />
        </>
      );
    case 'welcome':
      return (
        <>
          <rect
            x="20"
            y="34"
            width="56"
            height="38"
            rx="5"
            fill="#fff"
            stroke={INK}
            strokeWidth="3"
          />
          <path d="M38 34v-6a4 4 0 0 1 4-4h12a4 4 0 0 1 4 4v6M20 50h56" {...LINE} />
          <rect x="43" y="46" width="10" height="8" rx="2" fill="#3ab54e" />
        </>
      );
    case 'alert':
      return (
        <>
          <path d={SHIELD} fill="#fff" stroke={INK} strokeWidth="3" strokeLinejoin="round" />
          <path d="M48 34v18" {...LINE} stroke="#b3261e" />
          <circle cx="48" cy="61" r="2.5" fill="#b3261e" />
        </>
      );
    case 'thanks':
      return (
        <>
          <path d={SHIELD} fill="#fff" stroke={INK} strokeWidth="3" strokeLinejoin="round" />
          <path d="M37 48l8 8 15-15" {...LINE} />
        </>
      );
    case 'phone':
      return (
        <>
          <rect
            x="32"
            y="14"
            width="32"
            height="68"
            rx="6"
            fill="#fff"
            stroke={INK}
            strokeWidth="3"
          />
          <path d="M44 74h8" {...LINE} />
          <path d="M48 30v22M40 44l8 8 8-8" {...LINE} stroke="#3ab54e" />
        </>
      );
    case 'offline':
      return (
        <>
          <path
            d="M22 42a38 38 0 0 1 52 0M30 51a26 26 0 0 1 36 0M39 60a13 13 0 0 1 18 0"
            {...LINE}
          />
          <circle cx="48" cy="69" r="3" fill={INK} />
          <path d="M24 22l48 52" {...LINE} stroke="#b3261e" />
        </>
      );
    case 'error':
      return (
        <>
          <path
            d="M48 18l32 56H16z"
            fill="#fff"
            stroke={INK}
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path d="M48 40v16" {...LINE} stroke="#b3261e" />
          <circle cx="48" cy="64" r="2.5" fill="#b3261e" />
        </>
      );
  }
}

export function Illustration(props: { kind: IllustrationKind }) {
  return (
    <svg
      className="link-illustration"
      viewBox="0 0 96 96"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
      data-illustration={props.kind}
    >
      <circle cx="48" cy="48" r="46" fill="#e8f6ea" />
      <Picture kind={props.kind} />
    </svg>
  );
}
