/**
 * The <script> elements of an HTML page, for the Subresource Integrity test: htmlparser2's
 * tokenizer with no DOM, so the work is linear in the page, which the caller's byte cap bounds.
 */
import { Parser } from 'htmlparser2';
import type { ScriptTag } from './types.js';

/** More script elements than any real page has; beyond it they are not recorded. */
export const MAX_SCRIPTS = 2_000;

export function scriptsOf(html: string): ScriptTag[] {
  const scripts: ScriptTag[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script' || scripts.length >= MAX_SCRIPTS) return;
        scripts.push({ src: attributes.src ?? null, integrity: attributes.integrity ?? null, crossorigin: attributes.crossorigin ?? null });
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return scripts;
}
