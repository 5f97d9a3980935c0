// The prompt box and the settings a turn runs with. "default" leaves a setting to the config; Enter sends,
// Shift+Enter starts a new line; while a turn runs, the button interrupts it.
import { useState } from "react";
import type { Model } from "../../../protocol/app-server/v2/model.js";

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
  onSend: (text: string) => Promise<boolean>;
  onInterrupt: () => void;
}) {
  const [text, setText] = useState("");
  const { settings, onSettings } = props;
  const model = props.models.find((m) => m.id === settings.model) ?? props.models.find((m) => m.isDefault);
  const efforts = model?.supportedReasoningEfforts.map((e) => e.reasoningEffort) ?? ["low", "medium", "high"];
  const send = async () => {
    if (!text.trim() || props.disabled) return;
    if (await props.onSend(text)) setText("");
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
      <textarea
        aria-label="Message"
        placeholder="Ask the agent…"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
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
        {props.running ? (
          <button type="button" className="danger" onClick={props.onInterrupt}>
            Interrupt
          </button>
        ) : (
          <button type="submit" className="primary" disabled={props.disabled || !text.trim()}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
