import { useEffect, useRef, useState } from 'react';
import { openApp } from '../lib/open-app.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';

/**
 * 'Open the app': waits 1000 ms, then opens the Android or iOS store by device. On a computer no
 * store opens; a hint says to open the app on the phone. The wait is cancelled if the page goes.
 */
export function OpenAppButton() {
  const t = useT();
  const [phase, setPhase] = useState<'idle' | 'waiting' | 'hint'>('idle');
  const cancel = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => cancel.current?.(), []);

  const start = () => {
    setPhase('waiting');
    cancel.current = openApp({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
      navigate: (url) => {
        setPhase('idle');
        location.assign(url);
      },
      onNoStore: () => setPhase('hint'),
    });
  };

  return (
    <>
      <Button
        className="open-app"
        pending={phase === 'waiting'}
        pendingLabel={t('links:openAppWaiting')}
        onClick={start}
      >
        {t('common:openApp')}
      </Button>
      <p className="muted open-app-hint" role="status">
        {phase === 'hint' ? t('links:openAppHint', { product: t('common:productName') }) : ''}
      </p>
    </>
  );
}
