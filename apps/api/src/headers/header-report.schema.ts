import { HeaderReportSchema as Report, WhatIfHeaderReportSchema as WhatIf } from '@vigil/core';
import { component } from '../http/components.js';

/** The security-header reports (defined once in core) as the document lists them: shared components. */
export const HeaderReportSchema = component('HeaderReport', Report);
export const WhatIfReportSchema = component('WhatIfHeaderReport', WhatIf);
