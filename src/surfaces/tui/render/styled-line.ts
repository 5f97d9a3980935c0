// The shape of a styled line, apart from the helpers in styled-text.ts: wrapping needs the shape, and the
// helpers need wrapping.
export interface SpanStyle {
  color?: string;
  bold?: boolean;
  italic?: boolean;
  dim?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
}

export interface Span {
  text: string;
  style?: SpanStyle;
}

export interface StyledLine {
  /** Drawn before the text; wrapped text continues under the text, not under the prefix. */
  prefix?: Span[];
  spans: Span[];
}
