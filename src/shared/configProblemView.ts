/** A refused config edit's problem as GET config/problems answers it (admins only). */
export interface ConfigProblemView {
  /** Path relative to the screens folder, e.g. 'stock/kpi.screen.json'. */
  file: string;
  /** JSON pointer inside the file, e.g. '/filters/0/source'. */
  pointer: string;
  message: string;
  /** 1-based position of the pointer's node, when the file parses. */
  line?: number;
  column?: number;
}
