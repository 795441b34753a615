/**
 * Remembers an i18next instance's answers: the same key with the same plain options (a count, a
 * name, a context: strings, numbers, booleans) always gives the same text, as the server never
 * changes an instance's language or texts once made (see createRequestI18n). A page asks for
 * about a hundred texts, and i18next's t() resolves each one afresh (namespaces, fallbacks,
 * plurals, interpolation, nesting), about a tenth of a page's rendering CPU.
 *
 * Only answers that are strings are kept, and only for options whose values are all primitives
 * (an object, such as returnObjects' answer or a function-valued option, is asked every time).
 * The memory is bounded: when `limit` answers are kept, it starts afresh.
 */

type TranslateFunction = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

/** The options i18next's fixed t() adds to every call, which only say whose texts to read. */
const scopeOptions = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * The key under which an answer is kept, or undefined when this call's answer is not kept (an
 * option with an object value other than the scope, or more than one key).
 */
export function rememberedKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== "string") return undefined;
  if (options === undefined || options === null) return `\u0001${key}`;
  if (typeof options !== "object")
    return typeof options === "string" ? `\u0002${key.length}:${key}${options}` : undefined;
  let scope = "";
  let values = "";
  const record = options as Record<string, unknown>;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    const value = record[name];
    if (value === undefined || (value === null && scopeOptions.has(name))) continue;
    if (value === null) {
      values += `\u0000${name}=n`;
      continue;
    }
    if (scopeOptions.has(name)) {
      if (typeof value === "string") scope += `\u0000${name}=${value.length}:${value}`;
      else if (Array.isArray(value) && value.every((item) => typeof item === "string"))
        scope += `\u0000${name}=${JSON.stringify(value)}`;
      else return undefined;
      continue;
    }
    const type = typeof value;
    // A string's length goes first, so that no value can pass for another option's part.
    if (type === "string") values += `\u0000${name}=s${(value as string).length}:${value as string}`;
    else if (type === "number" || type === "boolean") values += `\u0000${name}=${type[0]}${String(value)}`;
    else return undefined;
  }
  return `\u0003${key.length}:${key}${scope}\u0001${values}`;
}

/** Makes `instance.t` remember its string answers (see the module's comment). */
export function rememberTranslations<T extends { t: unknown }>(instance: T, { limit = 20_000 } = {}): T {
  const translate = (instance.t as TranslateFunction).bind(instance);
  const answers = new Map<string, string>();
  const remembering: TranslateFunction = (key, options, ...rest) => {
    const memoryKey = rest.length === 0 ? rememberedKey(key, options) : undefined;
    if (memoryKey === undefined) return translate(key, options, ...rest);
    const known = answers.get(memoryKey);
    if (known !== undefined) return known;
    const answer = translate(key, options);
    if (typeof answer === "string") {
      if (answers.size >= limit) answers.clear();
      answers.set(memoryKey, answer);
    }
    return answer;
  };
  instance.t = remembering as T["t"];
  return instance;
}
