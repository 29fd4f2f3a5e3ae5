/**
 * Loads the backend's TypeScript in a plain Node process the way jest does (swc, legacy decorators with metadata,
 * `./x.js` specifiers naming `./x.ts` files), so the contract fuzzer can run the server in a child process: a request
 * that kills the process then fails the fuzzer with that request named, instead of aborting the whole test run.
 */
import { registerHooks } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';

const SWC = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.startsWith('file:') && /^\.{1,2}\//.test(specifier) && specifier.endsWith('.js')) {
      const url = new URL(specifier, context.parentURL);
      if (!existsSync(fileURLToPath(url))) {
        const ts = new URL(url.href.replace(/\.js$/, '.ts'));
        if (existsSync(fileURLToPath(ts))) return { url: ts.href, format: 'module', shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const filename = fileURLToPath(url);
      const { code } = swc.transformSync(readFileSync(filename, 'utf8'), { ...SWC, filename });
      return { format: 'module', source: code, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
