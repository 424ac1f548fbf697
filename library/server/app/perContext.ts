/**
 * One object per app, made on first use and kept as long as the app's context: the registries and caches that
 * live beside an app (each test app has its own) without a field on the context for each.
 *
 *     const registryOf = perContext((context: { addons: AddonStates }) => new Registry(context.addons));
 */
export function perContext<Context extends object, Value>(
  create: (context: Context) => Value,
): (context: Context) => Value {
  const made = new WeakMap<Context, Value>();
  return (context) => {
    let value = made.get(context);
    if (value === undefined) {
      value = create(context);
      made.set(context, value);
    }
    return value;
  };
}
