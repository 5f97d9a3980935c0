// Samples for schema-conformance.test.ts: plugin/*, marketplace/* and skills/config/write, shaped as the
// real Codex 0.169 answered them for a local marketplace. Test data only.
const summary = {
  id: "hello@local",
  remotePluginId: null,
  version: null,
  localVersion: "1.0.0",
  name: "hello",
  shareContext: null,
  source: { type: "local", path: "/m/plugins/hello" },
  installed: true,
  installedAt: null,
  enabled: true,
  installPolicy: "AVAILABLE",
  installPolicySource: null,
  mustShowInstallationInterstitial: null,
  authPolicy: "ON_INSTALL",
  availability: "AVAILABLE",
  disabledReason: null,
  eligiblePlanTypes: null,
  interface: {
    displayName: "Hello",
    shortDescription: null,
    longDescription: null,
    developerName: null,
    category: null,
    capabilities: [],
    websiteUrl: null,
    privacyPolicyUrl: null,
    termsOfServiceUrl: null,
    defaultPrompt: null,
    brandColor: null,
    composerIcon: null,
    composerIconUrl: null,
    logo: null,
    logoDark: null,
    logoUrl: null,
    logoUrlDark: null,
    screenshots: [],
    screenshotUrls: [],
  },
  keywords: [],
};
const gitSummary = {
  ...summary,
  id: "g@local",
  installed: false,
  enabled: false,
  interface: null,
  source: { type: "git", url: "https://example.com/g.git", path: "p", refName: null, sha: null },
};
const marketplace = {
  name: "local",
  path: "/m/.agents/plugins/marketplace.json",
  interface: { displayName: "Local" },
  plugins: [summary, gitSummary],
};
const loadError = { marketplacePath: "/x", message: "bad" };

export const pluginMethodSamples = {
  "skills/config/write": {
    params: [
      { name: "greet", enabled: false },
      { path: "/h/skills/a/SKILL.md", enabled: true },
    ],
    results: [{ effectiveEnabled: false }],
  },
  "plugin/list": {
    params: [{}, { cwds: ["/w"], forceRefetch: false, marketplaceKinds: ["local"] }],
    results: [{ marketplaces: [marketplace], marketplaceLoadErrors: [loadError], featuredPluginIds: [] }],
  },
  "plugin/installed": {
    params: [{}, { cwds: ["/w"], installSuggestionPluginNames: ["x"] }],
    results: [{ marketplaces: [marketplace], marketplaceLoadErrors: [] }],
  },
  "plugin/read": {
    params: [{ marketplacePath: "/m/.agents/plugins/marketplace.json", pluginName: "hello" }],
    results: [
      {
        plugin: {
          marketplaceName: "local",
          marketplacePath: "/m/.agents/plugins/marketplace.json",
          summary,
          shareUrl: null,
          description: "Says hello",
          skills: [
            {
              name: "hello:greet",
              description: "Greets",
              shortDescription: null,
              interface: null,
              path: "/m/plugins/hello/skills/greet/SKILL.md",
              enabled: true,
            },
          ],
          onboardingSkill: null,
          hooks: [],
          apps: [],
          appTemplates: [],
          mcpServers: ["hello-srv"],
          scheduledTasks: null,
        },
      },
    ],
  },
  "plugin/install": {
    params: [{ marketplacePath: "/m/.agents/plugins/marketplace.json", pluginName: "hello" }],
    results: [{ authPolicy: "ON_INSTALL", appsNeedingAuth: [] }],
  },
  "plugin/uninstall": { params: [{ pluginId: "hello@local" }], results: [{}] },
  "plugin/reconcile": {
    params: [{}, { reason: "startup" }],
    results: [
      {
        changedPlugins: [
          { id: "hello@local", hasApps: false, hasHooks: false, hasMcps: true, hasSkills: true },
        ],
        failedRemotePluginIds: [],
        failedMaterializationRemotePluginIds: [],
      },
    ],
  },
  "plugin/skill/read": {
    params: [{ remoteMarketplaceName: "a", remotePluginId: "b", skillName: "c" }],
    results: [{ contents: null }],
  },
  "plugin/share/save": { params: [{ pluginPath: "/m/plugins/hello" }], results: [] },
  "plugin/share/updateTargets": {
    params: [{ remotePluginId: "x", discoverability: "PRIVATE", shareTargets: [] }],
    results: [],
  },
  "plugin/share/list": { params: [{}], results: [] },
  "plugin/share/checkout": { params: [{ remotePluginId: "x" }], results: [] },
  "plugin/share/delete": { params: [{ remotePluginId: "x" }], results: [] },
  "marketplace/add": {
    params: [{ source: "/m" }, { source: "owner/repo", refName: "main", sparsePaths: ["plugins"] }],
    results: [{ marketplaceName: "local", installedRoot: "/m", alreadyAdded: false }],
  },
  "marketplace/remove": {
    params: [{ marketplaceName: "local" }],
    results: [
      { marketplaceName: "local", installedRoot: "/m" },
      { marketplaceName: "g", installedRoot: null },
    ],
  },
  "marketplace/upgrade": {
    params: [{}, { marketplaceName: "g" }],
    results: [
      {
        selectedMarketplaces: ["g"],
        upgradedRoots: ["/h/.tmp/marketplaces/g"],
        errors: [{ marketplaceName: "g", message: "git clone failed" }],
      },
    ],
  },
};
