/**
 * The answer to question `id`, read as an own property only: answers arrive as plain
 * objects keyed by question id, and an id such as `constructor` or `toString` would
 * otherwise find Object.prototype's members instead of "no answer".
 */
export function answerOf<T>(answers: Readonly<Record<string, T>>, id: string): T | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}
