/**
 * The <script> elements of an HTML page, for the Subresource Integrity test. Fed chunk by
 * chunk (htmlparser2's streaming tokenizer, no DOM), so the work is linear in the bytes read
 * and the caller's byte cap bounds it.
 */
import { Parser } from 'htmlparser2';
import type { ScriptTag } from './types.js';

/** More script elements than any real page has; beyond it they are not recorded. */
export const MAX_SCRIPTS = 2_000;

export interface ScriptCollector {
  write(chunk: string): void;
  /** Flushes the tokenizer and returns what was found. */
  end(): ScriptTag[];
}

export function collectScripts(): ScriptCollector {
  const scripts: ScriptTag[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script' || scripts.length >= MAX_SCRIPTS) return;
        scripts.push({
          src: attributes.src ?? null,
          integrity: attributes.integrity ?? null,
          crossorigin: attributes.crossorigin ?? null,
        });
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  return {
    write: (chunk) => parser.write(chunk),
    end: () => {
      parser.end();
      return scripts;
    },
  };
}

/** The scripts of a whole page given at once (tests, and what-if grading of a body). */
export function scriptsOf(html: string): ScriptTag[] {
  const c = collectScripts();
  c.write(html);
  return c.end();
}
