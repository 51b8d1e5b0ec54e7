/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** 'false' in a production build: no sandbox code (social test window, test reCAPTCHA). */
  readonly PUBLIC_SANDBOX?: string;
  readonly PUBLIC_IDENTITY_API_URL?: string;
  readonly PUBLIC_ONBOARDER_URL?: string;
  readonly PUBLIC_IDENTITY_GATEWAY_URL?: string;
  readonly PUBLIC_IDENTITY_SERVICE_URL?: string;
  readonly PUBLIC_BUSINESS_API_URL?: string;
  readonly PUBLIC_ANALYTICS_URL?: string;
  readonly PUBLIC_FLAGS_URL?: string;
  readonly PUBLIC_SENTRY_DSN?: string;
  readonly PUBLIC_SENTRY_INGEST_URL?: string;
  readonly PUBLIC_RECAPTCHA_SITE_KEY?: string;
  readonly PUBLIC_APPLE_CLIENT_ID?: string;
  readonly PUBLIC_GOOGLE_CLIENT_ID?: string;
  readonly PUBLIC_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
