import type { MonitorType } from '@vigil/core';
import { httpView } from './http.view.js';
import { configuredTypeView, type MonitorTypeView } from './monitor-type-view.js';

export type { ListedMonitor, MonitorTypeView } from './monitor-type-view.js';

/**
 * The view of a type: http shows its own fields; every configured type shows the display
 * form of its target (`url`) and its `config`, whose shape its MonitorTypeSpec declares.
 */
export function viewOf(type: MonitorType): MonitorTypeView {
  return type === 'http' ? httpView : configuredTypeView;
}
