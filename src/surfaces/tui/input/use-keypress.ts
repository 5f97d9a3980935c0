// Subscribes to the terminal's keys through Ink's stdin (raw mode), parsed by KeyParser. One subscriber, at
// the top of the app, routes keys to whoever has focus, so two handlers never both act on a key.
import { useStdin } from "ink";
import { useEffect, useRef } from "react";
import { KeyParser, type KeyEvent } from "./key-parser.js";

export function useKeypress(
  handler: (event: KeyEvent) => void,
  onFocus?: (focused: boolean) => void,
  options: { pasteBurst?: boolean } = {},
): void {
  const pasteBurst = options.pasteBurst ?? true;
  const { setRawMode, isRawModeSupported, internal_eventEmitter: emitter } = useStdin();
  const latest = useRef(handler);
  latest.current = handler;
  const latestFocus = useRef(onFocus);
  latestFocus.current = onFocus;
  useEffect(() => {
    if (!isRawModeSupported) return;
    setRawMode(true);
    const parser = new KeyParser({ pasteBurst });
    const onInput = (chunk: string) => {
      for (const event of parser.push(chunk)) {
        if (event.type === "focus") latestFocus.current?.(event.focused);
        else latest.current(event);
      }
    };
    emitter.on("input", onInput);
    return () => {
      emitter.off("input", onInput);
      setRawMode(false);
    };
  }, [emitter, isRawModeSupported, setRawMode, pasteBurst]);
}
