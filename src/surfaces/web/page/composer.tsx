// The prompt box and the settings a turn runs with. "default" leaves a setting to the config; Enter sends,
// Shift+Enter starts a new line; while a turn runs, the button interrupts it.
import { useRef, useState, type ClipboardEvent } from "react";
import type { Model } from "../../../protocol/app-server/v2/model.js";
import { completeMention, mentionAt, useFileMatches, type Mention } from "./mentions.js";

export interface TurnSettings {
  model: string;
  effort: string;
  approval: string;
  sandbox: string;
}

export const NO_SETTINGS: TurnSettings = { model: "", effort: "", approval: "", sandbox: "" };

const APPROVALS = ["untrusted", "on-request", "never"];
const SANDBOXES = ["read-only", "workspace-write", "danger-full-access"];

function Picker(props: {
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="picker">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">default</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Composer(props: {
  models: Model[];
  settings: TurnSettings;
  onSettings: (settings: TurnSettings) => void;
  running: boolean;
  disabled: boolean;
  onSend: (text: string, images: string[]) => Promise<boolean>;
  onInterrupt: () => void;
  /** Opens the dialog that starts a review. */
  onReview: () => void;
  searchFiles: (query: string) => Promise<string[]>;
}) {
  const [text, setText] = useState("");
  /** Pasted images, as data: URLs. */
  const [images, setImages] = useState<string[]>([]);
  const [mention, setMention] = useState<Mention | undefined>();
  const [active, setActive] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const matches = useFileMatches(mention, props.searchFiles);
  const listOpen = mention !== undefined && matches.length > 0;
  const track = (value: string, caret: number) => {
    setText(value);
    const next = mentionAt(value, caret);
    if (next?.query !== mention?.query) setActive(0);
    setMention(next);
  };
  const pick = (path: string) => {
    if (!mention) return;
    const done = completeMention(text, mention, path);
    setText(done.text);
    setMention(undefined);
    requestAnimationFrame(() => box.current?.setSelectionRange(done.caret, done.caret));
  };
  const paste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files].filter((f) => f.type.startsWith("image/"));
    if (files.length === 0) return;
    e.preventDefault();
    for (const file of files) {
      const reader = new FileReader();
      reader.onload = () => {
        if (typeof reader.result === "string") setImages((list) => [...list, reader.result as string]);
      };
      reader.readAsDataURL(file);
    }
  };
  const { settings, onSettings } = props;
  const model = props.models.find((m) => m.id === settings.model) ?? props.models.find((m) => m.isDefault);
  const efforts = model?.supportedReasoningEfforts.map((e) => e.reasoningEffort) ?? ["low", "medium", "high"];
  const send = async () => {
    if ((!text.trim() && images.length === 0) || props.disabled) return;
    if (await props.onSend(text, images)) {
      setText("");
      setImages([]);
      setMention(undefined);
    }
  };
  return (
    <form
      className="composer"
      aria-label="Composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {images.length > 0 && (
        <ul className="attachments" aria-label="Pasted images">
          {images.map((url, i) => (
            <li key={i}>
              <img src={url} alt={`Pasted image ${i + 1}`} />
              <button
                type="button"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => setImages(images.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={box}
        aria-label="Message"
        aria-controls={listOpen ? "file-matches" : undefined}
        aria-activedescendant={listOpen ? `file-match-${active}` : undefined}
        aria-autocomplete="list"
        placeholder="Ask the agent… (@ to mention a file, paste an image)"
        rows={3}
        value={text}
        onChange={(e) => track(e.target.value, e.target.selectionStart)}
        onPaste={paste}
        onKeyDown={(e) => {
          if (listOpen) {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              const step = e.key === "ArrowDown" ? 1 : -1;
              setActive((active + step + matches.length) % matches.length);
              return;
            }
            if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              pick(matches[active] ?? matches[0]!);
              return;
            }
            if (e.key === "Escape") {
              e.preventDefault();
              setMention(undefined);
              return;
            }
          }
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      {listOpen && (
        <ul id="file-matches" className="file-matches" role="listbox" aria-label="Files">
          {matches.map((path, i) => (
            <li
              key={path}
              id={`file-match-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(path);
              }}
            >
              {path}
            </li>
          ))}
        </ul>
      )}
      <div className="composer-bar">
        <Picker
          label="Model"
          value={settings.model}
          options={props.models.filter((m) => !m.hidden).map((m) => m.id)}
          onChange={(v) => onSettings({ ...settings, model: v })}
        />
        <Picker
          label="Effort"
          value={settings.effort}
          options={efforts}
          onChange={(v) => onSettings({ ...settings, effort: v })}
        />
        <Picker
          label="Approval"
          value={settings.approval}
          options={APPROVALS}
          onChange={(v) => onSettings({ ...settings, approval: v })}
        />
        <Picker
          label="Sandbox"
          value={settings.sandbox}
          options={SANDBOXES}
          onChange={(v) => onSettings({ ...settings, sandbox: v })}
        />
        <button type="button" disabled={props.disabled || props.running} onClick={props.onReview}>
          Review
        </button>
        {props.running ? (
          <button type="button" className="danger" onClick={props.onInterrupt}>
            Interrupt
          </button>
        ) : (
          <button
            type="submit"
            className="primary"
            disabled={props.disabled || (!text.trim() && images.length === 0)}
          >
            Send
          </button>
        )}
      </div>
    </form>
  );
}
