// plugin/*, marketplace/* and skills/config/write: local marketplaces and installed plugins, in the real
// protocol's shapes (remote catalog fields are always null here: no plugin service is reached).
import { z } from "zod";
import { lazySchema } from "../../lazy-schema.js";
import { HookEventName } from "../../hooks.js";

export const PluginSource = lazySchema(() =>
  z.union([
    z.object({ type: z.literal("local"), path: z.string() }),
    z.object({
      type: z.literal("git"),
      url: z.string(),
      path: z.string().nullish(),
      refName: z.string().nullish(),
      sha: z.string().nullish(),
    }),
  ]),
);

export const PluginInterface = lazySchema(() =>
  z.object({
    displayName: z.string().nullish(),
    shortDescription: z.string().nullish(),
    longDescription: z.string().nullish(),
    developerName: z.string().nullish(),
    category: z.string().nullish(),
    capabilities: z.array(z.string()),
    websiteUrl: z.string().nullish(),
    privacyPolicyUrl: z.string().nullish(),
    termsOfServiceUrl: z.string().nullish(),
    defaultPrompt: z.array(z.string()).nullish(),
    brandColor: z.string().nullish(),
    composerIcon: z.string().nullish(),
    composerIconUrl: z.string().nullish(),
    logo: z.string().nullish(),
    logoDark: z.string().nullish(),
    logoUrl: z.string().nullish(),
    logoUrlDark: z.string().nullish(),
    screenshots: z.array(z.string()),
    screenshotUrls: z.array(z.string()),
  }),
);

export const PluginSummary = lazySchema(() =>
  z.object({
    id: z.string(),
    remotePluginId: z.string().nullish(),
    version: z.string().nullish(),
    localVersion: z.string().nullish(),
    name: z.string(),
    shareContext: z.null().optional(),
    source: PluginSource,
    installed: z.boolean(),
    installedAt: z.number().int().nullish(),
    enabled: z.boolean(),
    installPolicy: z.enum(["NOT_AVAILABLE", "AVAILABLE", "INSTALLED_BY_DEFAULT"]),
    installPolicySource: z.null().optional(),
    mustShowInstallationInterstitial: z.boolean().nullish(),
    authPolicy: z.enum(["ON_INSTALL", "ON_USE"]),
    availability: z.enum(["AVAILABLE", "DISABLED_BY_ADMIN"]).optional(),
    disabledReason: z.null().optional(),
    eligiblePlanTypes: z.array(z.string()).nullish(),
    interface: PluginInterface.nullish(),
    keywords: z.array(z.string()).optional(),
  }),
);

export const PluginMarketplaceEntry = lazySchema(() =>
  z.object({
    name: z.string(),
    path: z.string().nullish(),
    interface: z.object({ displayName: z.string().nullish() }).nullish(),
    plugins: z.array(PluginSummary),
  }),
);

const MarketplaceLoadError = lazySchema(() => z.object({ marketplacePath: z.string(), message: z.string() }));

export const PluginListParams = lazySchema(() =>
  z.object({
    cwds: z.array(z.string()).nullish(),
    forceRefetch: z.boolean().optional(),
    marketplaceKinds: z
      .array(z.enum(["local", "vertical", "workspace-directory", "shared-with-me", "created-by-me-remote"]))
      .nullish(),
  }),
);
export const PluginListResponse = lazySchema(() =>
  z.object({
    marketplaces: z.array(PluginMarketplaceEntry),
    marketplaceLoadErrors: z.array(MarketplaceLoadError),
    featuredPluginIds: z.array(z.string()),
  }),
);

export const PluginInstalledParams = lazySchema(() =>
  z.object({
    cwds: z.array(z.string()).nullish(),
    installSuggestionPluginNames: z.array(z.string()).nullish(),
  }),
);
export const PluginInstalledResponse = lazySchema(() =>
  z.object({
    marketplaces: z.array(PluginMarketplaceEntry),
    marketplaceLoadErrors: z.array(MarketplaceLoadError),
  }),
);

