import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Readable, Writable } from 'node:stream';

export interface FounderSetupValues {
  email: string;
  phone: string;
  licenseNumber: string;
  username: string;
  masterKey: string;
}

/**
 * The values of `founder:setup`, from flags, FOUNDER_MASTER_KEY, stdin, or prompts. The master key never comes from
 * argv (it would show in the process list and the shell's history): it is FOUNDER_MASTER_KEY, the first line of stdin
 * with --master-key-stdin, or typed at a hidden prompt. Missing fields are asked for when stdin is a terminal;
 * otherwise the answer is a message naming what is missing (a string). Values are checked by the use case.
 */
export async function founderSetupInput(args: string[], env: NodeJS.ProcessEnv, stdin: Readable & { isTTY?: boolean }, out: Writable): Promise<FounderSetupValues | string> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        phone: { type: 'string' },
        'license-number': { type: 'string' },
        username: { type: 'string' },
        'master-key-stdin': { type: 'boolean' },
      },
    }).values;
  } catch (e) {
    return `founder:setup: ${(e as Error).message} (the master key is never a flag: use FOUNDER_MASTER_KEY, --master-key-stdin or the prompt)`;
  }
  const lines = stdin.isTTY ? null : readLines(stdin);
  let masterKey = env.FOUNDER_MASTER_KEY ?? '';
  if (!masterKey && values['master-key-stdin']) masterKey = (await lines?.next())?.value ?? '';
  const fields: [keyof FounderSetupValues, string, string | undefined][] = [
    ['email', 'Email', values.email as string | undefined],
    ['phone', 'Phone', values.phone as string | undefined],
    ['licenseNumber', "Driver's licence number", values['license-number'] as string | undefined],
    ['username', 'Username', values.username as string | undefined],
  ];
  const result: Partial<FounderSetupValues> = {};
  const missing: string[] = [];
  for (const [key, label, given] of fields) {
    if (given) result[key] = given;
    else if (stdin.isTTY) result[key] = await ask(stdin, out, `${label}: `, false);
    else missing.push(`--${key === 'licenseNumber' ? 'license-number' : key}`);
  }
  if (!masterKey && stdin.isTTY) {
    masterKey = await ask(stdin, out, 'Master key (12+ characters, not shown): ', true);
    const again = await ask(stdin, out, 'Master key again: ', true);
    if (again !== masterKey) return 'The two master keys differ: nothing was changed.';
  }
  if (!masterKey) missing.push('the master key (FOUNDER_MASTER_KEY, or --master-key-stdin)');
  if (missing.length) return `founder:setup needs ${missing.join(', ')}`;
  return { ...(result as Omit<FounderSetupValues, 'masterKey'>), masterKey };
}

async function* readLines(stdin: Readable): AsyncGenerator<string> {
  const rl = createInterface({ input: stdin, crlfDelay: Infinity });
  for await (const line of rl) yield line;
}

/** One answer typed at a prompt; with `hidden`, what is typed is not echoed. */
function ask(stdin: Readable, out: Writable, question: string, hidden: boolean): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: out, terminal: true });
    if (hidden) {
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(question)) write.call(rl, question);
        else if (s.includes('\n') || s.includes('\r')) write.call(rl, '\n');
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}
