// What every operator command looks like: a one-line usage and a function of its arguments.
export type ConsoleCommand = {
  usage: string;
  description: string;
  /** Throws UsageError for bad arguments (exit 2), any other Error for a failure (exit 1). */
  run: (args: string[]) => Promise<void>;
};
