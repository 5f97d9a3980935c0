// One start-up and teardown for the terminal UI's end-to-end tests: a fake model, a fresh CODEX_HOME and the
// built CLI in a tmux terminal, all ended after each test (terminals killed, the model checked for protocol
// errors and closed). `useTui()` registers the teardown in the calling test file.
import { afterEach, expect } from "vitest";
import { makeHome, type HomeOptions, type TestHome } from "./cli.js";
import { startFakeModel } from "./fake-model.js";
import { TmuxSession, type TmuxOptions } from "./tmux.js";

export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
export type FakeModelOptions = NonNullable<Parameters<typeof startFakeModel>[0]>;

export interface TerminalOptions {
  args?: string[];
  /** Added to the home's environment. */
  env?: NodeJS.ProcessEnv;
  width?: number;
  height?: number;
  /** What to wait for before handing the terminal over (default: the session header); false: nothing. */
  ready?: string | false;
}

export interface TuiStart extends TerminalOptions {
  /** The fake model's script (default: no replies). */
  model?: FakeModelOptions;
  /** Extra config.toml text for the home. */
  toml?: string;
  home?: HomeOptions;
}

export interface TuiFixture {
  /** Starts a fake model, a home pointing at it, and the CLI in a terminal. */
  start(options?: TuiStart): Promise<{ term: TmuxSession; home: TestHome; model: FakeModel }>;
  /** Opens one more terminal on a home (the same thread store, e.g. to resume). */
  open(home: TestHome, options?: TerminalOptions): Promise<TmuxSession>;
  /** Starts the fake model alone (ended after the test). */
  startModel(options?: FakeModelOptions): Promise<FakeModel>;
  /** Starts a terminal with exactly these options (ended after the test). */
  terminal(options: TmuxOptions): TmuxSession;
  /** The model of the running test. */
  readonly model: FakeModel | undefined;
}

export function useTui(): TuiFixture {
  let model: FakeModel | undefined;
  const terms: TmuxSession[] = [];
  afterEach(async () => {
    for (const term of terms.splice(0)) term.kill();
    const errors = model?.errors ?? [];
    await model?.close();
    model = undefined;
    expect(errors).toEqual([]);
  });
  const terminal = (options: TmuxOptions) => {
    const term = TmuxSession.start(options);
    terms.push(term);
    return term;
  };
  const startModel = async (options: FakeModelOptions = {}) => {
    model = await startFakeModel({ replies: [], ...options });
    return model;
  };
  const open = async (home: TestHome, options: TerminalOptions = {}) => {
    const term = terminal({
      args: options.args ?? [],
      env: { ...home.env, ...options.env },
      cwd: home.cwd,
      width: options.width ?? 100,
      height: options.height ?? 30,
    });
    if (options.ready !== false) await term.waitFor(options.ready ?? "directory:");
    return term;
  };
  return {
    async start(options = {}) {
      const model = await startModel(options.model);
      const home = makeHome(model.url, options.toml ?? "", options.home ?? {});
      return { term: await open(home, options), home, model };
    },
    open,
    startModel,
    terminal,
    get model() {
      return model;
    },
  };
}