export const PluginReadParams = lazySchema(() =>
  z.object({
    marketplacePath: z.string().nullish(),
    remoteMarketplaceName: z.string().nullish(),
    pluginName: z.string(),
  }),
);
export const PluginSkill = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    shortDescription: z.string().nullish(),
    interface: z.null().optional(),
    path: z.string(),
    enabled: z.boolean(),
  }),
);
export const PluginReadResponse = lazySchema(() =>
  z.object({
    plugin: z.object({
      marketplaceName: z.string(),
      marketplacePath: z.string().nullish(),
      summary: PluginSummary,
      shareUrl: z.string().nullish(),
      description: z.string().nullish(),
      skills: z.array(PluginSkill),
      onboardingSkill: z.null().optional(),
      hooks: z.array(z.object({ eventName: HookEventName, key: z.string() })),
      apps: z.array(z.unknown()),
      appTemplates: z.array(z.unknown()).optional(),
      mcpServers: z.array(z.string()),
      scheduledTasks: z.null().optional(),
    }),
  }),
);

export const PluginInstallParams = lazySchema(() =>
  z.object({
    installAttemptId: z.string().nullish(),
    marketplacePath: z.string().nullish(),
    pluginName: z.string(),
    remoteMarketplaceName: z.string().nullish(),
  }),
);
export const PluginInstallResponse = lazySchema(() =>
  z.object({
    authPolicy: z.enum(["ON_INSTALL", "ON_USE"]),
    appsNeedingAuth: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string().nullish(),
        installUrl: z.string().nullish(),
        category: z.string().nullish(),
      }),
    ),
  }),
);

export const PluginUninstallParams = lazySchema(() => z.object({ pluginId: z.string() }));

export const PluginReconcileParams = lazySchema(() => z.object({ reason: z.string().nullish() }));
export const PluginReconcileResponse = lazySchema(() =>
  z.object({
    changedPlugins: z.array(
      z.object({
        id: z.string(),
        hasApps: z.boolean(),
        hasHooks: z.boolean(),
        hasMcps: z.boolean(),
        hasSkills: z.boolean(),
      }),
    ),
    failedRemotePluginIds: z.array(z.string()),
    failedMaterializationRemotePluginIds: z.array(z.string()),
  }),
);

export const PluginSkillReadParams = lazySchema(() =>
  z.object({
    remoteMarketplaceName: z.string(),
    remotePluginId: z.string(),
    skillName: z.string(),
  }),
);
export const PluginSkillReadResponse = lazySchema(() => z.object({ contents: z.string().nullish() }));

/** plugin/share/*: ChatGPT-backend features; only their params are checked (every call is refused). */
export const PluginShareSaveParams = lazySchema(() => z.looseObject({}));
export const PluginShareUpdateTargetsParams = lazySchema(() => z.looseObject({ remotePluginId: z.string() }));
export const PluginShareListParams = lazySchema(() => z.looseObject({}));
export const PluginShareCheckoutParams = lazySchema(() => z.looseObject({ remotePluginId: z.string() }));
export const PluginShareDeleteParams = lazySchema(() => z.looseObject({ remotePluginId: z.string() }));

export const MarketplaceAddParams = lazySchema(() =>
  z.object({
    source: z.string(),
    refName: z.string().nullish(),
    sparsePaths: z.array(z.string()).nullish(),
  }),
);
export const MarketplaceAddResponse = lazySchema(() =>
  z.object({
    marketplaceName: z.string(),
    installedRoot: z.string(),
    alreadyAdded: z.boolean(),
  }),
);
export const MarketplaceRemoveParams = lazySchema(() => z.object({ marketplaceName: z.string() }));
export const MarketplaceRemoveResponse = lazySchema(() =>
  z.object({
    marketplaceName: z.string(),
    installedRoot: z.string().nullish(),
  }),
);
export const MarketplaceUpgradeParams = lazySchema(() => z.object({ marketplaceName: z.string().nullish() }));
export const MarketplaceUpgradeResponse = lazySchema(() =>
  z.object({
    selectedMarketplaces: z.array(z.string()),
    upgradedRoots: z.array(z.string()),
    errors: z.array(z.object({ marketplaceName: z.string(), message: z.string() })),
  }),
);

export const SkillsConfigWriteParams = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    name: z.string().nullish(),
    path: z.string().nullish(),
  }),
);
export const SkillsConfigWriteResponse = lazySchema(() => z.object({ effectiveEnabled: z.boolean() }));
