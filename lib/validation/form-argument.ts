/**
 * The form a server action was given, as a FormData whatever arrived.
 *
 * A server action is a public endpoint: anyone can post to it with a hand-made request
 * (`Next-Action: <id>` and a JSON array of arguments, or a JavaScript-free multipart post that
 * puts the form first), so its arguments are whatever the request encodes (strings, null,
 * plain objects, undefined), never what its TypeScript signature says. An action calls this
 * on its form argument before anything reads it: a real FormData comes back unchanged,
 * anything else becomes an empty form, so the action gives its own answer (a field error,
 * notFound, a redirect) instead of crashing with a TypeError and a 500.
 */
export function formArgument(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}
