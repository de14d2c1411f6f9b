/** A generated artifact: its path relative to the output directory and its full text. */
export interface OutputFile {
  path: string;
  content: string;
}
