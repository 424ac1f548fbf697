import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * `parseArgs` where a string option's value may begin with "-", as a random token or password often does:
 * `--token -x3f…` would otherwise be refused as "ambiguous". Each string option followed by a value is rewritten
 * to `--name=value` before parsing; `--` still ends the options.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  const args = attachStringValues(config.args ?? [], config.options ?? {});
  // The same configuration with the rewritten arguments: its options, and so its parsed type, are T's.
  return parseArgs<T>({ ...config, args });
}

function attachStringValues(
  args: readonly string[],
  options: NonNullable<ParseArgsConfig["options"]>,
): string[] {
  const attached: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === "--") {
      attached.push(...args.slice(index));
      break;
    }
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const value = args[index + 1];
    if (name !== undefined && options[name]?.type === "string" && value !== undefined) {
      attached.push(`${arg}=${value}`);
      index += 1;
    } else attached.push(arg);
  }
  return attached;
}
