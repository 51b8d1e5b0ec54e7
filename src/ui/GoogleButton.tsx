/**
 * Google's own sign-in button (production builds): drawn by Google's library into a slot, in the
 * page's language and at the width of the form. Until it is drawn, or when it cannot be (the
 * library blocked or failing), or while its sign-in is on its way, our own button stands in its
 * place; a click on ours opens Google's OAuth popup. Credentials go to `onCredential`.
 */
import { useEffect, useRef, useState } from 'react';
import { googleLibrary } from '../lib/social/index.ts';
import type { SocialResult } from '../lib/social/types.ts';
import { useT } from './i18n.tsx';
import { SocialButton, type SocialButtonProps } from './SocialButtons.tsx';

export function GoogleButton(
  props: Omit<SocialButtonProps, 'provider'> & {
    text: 'signin_with' | 'signup_with';
    onCredential: (result: SocialResult) => void;
  },
) {
  const t = useT();
  const slot = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const latest = useRef(props.onCredential);
  useEffect(() => {
    latest.current = props.onCredential;
  }, [props.onCredential]);
  const { text } = props;

  useEffect(() => {
    const parent = slot.current;
    if (!parent) return undefined;
    let live = true;
    void googleLibrary
      .load()
      .then(async (google) => {
        google.setGoogleHandler((result) => latest.current(result));
        const width = parent.parentElement?.clientWidth ?? 320;
        await google.renderGoogleButton(parent, { text, locale: t.locale, width });
        if (live) setDrawn(true);
      })
      .catch(() => {
        // Our own button stays: it opens the OAuth popup.
      });
    return () => {
      live = false;
    };
  }, [text, t.locale]);

  const ours = !drawn || props.pending;
  return (
    <div className="google-button">
      <div ref={slot} className="google-button-slot" hidden={ours} />
      {ours && <SocialButton {...props} provider="google" />}
    </div>
  );
}
