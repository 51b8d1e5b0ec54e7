/**
 * Path templates use OpenAPI's `{name}` placeholders. One template feeds the front end (through
 * `fillPath`), the sandbox router and the OpenAPI document.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
