import { BAR_DAYS, NARROW_BAR_DAYS } from './page-model.js';

/**
 * The page's one stylesheet, inlined (no external asset, no web font). Colours meet WCAG AA for
 * text on both themes; `auto` follows the reader's system setting.
 */
const LIGHT = {
  bg: '#ffffff', fg: '#1f2328', muted: '#59636e', card: '#f6f8fa', line: '#d1d9e0',
  up: '#1a7f37', partial: '#9a6700', down: '#cf222e', none: '#d1d9e0', paused: '#59636e', link: '#0969da',
};
const DARK = {
  bg: '#0d1117', fg: '#e6edf3', muted: '#9198a1', card: '#151b23', line: '#3d444d',
  up: '#3fb950', partial: '#d29922', down: '#f85149', none: '#3d444d', paused: '#9198a1', link: '#4493f8',
};
const vars = (c: typeof LIGHT) => Object.entries(c).map(([k, v]) => `--${k}:${v}`).join(';');

export const PAGE_CSS = `
:root,[data-theme=light]{color-scheme:light;${vars(LIGHT)}}
[data-theme=dark]{color-scheme:dark;${vars(DARK)}}
@media (prefers-color-scheme:dark){[data-theme=auto]{color-scheme:dark;${vars(DARK)}}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:var(--link)}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px}
.wrap{max-width:860px;margin:0 auto;padding:24px 16px 48px}
header h1{margin:0 0 4px;font-size:1.75rem;overflow-wrap:anywhere}
header p{margin:0;color:var(--muted)}
.overall{margin:24px 0;padding:16px 20px;border-radius:8px;border:1px solid var(--line);border-left:8px solid var(--up);background:var(--card)}
.overall h2{margin:0;font-size:1.3rem}.overall p{margin:4px 0 0;color:var(--muted);font-size:.875rem}
.overall-degraded{border-left-color:var(--partial)}.overall-outage{border-left-color:var(--down)}
h2{font-size:1.2rem;margin:32px 0 12px}
ul.items{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:8px}
ul.items>li{padding:14px 16px;border-top:1px solid var(--line)}ul.items>li:first-child{border-top:0}
.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;align-items:baseline}
.row h3{margin:0;font-size:1rem;font-weight:600;overflow-wrap:anywhere;min-width:0}
.state{font-weight:600;font-size:.9rem}
.s-operational,.s-ok{color:var(--up)}.s-degraded,.s-warning{color:var(--partial)}.s-down,.s-critical{color:var(--down)}.s-paused,.s-pending,.s-unknown{color:var(--muted)}.s-maintenance{color:var(--link)}
.bar{display:flex;gap:2px;height:32px;margin:10px 0 4px}
.bar span{flex:1 1 0;min-width:0;border-radius:2px;background:var(--none)}
.l30{display:none}
@media (max-width:600px){.bar{gap:1px}.bar span:nth-child(-n+${BAR_DAYS - NARROW_BAR_DAYS}){display:none}.l90{display:none}.l30{display:inline}}
.bar .up{background:var(--up)}.bar .partial{background:var(--partial)}.bar .down{background:var(--down)}
.legend{display:flex;justify-content:space-between;color:var(--muted);font-size:.8rem}
.facts{margin:4px 0 0;color:var(--muted);font-size:.875rem}
article.incident{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:0 0 12px}
article.incident h3{margin:0 0 4px;font-size:1rem;overflow-wrap:anywhere}
.meta{margin:0;color:var(--muted);font-size:.85rem}
ol.updates{list-style:none;margin:8px 0 0;padding:0}
ol.updates li{margin:8px 0 0;overflow-wrap:anywhere}
.label{font-weight:600;text-transform:capitalize}
.empty{color:var(--muted)}
footer{margin-top:40px;color:var(--muted);font-size:.85rem}
`.trim();
