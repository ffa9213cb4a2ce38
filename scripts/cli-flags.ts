/** Takes `--name value` out of `args` (so what remains are the positional arguments); the fallback when absent. */
export function takeFlag(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1] ?? fallback;
  args.splice(i, 2);
  return value;
}
