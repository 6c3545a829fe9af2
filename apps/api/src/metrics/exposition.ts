/**
 * The Prometheus text exposition format (version 0.0.4), for the figures of one account. Label
 * values are tenant input (monitor names, hostnames): escaped as the format says.
 */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Record<string, string>;

/** A backslash, a double quote and a line feed are the three characters the format escapes. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function sampleLine(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return `${name}{${pairs.join(',')}} ${Number.isFinite(value) ? String(value) : 'NaN'}`;
}

/** One gauge family: its HELP and TYPE lines, then one line per sample. */
export class GaugeFamily {
  private readonly lines: string[] = [];

  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}

  add(labels: Labels, value: number): void {
    this.lines.push(sampleLine(this.name, labels, value));
  }

  render(): string {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`, ...this.lines].join('\n');
  }
}

/** The families in order, a line feed after the last line as the format requires. */
export function exposition(families: GaugeFamily[]): string {
  return `${families.map((f) => f.render()).join('\n')}\n`;
}
