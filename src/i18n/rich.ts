/**
 * Elements inside a translated sentence, one way for every renderer: `t()` leaves the
 * placeholders it was not given (`{{phone}}`), and `fillSentence` puts a value where each of them
 * stands, so every language keeps its own word order. Text stays text: nothing is parsed as HTML.
 */
const PLACEHOLDER = /(\{\{\s*\w+\s*\}\})/g;

/** `sentence` cut at its placeholders, each one with a value replaced by that value. */
export function fillSentence<T>(
  sentence: string,
  values: Readonly<Record<string, T>>,
): (string | T)[] {
  return sentence
    .split(PLACEHOLDER)
    .filter((piece) => piece !== '')
    .map((piece) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
      return name !== undefined && Object.hasOwn(values, name) ? (values[name] as T) : piece;
    });
}
