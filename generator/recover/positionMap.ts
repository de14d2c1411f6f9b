/**
 * Maps offsets in a recovered text back to positions in the document as the user gave it, so that
 * every diagnostic points into the user's file even after chrome, line numbers and blame prefixes
 * were removed and entities re-escaped.
 */
import type { SourceRef } from "../model/types";

/** A run of recovered text: `length` characters starting at `recovered` came from `original`. */
interface Segment {
  recovered: number;
  original: number;
  length: number;
  /** Inserted text (an entity added by re-escaping) maps every character to `original`. */
  inserted: boolean;
}

/** Builds a recovered text piece by piece while recording where each piece came from. */
export class RecoveredTextBuilder {
  private parts: string[] = [];
  private segments: Segment[] = [];
  private length = 0;

  /** Append `original.slice(start, end)` unchanged. */
  copy(original: string, start: number, end: number): void {
    if (end <= start) return;
    this.push(original.slice(start, end), start, false);
  }

  /** Append text that is not in the original (a line break between glued lines, an entity). */
  insert(text: string, originalOffset: number): void {
    if (text.length === 0) return;
    this.push(text, originalOffset, true);
  }

  private push(text: string, original: number, inserted: boolean): void {
    const last = this.segments[this.segments.length - 1];
    if (
      !inserted &&
      last &&
      !last.inserted &&
      last.recovered + last.length === this.length &&
      last.original + last.length === original
    ) {
      last.length += text.length;
    } else {
      this.segments.push({ recovered: this.length, original, length: text.length, inserted });
    }
    this.parts.push(text);
    this.length += text.length;
  }

  finish(file: string, original: string): { text: string; map: PositionMap } {
    const text = this.parts.join("");
    return { text, map: new PositionMap(file, original, this.segments, text.length) };
  }
}

/** Offsets of the first character of every line of `text`. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of `offset` given the line starts of its text. */
export function lineColumn(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

export class PositionMap {
  private readonly originalLineStarts: number[];

  constructor(
    readonly file: string,
    original: string,
    private readonly segments: Segment[],
    private readonly recoveredLength: number,
  ) {
    this.originalLineStarts = lineStarts(original);
  }

  /** The original offset of a recovered offset. */
  originalOffset(offset: number): number {
    const segs = this.segments;
    if (segs.length === 0) return 0;
    const clamped = Math.max(0, Math.min(offset, this.recoveredLength));
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid].recovered <= clamped) lo = mid;
      else hi = mid - 1;
    }
    const s = segs[lo];
    if (s.inserted) return s.original;
    return s.original + Math.min(clamped - s.recovered, s.length);
  }

  /** Where a recovered offset is in the document as given. */
  locate(offset: number): SourceRef {
    const { line, column } = lineColumn(this.originalLineStarts, this.originalOffset(offset));
    return { file: this.file, line, column };
  }

  /** Where the start of an original (pre-recovery) offset is: used by recovery's own diagnostics. */
  locateOriginal(offset: number): SourceRef {
    const { line, column } = lineColumn(this.originalLineStarts, offset);
    return { file: this.file, line, column };
  }
}
