import { Fragment, type ReactNode } from 'react';

/**
 * Puts elements into a translated sentence: `{{name}}` placeholders left in `template` (t() keeps
 * the ones it was not given) are replaced by `parts[name]`, so a phone number can sit in a `<bdi>`
 * in the middle of a right-to-left sentence. Text stays text (no HTML is parsed).
 */
export function richText(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  const pieces = template.split(/(\{\{\s*\w+\s*\}\})/g);
  return pieces.map((piece, index) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
    const part = name === undefined ? undefined : parts[name];
    return <Fragment key={index}>{part === undefined ? piece : part}</Fragment>;
  });
}
