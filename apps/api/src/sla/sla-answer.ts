import { slaCsv, type SlaRow } from './sla-csv.js';

/**
 * The rows of one SLA report and the two bodies they answer (JSON or CSV, by the request's
 * format), each built at most once. The readers of one coalesced report (ReadCoalescer) share
 * one instance, so a crowd of identical requests builds and serialises the report once per
 * read, whichever format each of them asked for. Bodies are never changed once built.
 */
export class SlaAnswer<J> {
  private jsonBody: J | undefined;
  private csvText: string | undefined;

  constructor(
    readonly rows: readonly SlaRow[],
    private readonly toJson: (rows: readonly SlaRow[]) => J,
  ) {}

  json(): J {
    return (this.jsonBody ??= this.toJson(this.rows));
  }

  csv(): string {
    return (this.csvText ??= slaCsv(this.rows));
  }
}
