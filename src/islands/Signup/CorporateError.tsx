/**
 * The corporate sign-up's error: the failure's message, what to do (ask the administrator), and a
 * way back to the form. Shown only after a failed corporate onboarding: loaded later
 * (src/ui/lazy-view.tsx), not with the form.
 */
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import type { SignupViewProps } from './SignupForm.tsx';

export function CorporateError({ flow, state }: SignupViewProps) {
  const t = useT();
  if (state.view !== 'corporate_error') return null;
  return (
    <div className="stack center signup-corporate-error">
      <ViewHeading>{t('signup:error.corporateTitle')}</ViewHeading>
      <div className="alert-error" role="alert">
        <p>{state.error ? t.text(state.error) : ''}</p>
        <p>{t('signup:error.corporateBody')}</p>
      </div>
      <Button variant="secondary" onClick={() => flow.back()}>
        {t('signup:error.tryAgain')}
      </Button>
    </div>
  );
}
